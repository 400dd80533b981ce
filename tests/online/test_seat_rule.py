"""The seat check of every action (``table_seat_get``) reads a pairs table's line-up and
the user's membership together in one query, and answers as the one seat rule
(``Format.table_side`` then ``seat_letter_of``) always did."""

from __future__ import annotations

import pytest

from online.selectors import table_seat_get
from tests.factories import UserFactory
from tournaments.formats import format_for
from tournaments.models import Table, TableSeat
from tournaments.selectors.play import seat_letter_of

pytestmark = pytest.mark.django_db


def _long_way(table, user):
    side = format_for(table.event).table_side(table=table, user=user)
    if side is None:
        seats = TableSeat.objects.filter(table=table, player=user).values_list("seat", flat=True)
        return seats.first()
    entry = table.ns_id if side == "NS" else table.ew_id
    return seat_letter_of(table=table, side=side, entry=entry, user=user)


def _table(online):
    table = Table.objects.select_related("round__event").get(pk=online.table.pk)
    table.event = table.round.event
    return table


def _check(online, people, expected, django_assert_num_queries):
    table = _table(online)
    for user, seat in zip(people, expected, strict=True):
        with django_assert_num_queries(1):
            got = table_seat_get(table=table, user=user)
        assert got == seat == _long_way(table, user)


def test_the_pairs_seats_in_one_query(online, django_assert_num_queries):
    players = [online.players[s] for s in "NESW"]
    outsider = UserFactory()
    _check(online, [*players, outsider], ["N", "E", "S", "W", None], django_assert_num_queries)


def test_a_substitute_holds_the_seat_and_the_player_replaced_none(
    online, django_assert_num_queries
):
    substitute = UserFactory()
    TableSeat.objects.create(table=online.table, seat="N", player=substitute)
    people = [substitute, online.players["N"], online.players["S"], online.players["E"]]
    _check(online, people, ["N", None, "S", "E"], django_assert_num_queries)


def test_a_line_up_seat_of_a_member_wins_over_the_pair_s_order(online, django_assert_num_queries):
    # the pair swapped in the line-up: North sits South, and South (whose own seat the
    # line-up now gives away) sits North
    TableSeat.objects.create(table=online.table, seat="S", player=online.players["N"])
    TableSeat.objects.create(table=online.table, seat="N", player=online.players["S"])
    people = [online.players[s] for s in "NSEW"]
    _check(online, people, ["S", "N", "E", "W"], django_assert_num_queries)
