"""The one-write path (``online.live``): an action at a table the process keeps live is
checked in memory and stored as one row; the stored actions stay the one truth (another
process's action, the round's end, a typed result, the undo setting all send it the long
way); and a change is all a seat is sent (``online.changes``)."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from online import live
from online.changes import change_apply, view_change
from online.models import BoardPlay, PlayAction
from online.services import play_act
from online.signals import table_changed
from tableplay import table_view
from tests.factories.tournaments import ResultFactory
from tournaments.errors import BridgeError

pytestmark = pytest.mark.django_db


def _kept(online) -> live.LiveTable:
    entry = live.live_get(online.table.pk)
    assert entry is not None, "the table is not kept live"
    return entry


def test_an_action_at_a_live_table_is_one_read_and_one_row(online):
    dealer = online.engine().to_play
    online.act(dealer, "call", "1C")  # the first takes the long way and keeps the table
    entry = _kept(online)
    nxt = online.engine().to_play
    version = entry.engine.version
    with CaptureQueriesContext(connection) as captured:
        view = play_act(
            user=online.players[nxt], event_id=online.event.pk, table_id=online.table.pk,
            version=version, kind="call", value="P", seated=nxt,
        )  # fmt: skip
    writes = [q["sql"] for q in captured if q["sql"].lstrip().upper().startswith("INSERT")]
    reads = [q["sql"] for q in captured if q["sql"].lstrip().upper().startswith("SELECT")]
    assert len(writes) == 1 and "online_playaction" in writes[0]
    if connection.vendor == "postgresql":
        # the board's check in the row's own statement, with the board's row held;
        # then the robots asked once for the table
        assert "FOR KEY SHARE" in writes[0] and "online_boardplay" in writes[0]
        assert len(reads) == 1, reads
        # no BEGIN and COMMIT: a savepoint only inside this test's own transaction
        assert not any(q["sql"].upper().startswith(("BEGIN", "COMMIT")) for q in captured)
    else:  # the board and round read, and the robots asked once for the table
        assert len(reads) == 2, reads
    assert not any("UPDATE" in q["sql"].upper() for q in captured)
    assert view["version"] == version + 1
    assert online.engine().version == version + 1  # stored: a replay of the rows agrees
    assert [a.seq for a in PlayAction.objects.order_by("seq")] == [1, 2]
    # the next one does not ask about robots again: one read, one row
    third = online.engine().to_play
    with CaptureQueriesContext(connection) as captured:
        play_act(
            user=online.players[third], event_id=online.event.pk, table_id=online.table.pk,
            version=version + 1, kind="call", value="P", seated=third,
        )  # fmt: skip
    kinds = [q["sql"].lstrip().split()[0].upper() for q in captured]
    reads = 0 if connection.vendor == "postgresql" else 1
    assert kinds.count("SELECT") == reads and kinds.count("INSERT") == 1, kinds


def test_an_action_another_process_stored_sends_this_one_the_long_way(online):
    """A process whose live table missed an action: its row is refused by the unique
    (play, seq), and the action is answered from the stored table (stale, or applied
    after the other one: never both at one seq)."""
    dealer = online.engine().to_play
    online.act(dealer, "call", "1C")
    stale = _kept(online)
    missed = live.LiveTable(
        table_id=stale.table_id, event_id=stale.event_id, play_id=stale.play_id,
        snapshot=stale.snapshot, engine=stale.engine, robots=stale.robots,
    )  # fmt: skip
    second = online.engine().to_play
    online.act(second, "call", "P")  # "the other process"
    live.live_drop(online.table.pk)
    live._live[online.table.pk] = missed  # this process never saw it
    third = online.engine().to_play
    # sent with the version this process's engine had: the stored table says stale
    with pytest.raises(BridgeError) as refused:
        play_act(
            user=online.players[second], event_id=online.event.pk, table_id=online.table.pk,
            version=missed.engine.version, kind="call", value="1D", seated=second,
        )  # fmt: skip
    assert refused.value.code in ("stale", "out_of_turn")
    # and with the stored version it is applied once, after the other
    online.act(third, "call", "1H")
    seqs = list(PlayAction.objects.order_by("seq").values_list("seq", "value"))
    assert seqs == [(1, "1C"), (2, "P"), (3, "1H")]


def test_the_round_s_end_wins_over_a_live_table(online):
    dealer = online.engine().to_play
    online.act(dealer, "call", "1C")
    _kept(online)
    later = online.table.round.ends_at + timedelta(seconds=1)
    with pytest.raises(BridgeError) as refused:
        online.act(online.engine().to_play, "call", "P", now=later)
    assert refused.value.code == "round_over"
    assert PlayAction.objects.count() == 1


def test_a_result_typed_for_the_board_sends_the_live_table_the_long_way(online):
    online.act(online.engine().to_play, "call", "1C")
    started = BoardPlay.objects.get(table=online.table)
    _kept(online)
    ResultFactory(table=online.table, board=started.board)
    online.act(online.engine().to_play, "call", "1D")  # the table has moved past it
    assert PlayAction.objects.filter(play=started).count() == 1
    following = BoardPlay.objects.exclude(pk=started.pk).get(table=online.table)
    assert [a.value for a in following.actions.all()] == ["1D"]


def test_undo_turned_off_reaches_a_live_table(online):
    dealer = online.engine().to_play
    online.act(dealer, "call", "1C")
    _kept(online)
    online.event.undo_allowed = False
    online.event.save(update_fields=["undo_allowed"])
    with pytest.raises(BridgeError) as refused:
        online.act(dealer, "undo")
    assert refused.value.code == "undo_off"


def test_a_table_without_robots_does_not_ask_for_them_on_each_action(
    online, django_capture_on_commit_callbacks
):
    told = []

    def listen(sender, **kwargs):
        told.append(kwargs.get("robots"))

    table_changed.connect(listen)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            online.act(online.engine().to_play, "call", "1C")
        with django_capture_on_commit_callbacks(execute=True):
            online.act(online.engine().to_play, "call", "P")
    finally:
        table_changed.disconnect(listen)
    assert told == [None, False]  # the long way does not know; the live table does


def test_a_board_played_out_on_live_tables_is_stored_whole_and_once(online):
    from tests.online.conftest import play_out

    board = online.snapshot()["board"]
    play_out(online, random.Random(5))
    play = BoardPlay.objects.get(table=online.table, board_id=board)
    assert play.status == BoardPlay.Status.OVER and play.result is not None
    seqs = list(play.actions.order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1))
    assert play.version == play.version_now()  # written at the board's end


def test_a_change_makes_the_seat_s_next_view_and_says_only_what_changed(online):
    from tests.tableplay.helpers import legal_cards, random_call

    rng = random.Random(2)
    board = online.snapshot()["board"]
    engine = online.engine()
    before = {s: table_view(engine, s) for s in "NESW"}
    while True:
        if engine.phase == "auction":
            online.act(engine.to_play, "call", random_call(engine, rng))
        else:
            online.act(engine.actor, "card", rng.choice(legal_cards(engine)))
        if online.snapshot()["board"] != board:
            break
        engine = online.engine()
        for seat in "NESW":
            after = table_view(engine, seat)
            change = view_change(before[seat], after)
            assert change_apply(before[seat], change) == after
            assert set(change.get("set", {})) & {"hands", "auction", "play"} == set()
            before[seat] = after


def test_a_call_sent_again_behind_a_live_table_is_refused_stale_without_the_long_way(online):
    """A client that sends again an action already stored (its version behind the live
    table's, which holds only stored actions) is refused at once: no lock, no replay."""
    dealer = online.engine().to_play
    online.act(dealer, "call", "1C")
    nxt = online.engine().to_play
    online.act(nxt, "call", "P", seated=nxt)
    with CaptureQueriesContext(connection) as captured, pytest.raises(BridgeError) as refused:
        play_act(
            user=online.players[nxt], event_id=online.event.pk, table_id=online.table.pk,
            version=1, kind="call", value="P", seated=nxt,
        )  # fmt: skip
    assert refused.value.code == "stale"
    assert _selects(captured) == 0 and "INSERT" not in str(captured.captured_queries)
    assert PlayAction.objects.count() == 2


def test_a_look_at_the_table_keeps_it_live_in_that_process(online):
    from online.services import table_state_get

    online.act(online.engine().to_play, "call", "1C")
    live.live_clear()  # another process, which has seen nothing of the table
    seat = online.engine().to_play
    table_state_get(user=online.players[seat], event_id=online.event.pk, table_id=online.table.pk)
    entry = _kept(online)
    assert entry.engine.version == online.engine().version == 1
    with CaptureQueriesContext(connection) as captured:
        online_view = play_act(
            user=online.players[seat], event_id=online.event.pk, table_id=online.table.pk,
            version=1, kind="call", value="P", seated=seat,
        )  # fmt: skip
    assert online_view["version"] == 2
    # the board's one read (on PostgreSQL within the row's statement), and the robots
    # asked once
    assert _selects(captured) == (1 if connection.vendor == "postgresql" else 2)


def _selects(captured) -> int:
    return sum(q["sql"].lstrip().upper().startswith("SELECT") for q in captured)
