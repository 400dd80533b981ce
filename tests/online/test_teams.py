"""A team match played online: a player sits where the line-up (or their sitting down)
puts them, and a team member not seated at a table holds no seat there, as on my-table
(docs/rules.md § Visibility, rooms): they might yet play the same boards in the other
room."""

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


def test_a_member_not_seated_holds_no_seat_until_seated(match):
    table = match.open_table
    home = [m.player for m in match.home.members.order_by("position")]
    seated = {s.player_id: s.seat for s in TableSeat.objects.filter(table=table)}
    not_seated = next(p for p in home if p.pk not in seated
                      and not TableSeat.objects.filter(player=p).exists())  # fmt: skip
    with pytest.raises(BridgeError) as caught:
        services.table_state_get(user=not_seated, event_id=match.event_id, table_id=table.pk)
    assert caught.value.code == "not_seated"
    if seated:  # a seated player sees their own hand only
        player_id, seat = next(iter(seated.items()))
        user = next(p for p in home + [m.player for m in match.away.members.all()]
                    if p.pk == player_id)  # fmt: skip
        view = services.table_state_get(user=user, event_id=match.event_id, table_id=table.pk)
        assert view["seat"] == seat
        assert [s for s in "NESW" if view["hands"][s]] == [seat]
    tournament_services.table_sit(table_id=table.pk, user=not_seated)
    view = services.table_state_get(user=not_seated, event_id=match.event_id, table_id=table.pk)
    assert view["seat"] in "NS" and view["hands"][view["seat"]]
