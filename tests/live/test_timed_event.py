"""Timed events run by a real Celery worker and beat on PostgreSQL and Redis.

``pytest -m live_services`` runs these alone. In CI (REQUIRE_SERVICES=1) they fail,
never skip, when a service is missing.
"""

from __future__ import annotations

import signal
import time
from collections import Counter

import pytest
from django.db import connection
from rest_framework.test import APIClient

from ratings.models import MasterPointEntry
from tests.conftest import held_lead
from tournaments.models import Board, Entry, Event, EventLog, Result, Round, Standing, Table

from .conftest import wait_for
from .faulty_celery import APP as FAULTY_APP

pytestmark = [
    pytest.mark.live_services,
    pytest.mark.postgres,
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
]


def round_open(event, number):
    return Round.objects.filter(event=event, number=number).first()


def event_status(event):
    return Event.objects.get(pk=event.pk).status


def assert_transitions_once(event):
    rows = list(
        EventLog.objects.filter(event=event)
        .exclude(transition="")
        .values_list("transition", "round_number")
    )
    counts = Counter(rows)
    assert all(n == 1 for n in counts.values()), counts
    expected = {("open", n) for n in range(1, event.num_rounds + 1)}
    expected |= {("close", n) for n in range(1, event.num_rounds + 1)}
    expected |= {("finish", event.num_rounds)}
    assert set(counts) == expected


def assert_no_repeats(event):
    met = set()
    for ns, ew in Table.objects.filter(round__event=event, ew__isnull=False).values_list(
        "ns_id", "ew_id"
    ):
        key = frozenset((ns, ew))
        assert key not in met
        met.add(key)


def test_an_event_runs_itself_with_two_workers_and_two_beats(
    broker_url, cluster_factory, live_event
):
    cluster = cluster_factory(broker_url)
    for name in ("w1", "w2"):
        cluster.start(name, "worker")
    for name in ("b1", "b2"):
        cluster.start(name, "beat")
    cluster.wait_ready()
    event = live_event(pairs=6, rounds=3, seconds=15, gap=2)

    rnd1 = wait_for(lambda: round_open(event, 1), 40, "round 1 to open", cluster)
    tables = list(rnd1.tables.order_by("number"))
    boards = list(rnd1.boards.order_by("number"))
    client = APIClient()
    # Tables 1 and 2 play everything through the API; table 3 plays nothing.
    for table, tricks in ((tables[0], 10), (tables[1], 8)):
        client.force_authenticate(table.ns.members.first().player)
        for board in boards:
            resp = client.post(
                "/api/results/",
                {
                    "table": table.pk,
                    "board": board.pk,
                    "contract": "4S",
                    "declarer": "N",
                    "tricks": tricks,
                    "lead": held_lead(board.pk, "N"),
                },
                format="json",
            )
            assert resp.status_code == 201, resp.content

    wait_for(
        lambda: event_status(event) == Event.Status.FINISHED, 100, "the event to finish", cluster
    )
    rnd1.refresh_from_db()
    assert rnd1.status == Round.Status.CLOSED
    assert rnd1.closed_at == rnd1.ends_at  # cut at the scheduled end
    cut = Result.objects.filter(table=tables[2], status=Result.Status.CUT).count()
    assert cut == len(boards)
    played = Result.objects.filter(board__round=rnd1, status=Result.Status.PLAYED).count()
    assert played == 4

    # Round 2 was seated by score: the two leaders after round 1 meet at table 1.
    after1 = list(Standing.objects.filter(entry__event=event, round_number=1).order_by("place"))
    rnd2 = Round.objects.get(event=event, number=2)
    top = rnd2.tables.get(number=1)
    assert {top.ns_id, top.ew_id} & {after1[0].entry_id, after1[1].entry_id}
    assert_no_repeats(event)
    assert_transitions_once(event)

    # The worker stored each board's double-dummy analysis after its round closed.
    wait_for(
        lambda: not Board.objects.filter(event=event, dd_table__isnull=True).exists(),
        30,
        "the double-dummy analysis",
        cluster,
    )
    # Results published: ranks and master points, in the ledger once per player.
    winner = Entry.objects.get(event=event, rank=1)
    assert winner.master_points == 3
    players = [m.player_id for m in winner.members.all()]
    assert MasterPointEntry.objects.filter(event=event, player_id__in=players).count() == 2


def test_a_worker_killed_half_way_through_a_close_is_replaced_and_the_event_completes(
    broker_url, cluster_factory, live_event
):
    cluster = cluster_factory(broker_url)
    cluster.start("slow", "worker", app=FAULTY_APP, BRIDGE_TEST_CLOSE_DELAY="30")
    cluster.start("beat", "beat")
    cluster.wait_ready()
    event = live_event(pairs=4, rounds=2, seconds=10, gap=1, start_in=4)
    rnd1 = wait_for(lambda: round_open(event, 1), 40, "round 1 to open", cluster)
    # The close starts at the scheduled end and then waits inside its transaction.
    wait_for(lambda: time.time() > rnd1.ends_at.timestamp(), 40, "round 1 to end")
    wait_for(_a_transaction_waits, 40, "the close to wait inside its transaction", cluster)
    cluster.kill("slow", signal.SIGKILL)
    rnd1.refresh_from_db()
    assert rnd1.status == Round.Status.OPEN  # rolled back: nothing half-closed
    assert not Result.objects.filter(status=Result.Status.CUT).exists()
    cluster.start("healthy", "worker")
    wait_for(
        lambda: event_status(event) == Event.Status.FINISHED, 90, "the event to finish", cluster
    )
    rnd1.refresh_from_db()
    assert rnd1.closed_at == rnd1.ends_at
    assert_transitions_once(event)


def _a_transaction_waits() -> bool:
    """Another connection to the test database sits inside a transaction (the slow
    worker's close, after its totals)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            " AND pid <> pg_backend_pid() AND state = 'idle in transaction'"
        )
        return cursor.fetchone()[0] > 0


def test_with_redis_down_results_are_kept_and_the_event_catches_up(
    private_redis, cluster_factory, live_event
):
    # The broker is a Redis of this test's own (see PrivateRedis): stopping it is a real
    # outage, whatever else runs on the machine.
    cluster = cluster_factory(private_redis.broker_url)
    cluster.start("w", "worker")
    cluster.start("b", "beat")
    cluster.wait_ready()
    event = live_event(pairs=4, rounds=2, seconds=12, gap=1, start_in=4)
    rnd1 = wait_for(lambda: round_open(event, 1), 40, "round 1 to open", cluster)
    private_redis.stop()
    # The database is the source of truth: results are entered while Redis is down.
    table = rnd1.tables.order_by("number").first()
    client = APIClient()
    client.force_authenticate(table.ns.members.first().player)
    for board in rnd1.boards.all():
        resp = client.post(
            "/api/results/",
            {
                "table": table.pk,
                "board": board.pk,
                "contract": "3NT",
                "declarer": "S",
                "tricks": 9,
                "lead": held_lead(board.pk, "S"),
            },
            format="json",
        )
        assert resp.status_code == 201, resp.content
    # Redis stays down past the end of round 1: nothing can run the close.
    wait_for(lambda: time.time() > rnd1.ends_at.timestamp() + 3, 30, "round 1 to end")
    assert Round.objects.get(pk=rnd1.pk).status == Round.Status.OPEN
    back_at = time.time()
    private_redis.start()
    wait_for(
        lambda: event_status(event) == Event.Status.FINISHED,
        90,
        "the event to catch up and finish",
        cluster,
    )
    rnd1.refresh_from_db()
    assert rnd1.closed_at == rnd1.ends_at  # cut at its scheduled end ...
    close = EventLog.objects.get(event=event, round_number=1, transition="close")
    assert close.at.timestamp() >= back_at  # ... by the worker, once Redis was back
    kept = Result.objects.filter(table=table, status=Result.Status.PLAYED).count()
    assert kept == rnd1.boards.count()
    assert_transitions_once(event)
    # Stop the worker and beat while their broker is still up.
    cluster.stop()
