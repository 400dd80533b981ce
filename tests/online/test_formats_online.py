"""Online play in the formats beside Swiss pairs (docs/rules.md § Online play): a table of
the scoring pool plays its boards online, and each finished board reaches the pool's
datum scoring as a typed result does."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.urls import reverse

from online.models import BoardPlay
from online.services import play_act, table_state_get
from tableplay import Action, Table
from tableplay.legal import legal_calls, legal_cards
from tests.tournaments.formats.pool.conftest import make_pool, players, seat  # noqa: F401
from tournaments.errors import BridgeError
from tournaments.formats.pool import services as pool_services
from tournaments.models import Board, PoolBoard, PoolResult, Result, TableSeat


def play_board_online(table, rng: random.Random) -> dict:
    """The four seated players play the table's board in play through ``play_act``:
    random legal calls (mostly passes) and cards, each from the view their seat gets."""
    users = {s.seat: s.player for s in TableSeat.objects.filter(table=table)}
    view = table_state_get(user=users["N"], event_id=table.event_id, table_id=table.pk)
    board = view["board"]
    engine = Table(Board.objects.get(pk=board).deal, view["dealer"], view["vulnerability"])
    while engine.phase != "over":
        seat = engine.actor
        if engine.phase == "auction":
            calls = legal_calls(engine)
            kind, value = "call", ("P" if rng.random() < 0.6 else rng.choice(calls[:4]))
        else:
            kind, value = "card", rng.choice(legal_cards(engine))
        acting = users[seat] if seat in users else users[engine.declarer]
        view = play_act(
            user=acting, event_id=table.event_id, table_id=table.pk,
            version=view["version"],
            kind=kind, value=value,
        )  # fmt: skip
        engine.apply(Action(kind, seat, value))
    return {"board": board, "engine": engine}


def test_a_pool_table_plays_online_and_the_pool_scores_it(make_pool, players):  # noqa: F811
    event = make_pool(boards=4)
    assert event.online_play  # the pool is played online by default
    table = seat(event, players[:4], rng=random.Random(5))
    played = play_board_online(table, random.Random(8))
    result = Result.objects.get(table=table, board_id=played["board"])
    assert result.status == Result.Status.PLAYED and result.confirmed_at is not None
    assert result.auction and result.ns_score is not None
    assert PoolResult.objects.filter(result=result).exists()  # the datum scoring saw it
    # the next board of the table starts by itself
    north = TableSeat.objects.get(table=table, seat="N").player
    view = table_state_get(user=north, event_id=event.pk, table_id=table.pk)
    assert view["board"] != played["board"] and view["phase"] == "auction"


def test_a_pool_board_in_play_is_cut_when_its_table_s_time_is_up(make_pool, players):  # noqa: F811
    """The pool's clock closes a table whose time is up as a round close does: its board
    still in play online is stored cut and nothing more is accepted there."""
    event = make_pool(boards=4)
    table = seat(event, players[:4], rng=random.Random(5))
    users = {s.seat: s.player for s in TableSeat.objects.filter(table=table)}
    view = table_state_get(user=users["N"], event_id=event.pk, table_id=table.pk)
    dealer = view["dealer"]
    view = play_act(
        user=users[dealer], event_id=event.pk, table_id=table.pk, version=view["version"],
        kind="call", value="1C",
    )  # fmt: skip
    board = view["board"]
    taken = PoolBoard.objects.get(board_id=board).taken
    sitting = table.round
    sitting.refresh_from_db()
    pool_services.pool_clock_step(event=event, now=sitting.ends_at + timedelta(seconds=1))
    play = BoardPlay.objects.get(table=table, board_id=board)
    assert play.status == BoardPlay.Status.CUT
    result = Result.objects.get(table=table, board_id=board)
    assert result.status == Result.Status.CUT and result.auction.endswith("1C")
    assert PoolBoard.objects.get(board_id=board).taken == taken - 1  # its place back
    sitting.refresh_from_db()
    assert sitting.status == sitting.Status.CLOSED
    nxt = {"N": "E", "E": "S", "S": "W", "W": "N"}[dealer]
    with pytest.raises(BridgeError) as refused:
        play_act(
            user=users[nxt], event_id=event.pk, table_id=table.pk, version=view["version"],
            kind="call", value="P",
        )  # fmt: skip
    assert refused.value.code in ("round_over", "board_over")
    assert play.actions.count() == 2  # the call and the cut, nothing after
    # the table's view sends its players back to the pool's lobby
    view = table_state_get(user=users["N"], event_id=event.pk, table_id=table.pk)
    lobby = reverse("tournaments:pool_lobby", args=[event.pk])
    assert view["next"]["go"] == {"status": "lobby", "url": lobby}
