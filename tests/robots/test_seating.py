"""Robots seated at an online table act through the same services and seat check as a
person (docs/rules.md § Robots, where robots sit)."""

from __future__ import annotations

import random

import pytest

from online import services
from online.models import BoardPlay, SeatPresence
from robots.models import RobotSeat
from robots.seating import robot_remove, robot_substitute, seat_reclaim
from tests.online.conftest import play_out
from tournaments.errors import ConflictError, PermissionDeniedError
from tournaments.models import EventLog, Result, TableSeat

pytestmark = pytest.mark.django_db(transaction=True)


def _human_turns(online, seat, rng, board_number):
    """The human at ``seat`` plays random legal actions while the board is in play."""
    from tests.tableplay.helpers import legal_cards, random_call

    for _ in range(200):
        snap = online.snapshot()
        if snap["board_number"] != board_number:
            return
        engine = online.engine()
        if engine.phase == "over":
            return
        if engine.actor != seat and engine.to_play != seat:
            pytest.fail(f"the robots stopped: {engine.phase}, {engine.actor} to act")
        if engine.phase == "auction":
            online.act(seat, "call", random_call(engine, rng))
        else:
            online.act(seat, "card", rng.choice(legal_cards(engine)))


def test_three_robots_play_a_board_with_one_person_to_its_result(online, director):
    for seat in "ESW":
        robot_substitute(director=director, event_id=online.event.pk, table_id=online.table.pk,
                         seat=seat)  # fmt: skip
    first = online.snapshot()["board_number"]
    _human_turns(online, "N", random.Random(3), first)
    play = BoardPlay.objects.get(table=online.table, board__number=first)
    assert play.status == BoardPlay.Status.OVER
    result = Result.objects.get(table=online.table, board__number=first)
    assert result.auction  # stored with its auction, confirmed, as typed entry would be
    robots = {a.seat for a in play.actions.filter(user__is_robot=True)}
    assert robots <= {"E", "S", "W"} and robots


def test_a_robot_never_takes_a_seat_a_person_is_connected_to(online, director):
    SeatPresence.objects.create(
        table=online.table, seat="E", user=online.players["E"], connections=1
    )
    with pytest.raises(ConflictError) as error:
        robot_substitute(director=director, event_id=online.event.pk,
                         table_id=online.table.pk, seat="E")  # fmt: skip
    assert error.value.code == "connected"
    assert not RobotSeat.objects.exists()
    assert not TableSeat.objects.filter(table=online.table).exists()


def test_the_replaced_player_is_not_seated_and_takes_the_seat_back_at_the_next_board(
    online, director
):
    robot_substitute(director=director, event_id=online.event.pk, table_id=online.table.pk,
                     seat="S")  # fmt: skip
    with pytest.raises(PermissionDeniedError):
        online.act("S", "call", "P")
    # a board in play: the seat comes back when it ends
    rng = random.Random(5)
    first = online.snapshot()["board_number"]
    online.act("N", "call", "P") if online.engine().actor == "N" else None
    row = seat_reclaim(user=online.players["S"], event_id=online.event.pk,
                       table_id=online.table.pk)  # fmt: skip
    assert row.release_requested and RobotSeat.objects.filter(pk=row.pk).exists()
    play_out(online, rng) if BoardPlay.objects.filter(table=online.table).exists() else None
    assert online.snapshot()["board_number"] != first
    assert not RobotSeat.objects.exists()
    assert services.table_state_get(user=online.players["S"], event_id=online.event.pk,
                                    table_id=online.table.pk)["seat"] == "S"  # fmt: skip
    actions = [e.action for e in EventLog.objects.filter(event=online.event)]
    assert "robot_seat" in actions and "robot_reclaim" in actions and "robot_leave" in actions


def test_the_director_removes_a_robot(online, director):
    robot_substitute(director=director, event_id=online.event.pk, table_id=online.table.pk,
                     seat="W")  # fmt: skip
    robot_remove(director=director, event_id=online.event.pk, table_id=online.table.pk,
                 seat="W")  # fmt: skip
    assert not RobotSeat.objects.exists()
    state = services.table_state_get(user=online.players["W"], event_id=online.event.pk,
                                     table_id=online.table.pk)  # fmt: skip
    assert state["seat"] == "W"
