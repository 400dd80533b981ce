"""Online play in the formats beside Swiss pairs (docs/rules.md § Online play): a table of
the scoring pool plays its boards online, and each finished board reaches the pool's
datum scoring as a typed result does."""

from __future__ import annotations

import random

from online.services import play_act, table_state_get
from tableplay import Action, Table
from tableplay.legal import legal_calls, legal_cards
from tests.tournaments.formats.pool.conftest import make_pool, players, seat  # noqa: F401
from tournaments.models import Board, PoolResult, Result, TableSeat


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
