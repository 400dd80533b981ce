"""The formats core, step 3: the Swiss settings leave ``Event``; a bye is derived from
the tables (an entry seated without opponents), no longer stored on the entry."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0004_formats_core_data")]

    operations = [
        # A default first, so that going back can re-add the columns to existing rows
        # (0004's reverse then fills in every event's own values).
        migrations.AlterField(
            model_name="event", name="num_rounds", field=models.PositiveSmallIntegerField(default=1)
        ),
        migrations.AlterField(
            model_name="event",
            name="boards_per_round",
            field=models.PositiveSmallIntegerField(default=1),
        ),
        migrations.RemoveConstraint(model_name="event", name="event_rounds_positive"),
        migrations.RemoveConstraint(model_name="event", name="event_boards_positive"),
        migrations.RemoveConstraint(model_name="event", name="event_threshold_share"),
        migrations.RemoveField(model_name="event", name="num_rounds"),
        migrations.RemoveField(model_name="event", name="boards_per_round"),
        migrations.RemoveField(model_name="event", name="round_minutes"),
        migrations.RemoveField(model_name="event", name="gap_minutes"),
        migrations.RemoveField(model_name="event", name="finish_threshold"),
        migrations.RemoveField(model_name="event", name="bye_score"),
        migrations.RemoveField(model_name="event", name="seed"),
        migrations.RemoveField(model_name="event", name="preset_deals"),
        migrations.RemoveField(model_name="entry", name="had_bye"),
        migrations.AlterField(
            model_name="table",
            name="event",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="tables",
                to="tournaments.event",
            ),
        ),
    ]
