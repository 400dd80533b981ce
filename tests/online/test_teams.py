"""A team match played online: a player sits where the line-up (or their sitting down)
puts them, and once a table has its line-up a team member not seated at it holds no
seat there, as on my-table (docs/rules.md § Visibility, rooms): they might yet play the
same boards in the other room."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from online import services
from tests.factories import UserFactory
from tournaments import services as tournament_services
from tournaments.errors import BridgeError
from tournaments.formats.teams.services import team_create, team_enter, teams_event_create
from tournaments.models import Match, TableSeat

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(director):
    event = teams_event_create(
        name="Match", kind="teams_rr", start_at=timezone.now() + timedelta(hours=1),
        boards_per_round=2, director=director, seed=1, teams=2, online_play=True,
    )  # fmt: skip
    for i in range(2):
        players = [UserFactory() for _ in range(5)]
        team_enter(
            event=event,
            team=team_create(name=f"T{i}", captain=players[0], players=players),
            by=director,
        )
    tournament_services.event_start(event=event, rng=random.Random(1))
    return Match.objects.select_related("open_table", "closed_table").get(event=event)


def test_once_a_table_has_its_line_up_only_its_seated_players_hold_seats(match):
    home = [m.player for m in match.home.members.order_by("position")]
    event_id = match.event_id
    # two home players sit down in the open room, one in the closed room
    for player in home[:2]:
        tournament_services.table_sit(table_id=match.open_table_id, user=player)
    tournament_services.table_sit(table_id=match.closed_table_id, user=home[2])
    seats = dict(TableSeat.objects.filter(table=match.open_table).values_list("player_id", "seat"))
    for player in home[:2]:
        view = services.table_state_get(
            user=player, event_id=event_id, table_id=match.open_table_id
        )
        assert view["seat"] == seats[player.pk]
        assert [s for s in "NESW" if view["hands"][s]] == [view["seat"]]
    # a member seated in the other room, or not seated yet, holds no seat here
    for player in home[2:]:
        with pytest.raises(BridgeError) as caught:
            services.table_state_get(user=player, event_id=event_id, table_id=match.open_table_id)
        assert caught.value.code == "not_seated"
    with pytest.raises(BridgeError) as caught:
        services.table_state_get(user=home[0], event_id=event_id, table_id=match.closed_table_id)
    assert caught.value.code == "not_seated"
