"""The scoring pool in the API: create, lobby, join, my table, results, leaderboard."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.conftest import api_client, held_lead
from tests.tournaments.formats.pool.conftest import boards_of, play, seat
from tournaments.deals import deal_hands
from tournaments.models import Event, PoolReady, PoolResult

pytestmark = pytest.mark.django_db


def test_a_director_creates_a_pool_and_bad_input_changes_nothing(director, players):
    start = timezone.now() + timedelta(hours=1)
    body = {"name": "API pool", "start_at": start.isoformat(),
            "ends_at": (start + timedelta(days=7)).isoformat(), "boards": 6}  # fmt: skip
    assert api_client(players[0]).post("/api/events/pool/", body, format="json").status_code == 403
    response = api_client(director).post("/api/events/pool/", body, format="json")
    assert response.status_code == 201, response.json()
    data = response.json()
    assert data["kind"] == "pool" and data["pool"]["score_at"] == 6
    assert data["pool"]["retire_at"] == 40 and data["pool"]["boards_per_table"] == 4
    assert Event.objects.get(pk=data["id"]).boards.count() == 6
    for bad in ({"ends_at": start.isoformat()}, {"score_at": 50}, {"boards_per_table": 0}):
        response = api_client(director).post(
            "/api/events/pool/", {**body, "name": "Bad pool", **bad}, format="json"
        )
        assert response.status_code == 400 and response.json()["detail"]
    assert not Event.objects.filter(name="Bad pool").exists()


def test_players_join_through_the_api_and_four_start_a_table(make_pool, players):
    event = make_pool(boards=8)
    url = f"/api/events/{event.pk}/pool/join/"
    north, south, east, west = players[:4]
    for p in (east, west):
        assert api_client(p).post(url, {}, format="json").json() == {"table": None, "waiting": True}
    response = api_client(north).post(
        url, {"partner": south.username, "opponents": [east.username, west.username]}, format="json"
    )
    assert response.status_code == 409 and response.json()["code"] == "not_ready"
    api_client(south).post(url, {}, format="json")
    response = api_client(north).post(
        url, {"partner": south.username, "opponents": [east.username, west.username]}, format="json"
    )
    assert response.status_code == 200 and response.json()["table"] == 1
    lobby = api_client(north).get(f"/api/events/{event.pk}/pool/").json()
    assert lobby["my_table"] == 1 and lobby["ready"] == []
    assert lobby["tables"][0]["players"]["N"] == north.name
    # already at a table: refused, nothing changes
    response = api_client(north).post(url, {}, format="json")
    assert response.status_code == 409 and response.json()["code"] == "busy"
    assert not PoolReady.objects.filter(event=event).exists()
    # unknown player: 400
    response = api_client(players[5]).post(url, {"partner": "ghost"}, format="json")
    assert response.status_code == 400


def test_my_table_gives_my_own_hand_and_takes_results(make_pool, players):
    event = make_pool(boards=8)
    table = seat(event, players[:4])
    north, east = players[0], players[2]
    data = api_client(east).get(f"/api/events/{event.pk}/pool/table/").json()
    assert data["seat"] == "E" and len(data["boards"]) == 4
    board = boards_of(table)[0]
    first = next(b for b in data["boards"] if b["id"] == board.pk)
    cards = deal_hands(board.deal)["E"]
    assert first["hand"] == ".".join(cards[s] for s in "SHDC")  # East's, nobody else's
    response = api_client(north).post(
        "/api/results/",
        {"table": data["table_id"], "board": board.pk, "contract": "3NT", "declarer": "N",
         "tricks": 9, "lead": held_lead(board.pk, "N")},
        format="json",
    )  # fmt: skip
    assert response.status_code == 201, response.json()
    assert PoolResult.objects.get(result_id=response.json()["id"]).seq == 1
    mine = api_client(east).get(f"/api/events/{event.pk}/pool/table/").json()
    entered = next(b for b in mine["boards"] if b["id"] == board.pk)["result"]
    assert entered["contract"] == "3NT" and entered["confirmed"] is False
    assert api_client(players[8]).get(f"/api/events/{event.pk}/pool/table/").status_code == 404


def test_own_results_and_the_leaderboard(make_pool, players, django_assert_max_num_queries):
    event = make_pool(boards=4, score_at=2)
    for i in range(8):
        table = seat(event, players[4 * i : 4 * i + 4])
        for j, board in enumerate(boards_of(table)):
            play(table, board, "3NT", "N", 8 + (i + j) % 4)
    own = api_client(players[0]).get(f"/api/events/{event.pk}/pool/results/").json()
    assert len(own) == 4 and all(r["provisional"] is False for r in own)
    assert {r["board"] for r in own} == {b.number for b in event.boards.all()}
    with django_assert_max_num_queries(8):
        page = api_client().get(f"/api/events/{event.pk}/pool/leaderboard/?limit=10").json()
    assert page["count"] == 32 and len(page["results"]) == 10
    imps = [r["imps"] for r in page["results"]]
    assert imps == sorted(imps, reverse=True) and page["results"][0]["place"] == 1
    swiss = Event.objects.exclude(kind=Event.Kind.POOL).first()
    if swiss is not None:
        assert api_client().get(f"/api/events/{swiss.pk}/pool/").status_code == 404
