from django.db import migrations, models
from django.db.models import Count


def base_versions_fill(apps, schema_editor):
    """Each board's version at its start: its version less its stored actions."""
    BoardPlay = apps.get_model("online", "BoardPlay")
    plays = BoardPlay.objects.annotate(n=Count("actions")).only("pk", "version")
    for play in plays.iterator():
        BoardPlay.objects.filter(pk=play.pk).update(base_version=max(play.version - play.n, 0))


class Migration(migrations.Migration):
    dependencies = [("online", "0003_connection_seen_at")]

    operations = [
        migrations.AddField(
            model_name="boardplay",
            name="base_version",
            field=models.PositiveIntegerField(default=0, verbose_name="version at the start"),
        ),
        migrations.RunPython(base_versions_fill, migrations.RunPython.noop),
    ]
