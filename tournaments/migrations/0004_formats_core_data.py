"""The formats core, step 2: carry every event's Swiss settings to their own row and
give every table its event. Reversible: going back restores the event columns and the
entries' ``had_bye`` (an entry had a bye when it sat at a table without opponents)."""

from django.db import migrations

SETTINGS = (
    "num_rounds",
    "boards_per_round",
    "round_minutes",
    "gap_minutes",
    "finish_threshold",
    "bye_score",
    "seed",
    "preset_deals",
)


def forward(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    SwissSettings = apps.get_model("tournaments", "SwissSettings")
    Table = apps.get_model("tournaments", "Table")
    Round = apps.get_model("tournaments", "Round")
    SwissSettings.objects.bulk_create(
        SwissSettings(event_id=event["id"], **{f: event[f] for f in SETTINGS})
        for event in Event.objects.values("id", *SETTINGS).iterator()
    )
    for round_id, event_id in Round.objects.values_list("id", "event_id").iterator():
        Table.objects.filter(round_id=round_id).update(event_id=event_id)


def backward(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    Entry = apps.get_model("tournaments", "Entry")
    SwissSettings = apps.get_model("tournaments", "SwissSettings")
    Table = apps.get_model("tournaments", "Table")
    for row in SwissSettings.objects.values("event_id", *SETTINGS).iterator():
        Event.objects.filter(pk=row.pop("event_id")).update(**row)
    byes = Table.objects.filter(ew__isnull=True).values("ns_id")
    Entry.objects.filter(pk__in=byes).update(had_bye=True)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0003_formats_core_schema")]

    operations = [migrations.RunPython(forward, backward)]
