"""A finished matchpoint event whose board 1 has known results, and a way to play a
practice board through the services (the robots act after each commit: in-process
Celery tasks)."""

from __future__ import annotations

import pytest

from practice import services
from practice.models import PracticeBoard
from tests.conftest import player
from tournaments import services as event_services
from tournaments.models import Board, Event

#: South holds the thirteen spades; North, East and West 10 HCP each, no six-card suit,
#: so the robots pass throughout and South can bid and make 7S (1510, none vulnerable).
DEAL = "N:.AK987.Q987.J987 .QJ65.AK654.T654 AKQJT98765432... .T432.JT32.AKQ32"
#: The field on board 1: four tables, NS +1510, +1010, +510, +1510.
FIELD = [("7S", "S", 13, "CA"), ("6S", "S", 13, "CA"), ("4S", "S", 13, "CA"), ("7S", "S", 13, "CA")]


def finished_event(make_event, method: str) -> Event:
    """Eight pairs, one round of one board, board 1 dealt as ``DEAL``, the four tables'
    results as ``FIELD``; the round's close finishes the event."""
    event = make_event(pairs=8, start=True, num_rounds=1, boards_per_round=1, method=method)
    board = Board.objects.get(event=event, number=1)
    Board.objects.filter(pk=board.pk).update(deal=DEAL, dealer="N", vulnerability="None")
    rnd = event.rounds.get(number=1)
    for table, (contract, declarer, tricks, lead) in zip(
        rnd.tables.filter(ew__isnull=False).order_by("number"), FIELD, strict=True
    ):
        result = event_services.result_submit(
            table_id=table.pk, board_id=board.pk, user=player(table.ns), contract=contract,
            declarer=declarer, tricks=tricks, lead=lead,
        )  # fmt: skip
        event_services.result_confirm(result_id=result.pk, user=player(table.ew))
    event_services.round_close(event=event, number=1)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    return event


@pytest.fixture
def mp_event(make_event):
    return finished_event(make_event, Event.Method.MP)


def play_grand_slam(user, session) -> PracticeBoard:
    """As South: bid 7S when it is South's turn, then play the first legal card each
    time (South's spades win every trick)."""
    view = services.practice_state_get(user=user, session_id=session.pk)
    while view["phase"] != "over":
        assert view["actor"] == "S", view  # the robots have acted up to South's turn
        if view["phase"] == "auction":
            call = "7S" if "7S" in view["legal"]["calls"] else "P"
            view = services.practice_act(
                user=user, session_id=session.pk, version=view["version"], kind="call", value=call
            )
        else:
            card = view["legal"]["cards"][0]
            view = services.practice_act(
                user=user, session_id=session.pk, version=view["version"], kind="card", value=card
            )
        if view["phase"] != "over":
            view = services.practice_state_get(user=user, session_id=session.pk)
    return PracticeBoard.objects.get(session=session, board__number=1)
