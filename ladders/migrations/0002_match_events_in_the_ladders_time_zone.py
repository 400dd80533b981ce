"""A ladder match's event shows its times in the ladder's time zone (``docs/rules.md``
§ Ladder): the matches set up before take their ladder's zone."""

from django.db import migrations
from django.db.models import OuterRef, Subquery


def forwards(apps, schema_editor):
    Challenge = apps.get_model("ladders", "Challenge")
    Event = apps.get_model("tournaments", "Event")
    zone_of_ladder = Challenge.objects.filter(event_id=OuterRef("pk")).values(
        "ladder__time_zone"
    )[:1]
    Event.objects.filter(ladder_challenge__isnull=False).update(
        time_zone=Subquery(zone_of_ladder)
    )


class Migration(migrations.Migration):
    dependencies = [
        ("ladders", "0001_initial"),
        ("tournaments", "0009_event_time_zone"),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
