"""Row locks of result entry on a real PostgreSQL (``tournaments/lock_objects.py``).

Entries take the round FOR SHARE and their table for update: entries at different
tables of one round proceed together, and a round close waits for the entries in
flight (the races with the close itself: test_concurrency.py).
"""

import threading

import pytest
from django.db import connection, transaction

from tests.conftest import held_lead, need_postgres
from tournaments import services
from tournaments.models import Result, Round
from tournaments.services import rounds

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


def submit(table, board, tricks=10):
    user = table.ns.members.first().player
    return services.result_submit(
        table_id=table.pk,
        board_id=board.pk,
        user=user,
        contract="4S",
        declarer="N",
        tricks=tricks,
        lead=held_lead(board.pk, "N"),
    )


class Held(threading.Thread):
    """Enters a result and keeps its transaction (and so its locks) open until released."""

    def __init__(self, table, board):
        super().__init__(daemon=True)
        self.table, self.board = table, board
        self.holding, self.release = threading.Event(), threading.Event()
        self.error = None

    def run(self):
        try:
            with transaction.atomic():
                submit(self.table, self.board)
                self.holding.set()
                self.release.wait(30)
        except Exception as exc:  # noqa: BLE001 - reported to the test
            self.error = exc
        finally:
            self.holding.set()
            connection.close()


class Job(threading.Thread):
    def __init__(self, fn):
        super().__init__(daemon=True)
        self.fn, self.out = fn, None

    def run(self):
        try:
            self.out = self.fn()
        except Exception as exc:  # noqa: BLE001 - reported to the test
            self.out = exc
        finally:
            connection.close()


@pytest.fixture
def field(make_event):
    need_postgres()
    event = make_event(pairs=4, start=True)
    rnd = event.rounds.get(number=1)
    first, second = rnd.tables.order_by("number")
    board = rnd.boards.order_by("number").first()
    return event, first, second, board


def test_entries_at_two_tables_of_one_round_do_not_wait_for_each_other(field):
    event, first, second, board = field
    held = Held(first, board)
    held.start()
    try:
        assert held.holding.wait(10) and held.error is None, held.error
        other = Job(lambda: submit(second, board))
        other.start()
        other.join(timeout=5)
        assert not other.is_alive(), "the second table's entry waited for the first's"
        assert isinstance(other.out, Result), other.out
    finally:
        held.release.set()
        held.join(timeout=10)
    assert held.error is None, held.error
    assert Result.objects.filter(board=board, status=Result.Status.PLAYED).count() == 2


def test_a_close_waits_for_the_entries_in_flight(field):
    event, first, second, board = field
    held = Held(first, board)
    held.start()
    try:
        assert held.holding.wait(10) and held.error is None, held.error
        close = Job(lambda: services.round_close(event=event, number=1))
        close.start()
        close.join(timeout=1.5)
        assert close.is_alive(), "the close did not wait for the entry in flight"
    finally:
        held.release.set()
        held.join(timeout=10)
    close.join(timeout=30)
    assert isinstance(close.out, Round), close.out
    assert held.error is None, held.error
    stored = Result.objects.get(table=first, board=board)
    assert stored.status == Result.Status.PLAYED and stored.ns_points is not None
    cut = Result.objects.get(table=second, board=board)
    assert cut.status == Result.Status.CUT


def test_an_entry_after_a_close_started_is_refused_once_it_commits(field, monkeypatch):
    event, first, second, board = field
    locked, release = threading.Event(), threading.Event()
    real = rounds.round_of_event_for_update

    def lock_and_hold(**kwargs):  # the close holds its round's lock until released
        rnd = real(**kwargs)
        locked.set()
        release.wait(30)
        return rnd

    monkeypatch.setattr(rounds, "round_of_event_for_update", lock_and_hold)
    close = Job(lambda: services.round_close(event=event, number=1))
    close.start()
    try:
        assert locked.wait(10), close.out
        late = Job(lambda: submit(second, board))
        late.start()
        late.join(timeout=1.5)
        assert late.is_alive(), "the entry did not wait for the close"
    finally:
        release.set()
    close.join(timeout=30)
    assert isinstance(close.out, Round), close.out
    late.join(timeout=30)
    assert getattr(late.out, "code", None) in ("round_closed", "cut"), late.out
    assert Result.objects.get(table=second, board=board).status == Result.Status.CUT
