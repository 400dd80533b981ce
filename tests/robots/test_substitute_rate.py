"""How a substitute's board counts (docs/rules.md § Robots, *Substitutes*): the result a
robot made in a player's seat is the table's, and counts for the pair it sat for; it
does not count for the replaced player's Rate (unless RATE_SUBSTITUTED_BOARDS_COUNT).

Worked example: round 1 of an online Swiss event, two tables playing boards 1 and 2. At
table 1 a robot sits South for board 1 (South asked for the seat back during it) and
South plays board 2 again. Board b's two results give NS of table 1 the cross-IMPs
x_b = IMPs(table 1's NS score − table 2's NS score). North's weekly points are
x_1 + x_2 over 2 boards; South's are x_2 over 1 board: board 1 is left out of South's
Rate, and North's board 1 counts, the robot partner at the starting Rate."""

from __future__ import annotations

import random

import pytest
from django.test import override_settings
from django.utils import timezone

from ratings.field import week_field
from ratings.models import PlayerRate, SubstitutedBoard
from ratings.services.rate import weekly_points_refresh
from ratings.weeks import week_of
from robots.seating import robot_substitute, seat_reclaim
from scoring.imps import imps
from tests.online.conftest import Seated, play_out
from tests.robots.helpers import humans_play_board
from tournaments.models import Result, Table

pytestmark = pytest.mark.django_db(transaction=True)


def second_table(online) -> Seated:
    table = online.event.rounds.get(number=1).tables.order_by("number")[1]
    table = Table.objects.select_related("round__event").get(pk=table.pk)
    players = {}
    for entry, seats in ((table.ns, "NS"), (table.ew, "EW")):
        for member in entry.members.select_related("player").order_by("position"):
            players[seats[member.position - 1]] = member.player
    return Seated(event=online.event, table=table, players=players)


@pytest.fixture
def played(online, director):
    """Both tables play boards 1 and 2; a robot plays South's board 1 at table 1."""
    rng = random.Random(11)
    online.act("N", "call", "P")  # board 1 is in play
    robot_substitute(director=director, event_id=online.event.pk, table_id=online.table.pk,
                     seat="S")  # fmt: skip
    seat_reclaim(user=online.players["S"], event_id=online.event.pk, table_id=online.table.pk)
    humans_play_board(online, rng)
    play_out(online, rng)  # board 2, South back in the seat
    other = second_table(online)
    play_out(other, rng)
    play_out(other, rng)
    return online, other


def x_of(online, other, number):
    mine = Result.objects.get(table=online.table, board__number=number).ns_score
    theirs = Result.objects.get(table=other.table, board__number=number).ns_score
    return imps(mine - theirs)


def points(player):
    row = PlayerRate.objects.get(player=player)
    return row.weekly_points, row.boards_this_week


def test_the_robot_s_board_is_left_out_of_the_replaced_player_s_rate(played):
    online, other = played
    south, north = online.players["S"], online.players["N"]
    board1 = Result.objects.get(table=online.table, board__number=1)
    assert board1.status == "played"  # the table's result: it counts for the pair
    assert SubstitutedBoard.objects.get().player == south
    assert SubstitutedBoard.objects.get().board_id == board1.board_id
    x1, x2 = x_of(online, other, 1), x_of(online, other, 2)
    weekly_points_refresh()
    assert points(north) == (pytest.approx(x1 + x2), 2)
    assert points(south) == (pytest.approx(x2), 1)
    field = week_field(week=week_of(timezone.now()))
    lines = field.line_board[field.line_player == south.pk].tolist()
    board2 = Result.objects.get(table=online.table, board__number=2).board_id
    assert lines == [board2]
    # the pairs' other players keep every board (a line-up naming only the robot)
    for player in (online.players["E"], online.players["W"], *other.players.values()):
        assert (field.line_player == player.pk).sum() == 2, player


@override_settings(RATE_SUBSTITUTED_BOARDS_COUNT=True)
def test_a_site_may_count_them(played):
    online, other = played
    x1, x2 = x_of(online, other, 1), x_of(online, other, 2)
    weekly_points_refresh()
    assert points(online.players["S"]) == (pytest.approx(x1 + x2), 2)


def test_a_robot_still_seated_leaves_the_other_three_their_board(online, director):
    """The line-up names only the robot: the pairs' other players are still found by the
    pairs' order, and the replaced player has no line for the board."""
    rng = random.Random(12)
    robot_substitute(director=director, event_id=online.event.pk, table_id=online.table.pk,
                     seat="S")  # fmt: skip
    humans_play_board(online, rng)
    other = second_table(online)
    play_out(other, rng)
    field = week_field(week=week_of(timezone.now()))
    board1 = Result.objects.get(table=online.table, board__number=1).board_id
    mine = field.seats[field.result == Result.objects.get(table=online.table).pk][0]
    robot = online.table.seats.get(seat="S").player
    assert mine.tolist() == [online.players["N"].pk, robot.pk, online.players["E"].pk,
                             online.players["W"].pk]  # fmt: skip
    assert online.players["S"].pk not in field.line_player[field.line_board == board1]
    assert robot.pk not in field.line_player  # a robot has no Rate
    weekly_points_refresh()
    assert not PlayerRate.objects.filter(player=robot).exists()
    assert PlayerRate.objects.get(player=online.players["N"]).boards_this_week == 1
