"""Data migrations carry every event over unchanged.

``tests/data/old_schema_events.json`` was dumped from a database filled by
``simulate_event`` (three finished events: XIMP, IMP and MP, with a withdrawal, two
director corrections after the finish and a master-point deduction) under the first
schema, before the formats core. The test rebuilds that database at the old migrations,
loads the rows through the historical models, migrates to the newest schema and checks
that every total, rank, board point, correction, audit row and ledger row is the same.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

FIXTURE = Path(__file__).resolve().parent.parent / "data" / "old_schema_events.json"
OLD = [("tournaments", "0002_scheduler"), ("ratings", "0001_initial")]
ORDER = [
    "accounts.user",
    "tournaments.event",
    "tournaments.entry",
    "tournaments.entrymember",
    "tournaments.round",
    "tournaments.board",
    "tournaments.table",
    "tournaments.result",
    "tournaments.resultcorrection",
    "tournaments.standing",
    "tournaments.eventlog",
    "ratings.masterpointentry",
]


def _load_old_rows(apps, rows: list[dict]) -> None:
    by_model: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        by_model[row["model"]].append(row)
    for label in ORDER:
        model = apps.get_model(label)
        objects = []
        for row in by_model[label]:
            values = {}
            for name, value in row["fields"].items():
                field = model._meta.get_field(name)
                if field.many_to_many:
                    continue
                values[field.attname] = value if field.is_relation else field.to_python(value)
            objects.append(model(pk=row["pk"], **values))
        model.objects.bulk_create(objects)


def _migrate(targets) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_events_of_the_first_schema_migrate_unchanged():
    from ratings.models import MasterPointEntry
    from tournaments.models import Entry, EventLog, Result, ResultCorrection, Standing

    rows = json.loads(FIXTURE.read_text())
    _migrate(OLD)
    old_apps = MigrationExecutor(connection).loader.project_state(OLD).apps
    _load_old_rows(old_apps, rows)
    try:
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    finally:  # leave the schema at the newest migrations whatever happened
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

    def old(label):
        return {r["pk"]: r["fields"] for r in rows if r["model"] == label}

    entries = old("tournaments.entry")
    got = {e.pk: e for e in Entry.objects.all()}
    assert set(got) == set(entries)
    for pk, fields in entries.items():
        entry = got[pk]
        assert entry.total == pytest.approx(fields["total"], abs=1e-9)
        assert entry.boards_played == fields["boards_played"]
        assert entry.rank == fields["rank"]
        assert entry.finished == fields["finished"]
        assert entry.master_points == fields["master_points"]
        assert entry.status == fields["status"]

    results = old("tournaments.result")
    got_results = {r.pk: r for r in Result.objects.select_related("board", "table")}
    assert set(got_results) == set(results)
    for pk, fields in results.items():
        r = got_results[pk]
        assert (r.status, r.contract, r.ns_score, r.ns_points, r.ew_points) == (
            fields["status"],
            fields["contract"],
            fields["ns_score"],
            fields["ns_points"],
            fields["ew_points"],
        )
        assert (r.board_id, r.table_id) == (fields["board"], fields["table"])

    standings = old("tournaments.standing")
    got_standings = {
        s.pk: (s.entry_id, s.round_number, s.total, s.place) for s in Standing.objects.all()
    }
    assert got_standings == {
        pk: (f["entry"], f["round_number"], f["total"], f["place"]) for pk, f in standings.items()
    }
    corrections = old("tournaments.resultcorrection")
    assert {c.pk: c.new_value for c in ResultCorrection.objects.all()} == {
        pk: f["new_value"] for pk, f in corrections.items()
    }
    assert set(EventLog.objects.values_list("pk", flat=True)) == set(old("tournaments.eventlog"))
    ledger = old("ratings.masterpointentry")
    assert {m.pk: (m.player_id, m.kind, m.amount) for m in MasterPointEntry.objects.all()} == {
        pk: (f["player"], f["kind"], f["amount"]) for pk, f in ledger.items()
    }
    _check_new_shape(old)


def _check_new_shape(old) -> None:
    """What moved: the Swiss settings, the boards' rounds and the byes."""
    from tournaments.models import Board, Event, Table

    for pk, fields in old("tournaments.event").items():
        event = Event.objects.get(pk=pk)
        assert event.settings.num_rounds == fields["num_rounds"]
        assert event.settings.boards_per_round == fields["boards_per_round"]
        assert event.settings.bye_score == fields["bye_score"]
        assert event.settings.seed == fields["seed"]
        assert float(event.settings.finish_threshold) == float(fields["finish_threshold"])
        assert event.settings.round_minutes == fields["round_minutes"]
    for pk, fields in old("tournaments.board").items():
        assert Board.objects.get(pk=pk).round_id == fields["round"]
    byes = {pk for pk, f in old("tournaments.entry").items() if f["had_bye"]}
    assert (
        set(Table.objects.filter(ew__isnull=True).values_list("ns_id", flat=True).distinct())
        == byes
    )
