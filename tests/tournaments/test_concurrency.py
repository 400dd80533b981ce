"""Races on a real PostgreSQL: nothing lost, nothing applied twice."""

import threading

import pytest
from django.db import connection

from tests.conftest import held_lead, need_postgres
from tournaments import services
from tournaments.errors import BridgeError
from tournaments.models import Entry, EntryMember, EventLog, Result, Round

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


def race(*fns):
    """Run the functions at once in threads; return what each returned or raised."""
    barrier = threading.Barrier(len(fns))
    out = [None] * len(fns)

    def runner(i, fn):
        try:
            barrier.wait()
            out[i] = fn()
        except Exception as exc:  # noqa: BLE001 - reported to the test
            out[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=runner, args=(i, fn)) for i, fn in enumerate(fns)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return out


def seated(make_event, **kw):
    need_postgres()
    event = make_event(pairs=4, start=True, **kw)
    rnd = event.rounds.get(number=1)
    table = rnd.tables.order_by("number").first()
    board = rnd.boards.order_by("number").first()
    ns = table.ns.members.first().player
    ew = table.ew.members.first().player
    return event, table, board, ns, ew


def submit(table, board, user, tricks):
    return lambda: services.result_submit(
        table_id=table.pk,
        board_id=board.pk,
        user=user,
        contract="4S",
        declarer="N",
        tricks=tricks,
        lead=held_lead(board.pk, "N"),
    )


def test_two_submissions_of_the_same_board_store_exactly_one(make_event):
    event, table, board, ns, ew = seated(make_event)
    out = race(submit(table, board, ns, 10), submit(table, board, ew, 9))
    stored = [o for o in out if isinstance(o, Result)]
    refused = [o for o in out if isinstance(o, BridgeError)]
    assert len(stored) == 1 and len(refused) == 1, out
    assert refused[0].code == "duplicate"
    assert Result.objects.filter(table=table, board=board).count() == 1
    assert Result.objects.get(table=table, board=board).tricks == stored[0].tricks


@pytest.mark.parametrize("attempt", range(4))
def test_a_submission_racing_the_cut_is_stored_or_refused_never_lost(make_event, attempt):
    event, table, board, ns, _ = seated(make_event)
    close = lambda: services.round_close(event=event, number=1)  # noqa: E731
    out = race(submit(table, board, ns, 10), close)
    assert isinstance(out[1], Round), out
    stored = Result.objects.get(table=table, board=board)
    if isinstance(out[0], Result):
        assert stored.status == Result.Status.PLAYED and stored.ns_points is not None
    else:
        assert isinstance(out[0], BridgeError) and out[0].code in ("round_closed", "cut"), out
        assert stored.status == Result.Status.CUT


def test_two_closes_at_once_close_the_round_once(make_event):
    event, *_ = seated(make_event)
    close = lambda: services.round_close(event=event, number=1)  # noqa: E731
    out = race(close, close, close)
    assert all(isinstance(o, Round) for o in out), out
    assert EventLog.objects.filter(event=event, transition="close", round_number=1).count() == 1
    assert EventLog.objects.filter(event=event, transition="open", round_number=2).count() == 1
    assert Round.objects.filter(event=event).count() == 2
    cut = Result.objects.filter(board__round__number=1, status=Result.Status.CUT).count()
    assert cut == 4  # 2 tables x 2 boards, each cut once


def test_two_registrations_of_the_same_player_at_once(make_event):
    from tests.factories import UserFactory

    need_postgres()
    event = make_event(pairs=0)
    a, b, c = UserFactory.create_batch(3)
    out = race(
        lambda: services.entry_register(event=event, player=a, partner=b),
        lambda: services.entry_register(event=event, player=c, partner=b),
    )
    # b may hold two invitations (docs/rules.md § Players and partners): both are stored ...
    assert not any(isinstance(o, Exception) for o in out), out
    # ... and accepting both at once enters b in exactly one pair, cancelling the other
    confirmed = race(*(lambda e=e: services.entry_confirm(entry=e, player=b) for e in out))
    assert sum(not isinstance(o, Exception) for o in confirmed) == 1, confirmed
    statuses = sorted(event.entries.values_list("status", flat=True))
    assert statuses == [Entry.Status.CONFIRMED, Entry.Status.DECLINED]
    assert EntryMember.objects.filter(event=event, player=b).count() == 1
