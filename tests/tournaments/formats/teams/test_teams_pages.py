"""Team pages: a captain creates a team, edits the roster, enters a team event and hands
in a line-up; a director creates a team event; the event page shows VP standings and the
matches; a team member picks a room on my-table; errors are shown and change nothing."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import UserFactory
from tournaments import services
from tournaments.formats.teams import services as team_services
from tournaments.models import Event, Lineup, Match, TableSeat, Team


def _login(client, user):
    client.force_login(user)


@pytest.fixture
def players(db):
    return [UserFactory() for _ in range(8)]


@pytest.mark.django_db
def test_team_event_end_to_end_through_pages(client, director, players):
    _login(client, director)
    start = (timezone.localtime() + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M")
    response = client.post(
        reverse("tournaments:teams_event_create"),
        {"name": "Club teams", "kind": "teams_rr", "start_at": start, "boards_per_round": 4,
         "round_minutes": 40, "gap_minutes": 5, "vp_scale": "wbf2013", "bye_vp": 12,
         "adjusted_plus": 3, "adjusted_average": 0, "adjusted_minus": -3, "broadcast": "on"},
    )  # fmt: skip
    event = Event.objects.get(name="Club teams")
    assert response.status_code == 302 and event.kind == "teams_rr"
    assert event.settings.boards_per_round == 4 and event.settings.broadcast
    client.logout()

    teams = []
    for i, roster in enumerate((players[:4], players[4:])):
        _login(client, roster[0])
        names = "\n".join(p.username for p in roster)
        response = client.post(
            reverse("tournaments:team_create"),
            {"name": f"Team {i}", "players": names, "captain": roster[0].username},
        )
        team = Team.objects.get(name=f"Team {i}")
        assert response.status_code == 302
        assert list(team.members.values_list("player", flat=True)) == [p.pk for p in roster]
        page = client.get(reverse("tournaments:event_detail", args=[event.pk]))
        assert "Enter team" in page.content.decode()
        client.post(reverse("tournaments:event_enter_team", args=[event.pk]), {"team": team.pk})
        teams.append(team)
        # The line-up: players 3 and 4 in the open room.
        entry = event.entries.get(team_entry__team=team)
        form = client.get(reverse("tournaments:event_lineup", args=[event.pk]))
        assert form.status_code == 200
        ids = [str(p.pk) for p in roster]
        client.post(
            reverse("tournaments:event_lineup", args=[event.pk]),
            {"open_first": ids[2], "open_second": ids[3], "closed_first": ids[0],
             "closed_second": ids[1]},
        )  # fmt: skip
        assert Lineup.objects.get(entry=entry).open_first == roster[2]
        client.logout()

    # Another team's captain can't see or hand in a line-up for this team.
    outsider = UserFactory()
    _login(client, outsider)
    assert client.get(reverse("tournaments:event_lineup", args=[event.pk])).status_code == 403
    client.logout()

    services.event_start(event=event, rng=random.Random(1))
    match = Match.objects.get(event=event)
    assert set(
        TableSeat.objects.filter(table=match.open_table).values_list("player", flat=True)
    ) == {players[2].pk, players[3].pk, players[6].pk, players[7].pk}
    # A lined-up player's my-table is their room.
    _login(client, players[0])
    page = client.get(reverse("tournaments:my_table", args=[event.pk]))
    assert page.context["seat"].table == match.closed_table
    client.logout()

    page = client.get(reverse("tournaments:event_detail", args=[event.pk]))
    html = page.content.decode()
    assert "Team 0" in html and "Team 1" in html and "VPs" in html
    fragment = client.get(reverse("tournaments:standings_fragment", args=[event.pk]))
    assert fragment.status_code == 200 and "Team 0" in fragment.content.decode()

    team_page = client.get(reverse("tournaments:team_detail", args=[teams[0].pk]))
    assert team_page.status_code == 200 and "Club teams" in team_page.content.decode()


@pytest.mark.django_db
def test_team_pages_show_errors_and_change_nothing(client, players):
    _login(client, players[0])
    response = client.post(
        reverse("tournaments:team_create"),
        {"name": "Short", "players": "\n".join(p.username for p in players[:3]),
         "captain": players[0].username},
    )  # fmt: skip
    assert response.status_code == 200 and "4 to 6 players" in response.content.decode()
    response = client.post(
        reverse("tournaments:team_create"),
        {"name": "Ghost", "players": "nobody-here", "captain": players[0].username},
    )
    assert "There is no player" in response.content.decode()
    assert not Team.objects.exists()
    team = team_services.team_create(name="Aces", captain=players[0], players=players[:4])
    client.logout()
    _login(client, players[1])  # not the captain
    assert client.get(reverse("tournaments:team_edit", args=[team.pk])).status_code == 403


@pytest.mark.django_db
def test_unseated_team_member_picks_a_room_on_my_table(client, director, players):
    event = team_services.teams_event_create(
        name="T", kind="teams_rr", start_at=timezone.now() + timedelta(hours=1),
        boards_per_round=2, director=director, teams=2,
    )  # fmt: skip
    for roster in (players[:4], players[4:]):
        team = team_services.team_create(name=roster[0].username, captain=roster[0], players=roster)
        team_services.team_enter(event=event, team=team, by=director)
    services.event_start(event=event, rng=random.Random(1))
    match = Match.objects.get(event=event)
    _login(client, players[5])
    page = client.get(reverse("tournaments:my_table", args=[event.pk]))
    assert page.context["seat"] is None
    assert [s.table for s in page.context["rooms"]] == [match.open_table, match.closed_table]
    page = client.get(reverse("tournaments:my_table", args=[event.pk]) + "?room=closed")
    assert page.context["seat"].table == match.closed_table and page.context["seat"].side == "NS"
