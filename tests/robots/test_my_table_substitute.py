"""My-table of a player whose seat a robot took (issue #32, item 4; docs/rules.md
§ Robots, *Substitutes*): it still finds the player's table, and opens it, where the
table page tells them a robot plays their seat and offers it back. At a team match the
line-up names the robot in that seat: my-table used to ask which room they play in."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from robots.seating import robot_substitute
from tests.conftest import api_client
from tests.factories import UserFactory
from tournaments import services
from tournaments.formats.teams.services import team_create, team_enter, teams_event_create
from tournaments.models import Match, TableSeat

pytestmark = pytest.mark.django_db(transaction=True)


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
    services.event_start(event=event, rng=random.Random(1))
    return Match.objects.select_related("open_table", "closed_table", "event").get(event=event)


def test_a_team_player_a_robot_replaced_lands_on_their_table(match, director, client):
    table = match.open_table
    member = match.home.members.order_by("position").first().player
    services.table_sit(table_id=table.pk, user=member)
    seat = TableSeat.objects.get(table=table, player=member).seat
    robot_substitute(director=director, event_id=match.event_id, table_id=table.pk, seat=seat)
    assert TableSeat.objects.get(table=table, seat=seat).player.is_robot

    client.force_login(member)
    answer = client.get(reverse("tournaments:my_table", args=[match.event_id]))
    table_url = reverse("online:table", args=[match.event_id, table.pk])
    assert answer.status_code == 302 and answer["Location"] == table_url
    page = client.get(table_url).content.decode()
    assert "A robot is playing your seat" in page and "Take my seat back" in page
    # the typed entry, the polled state and the API know the table too: no room to pick
    typed = client.get(reverse("tournaments:my_table_entry", args=[match.event_id]))
    html = typed.content.decode()
    assert typed.status_code == 200 and "Which room do you play in?" not in html
    assert "Sit in this room" not in html and f'href="{table_url}"' in html
    state = client.get(reverse("tournaments:my_table_state", args=[match.event_id])).json()
    assert state["table"] == table.number
    mine = api_client(member).get(f"/api/events/{match.event_id}/my-table/")
    assert mine.status_code == 200 and mine.json()["table"]["number"] == table.number


def test_a_team_mate_of_the_replaced_player_is_still_asked_for_a_room(match, director, client):
    """Only the player the robot replaced has that table: not the team's other members."""
    table = match.open_table
    first, other = [m.player for m in match.home.members.order_by("position")[:2]]
    services.table_sit(table_id=table.pk, user=first)
    seat = TableSeat.objects.get(table=table, player=first).seat
    robot_substitute(director=director, event_id=match.event_id, table_id=table.pk, seat=seat)
    client.force_login(other)
    page = client.get(reverse("tournaments:my_table", args=[match.event_id]))
    assert page.status_code == 200 and "Which room do you play in?" in page.content.decode()
