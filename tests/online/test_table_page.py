"""The playing table's page (docs/rules.md § Online play): the players of the table, each
told their own seat, and the event's director, may open it; anyone else gets a 403
before anything of the table is read. My-table leads to it while an online round is on."""

from __future__ import annotations

import json
import random
import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.conftest import player
from tests.factories import UserFactory
from tournaments import services
from tournaments.formats.pool import services as pool_services
from tournaments.formats.teams.services import team_create, team_enter, teams_event_create
from tournaments.models import Match, TableSeat

pytestmark = pytest.mark.django_db


@pytest.fixture
def online(make_event):
    event = make_event(pairs=4, start=True, online_play=True)
    rnd = event.rounds.get(number=1)
    return event, rnd.tables.get(number=1), rnd.tables.get(number=2)


def url(table) -> str:
    return reverse("online:table", args=[table.event_id, table.pk])


def config(response) -> dict:
    found = re.search(
        r'<script id="play-config" type="application/json">(.*?)</script>',
        response.content.decode(),
        re.S,
    )
    assert found, "the page carries its configuration"
    return json.loads(found.group(1))


@pytest.mark.parametrize(
    "side, position, seat", [("ns", 1, "N"), ("ns", 2, "S"), ("ew", 1, "E"), ("ew", 2, "W")]
)
def test_each_player_of_the_table_opens_it_at_their_own_seat(
    client, online, side, position, seat, django_assert_max_num_queries
):
    event, table, _ = online
    client.force_login(player(getattr(table, side), position))
    with django_assert_max_num_queries(8):
        response = client.get(url(table))
    assert response.status_code == 200
    cfg = config(response)
    assert cfg["seat"] == seat
    assert cfg["event"] == event.pk and cfg["table"] == table.pk
    # the doors of docs/online-play.md
    assert cfg["api"] == f"/api/events/{event.pk}/tables/{table.pk}/play/"
    assert cfg["ws"] == f"/ws/events/{event.pk}/tables/{table.pk}/"
    assert cfg["names"][seat] == player(getattr(table, side), position).name
    assert set(cfg["names"]) == {"N", "E", "S", "W"}
    assert cfg["time_zone"] == event.time_zone and cfg["csrf"]
    assert cfg["strings"]["err_revoke"] == "You must follow suit."
    page = response.content.decode()
    assert "online/table.js" in page and 'data-slot="centre"' in page
    # the round's end, in the event's zone, named, and counted down
    assert "Round ends at" in page and 'data-ends-at="' in page


def test_the_director_watches_the_table_from_no_seat(client, online, director):
    _, table, _ = online
    client.force_login(director)
    response = client.get(url(table))
    assert response.status_code == 200
    assert config(response)["seat"] is None


def test_the_events_own_director_who_is_not_staff_opens_it_too(client, make_event):
    own = UserFactory()
    event = make_event(pairs=4, start=True, online_play=True, director=own)
    table = event.rounds.get(number=1).tables.get(number=1)
    client.force_login(own)
    assert client.get(url(table)).status_code == 200


def test_a_player_of_another_table_and_a_stranger_get_a_403(client, online):
    _, table, other = online
    client.force_login(player(other.ns))
    assert client.get(url(table)).status_code == 403
    client.force_login(UserFactory())
    response = client.get(url(table))
    assert response.status_code == 403
    assert "play-config" not in response.content.decode()


def test_anonymous_is_sent_to_log_in(client, online):
    _, table, _ = online
    response = client.get(url(table))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_an_event_played_at_physical_tables_has_no_online_table(client, make_event):
    event = make_event(pairs=4, start=True)
    table = event.rounds.get(number=1).tables.get(number=1)
    client.force_login(UserFactory())
    assert client.get(url(table)).status_code == 403  # who asks, first
    client.force_login(player(table.ns))
    assert client.get(url(table)).status_code == 404


def test_a_table_of_another_event_is_not_found(client, online, make_event):
    _, table, _ = online
    client.force_login(player(table.ns))
    other = make_event(pairs=4, name="Other")
    response = client.get(reverse("online:table", args=[other.pk, table.pk]))
    assert response.status_code == 404


def test_a_team_member_opens_their_room_at_their_seat_and_not_the_other(client, director):
    event = teams_event_create(
        name="Match", kind="teams_rr", start_at=timezone.now() + timedelta(hours=1),
        boards_per_round=2, director=director, seed=1, teams=2,
    )  # fmt: skip
    event.online_play = True
    event.save(update_fields=["online_play"])
    rosters = []
    for i in range(2):
        players = [UserFactory() for _ in range(5)]
        team = team_create(name=f"T{i}", captain=players[0], players=players)
        team_enter(event=event, team=team, by=director)
        rosters.append(players)
    services.event_start(event=event, rng=random.Random(1))
    match = Match.objects.select_related("open_table").get(event=event)
    member, other = rosters[0][0], rosters[0][1]
    services.table_sit(table_id=match.open_table_id, user=member)
    services.table_sit(table_id=match.closed_table_id, user=other)
    seated = TableSeat.objects.get(player=member)
    client.force_login(member)
    response = client.get(url(match.open_table))
    assert response.status_code == 200 and config(response)["seat"] == seated.seat
    client.force_login(other)  # their team's other room
    assert client.get(url(match.open_table)).status_code == 403
    client.force_login(UserFactory())
    assert client.get(url(match.open_table)).status_code == 403


def test_my_table_opens_the_playing_table_in_an_online_round(client, online, make_event):
    """Issue #32, item 6: my-table in an online round is the table itself; the typed
    entry of results is the director's fallback, behind a link from the table."""
    event, table, _ = online
    client.force_login(player(table.ns))
    response = client.get(reverse("tournaments:my_table", args=[event.pk]))
    assert response.status_code == 302 and response["Location"] == url(table)
    typed = reverse("tournaments:my_table_entry", args=[event.pk])
    page = client.get(url(table)).content.decode()
    assert f'href="{typed}"' in page and "Enter a result by hand" in page
    page = client.get(typed).content.decode()
    assert "Play at your table" in page and f'href="{url(table)}"' in page
    assert "result-form" in page and "use it only when the director asks you to" in page
    # the director watching the table is offered no typed entry of a seat's
    client.force_login(table.event.director)
    assert "Enter a result by hand" not in client.get(url(table)).content.decode()

    physical = make_event(pairs=4, start=True, name="At the club")
    at_club = physical.rounds.get(number=1).tables.get(number=1)
    client.force_login(player(at_club.ns))
    response = client.get(reverse("tournaments:my_table", args=[physical.pk]))
    assert response.status_code == 200 and "Play at your table" not in response.content.decode()


def test_a_typed_entry_goes_back_to_the_typed_entry_page(client, online):
    event, table, _ = online
    board = event.boards.filter(round=table.round).order_by("number").first()
    client.force_login(player(table.ns))
    typed = reverse("tournaments:my_table_entry", args=[event.pk])
    answer = client.post(
        typed, {"board": board.pk, f"b{board.pk}-contract": "PASS", "passed_out": "1"}
    )
    assert answer.status_code == 302 and answer["Location"] == typed
    result = table.results.get(board=board)
    client.force_login(player(table.ew))
    back = client.post(reverse("tournaments:result_confirm", args=[event.pk, result.pk]))
    assert back.status_code == 302 and back["Location"] == typed
    # once the round is over, my-table is the page of its results again
    table.round.status = "closed"
    table.round.save(update_fields=["status"])
    assert client.get(reverse("tournaments:my_table", args=[event.pk])).status_code == 200


def _pool_of_four(director):
    now = timezone.now()
    pool = pool_services.pool_create(
        name="Pool", start_at=now - timedelta(minutes=1), ends_at=now + timedelta(days=7),
        director=director, boards=8, rng=random.Random(5), analyse=False,
        now=now - timedelta(minutes=2),
    )  # fmt: skip
    pool_services.pool_clock_step(event=pool, now=now)
    return pool, [UserFactory() for _ in range(4)]


def test_a_pool_table_opens_its_playing_table(client, director):
    """The pool is played online by default: the table that starts, and the pool's
    table page, are the online table itself; typed entry is behind a link."""
    pool, pooled = _pool_of_four(director)
    for p in pooled[1:]:
        pool_services.pool_join(event=pool, player=p)
    client.force_login(pooled[0])
    started = client.post(
        reverse("tournaments:pool_join", args=[pool.pk]),
        {"partner": pooled[1].username, "east": pooled[2].username, "west": pooled[3].username},
    )
    seat = TableSeat.objects.select_related("table").get(player=pooled[0])
    assert started.status_code == 302 and started["Location"] == url(seat.table)
    response = client.get(reverse("tournaments:pool_table", args=[pool.pk]))
    assert response.status_code == 302 and response["Location"] == url(seat.table)
    typed = reverse("tournaments:pool_table_entry", args=[pool.pk])
    response = client.get(url(seat.table))
    assert response.status_code == 200 and config(response)["seat"] == seat.seat
    assert f'href="{typed}"' in response.content.decode()
    page = client.get(typed).content.decode()
    assert "Play at your table" in page and f'href="{url(seat.table)}"' in page


def test_play_now_with_robots_opens_the_table_itself(client, director):
    """Issue #32, item 6: not the typed entry of the pool's table page."""
    pool, pooled = _pool_of_four(director)
    client.force_login(pooled[0])
    answer = client.post(reverse("tournaments:pool_join", args=[pool.pk]), {"robots": "1"})
    seat = TableSeat.objects.select_related("table").get(player=pooled[0])
    assert answer.status_code == 302 and answer["Location"] == url(seat.table)
    assert config(client.get(answer["Location"]))["seat"] == "N"
