"""Done means (docs/rules.md § Robots, *Substitutes*): in an online Swiss round with
automatic substitutes, a player disconnects during board 1; after the grace a robot
takes the seat and plays the table's boards to their results; the round closes as usual
and scores them, and the standings show both pairs of that table."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from online import presence
from online.models import BoardPlay, SeatDisconnection
from online.presence import seat_connect, seat_disconnect
from robots.models import RobotSeat
from tests.conftest import api_client
from tests.online.conftest import play_out, seated_table
from tests.robots.helpers import humans_play_board
from tests.robots.test_substitute_rate import second_table
from tournaments import services as tournament_services
from tournaments.models import Result, Round
from tournaments.signals import clock_ticked

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_robot_finishes_a_disconnected_player_s_boards_and_the_round_closes(make_event, director):
    event = make_event(pairs=4, start=True, online_play=True, robot_substitutes="auto")
    mine = seated_table(event)
    other = second_table(mine)
    now = timezone.now()
    for seated in (mine, other):
        for seat, player in seated.players.items():
            seat_connect(
                table_id=seated.table.pk, seat=seat, user_id=player.pk,
                channel_name=f"chan-{seated.table.pk}-{seat}", now=now - timedelta(seconds=300),
            )  # fmt: skip
    rng = random.Random(21)
    mine.act(mine.engine().to_play, "call", "P")  # board 1 is in play
    seat_disconnect(channel_name=f"chan-{mine.table.pk}-E", now=now - timedelta(seconds=65))
    presence.process_beat(now=now)
    clock_ticked.send(sender=None, now=now)  # records the disconnection; a robot sits
    gone = SeatDisconnection.objects.get()
    assert (gone.seat, gone.player, gone.outage) == ("E", mine.players["E"], False)
    robot = RobotSeat.objects.get()
    assert (robot.table, robot.seat, robot.reason) == (mine.table, "E", "auto")
    humans_play_board(mine, rng)  # the robot plays East with the three people
    humans_play_board(mine, rng)  # and board 2
    play_out(other, rng)
    play_out(other, rng)
    plays = BoardPlay.objects.filter(table=mine.table)
    assert [p.status for p in plays.order_by("board__number")] == ["over", "over"]
    assert plays.first().actions.filter(user__is_robot=True, seat="E").exists()
    tournament_services.round_close(event=event, number=1, open_next=False)
    assert Round.objects.get(event=event, number=1).status == Round.Status.CLOSED
    results = Result.objects.filter(table=mine.table)
    assert results.count() == 2 and all(r.status == "played" for r in results)
    assert all(r.ns_score is not None for r in results)
    standings = api_client(director).get(f"/api/events/{event.pk}/standings/").json()
    shown = {row["id"]: row for row in standings["entries"]}
    assert len(shown) == 4
    ns, ew = shown[mine.table.ns_id], shown[mine.table.ew_id]
    assert ns["boards_played"] == ew["boards_played"] == 2  # the robot's boards count
    assert ns["total"] == -ew["total"]  # the table's cross-IMPs, for both its pairs
    assert mine.players["E"].username in [p["username"] for p in ew["players"]]  # its pair
