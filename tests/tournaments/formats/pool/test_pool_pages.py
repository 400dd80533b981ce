"""The scoring pool's pages: the lobby, starting a table, the table, board pages under
the pool's visibility rule, the leaderboard and the director's form."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.conftest import held_lead
from tests.tournaments.formats.pool.conftest import boards_of, play, seat
from tournaments.models import Event, PoolReady, PoolResult, Result, TableSeat

pytestmark = pytest.mark.django_db


def lobby(client, event):
    return client.get(reverse("tournaments:pool_lobby", args=[event.pk]))


def test_the_event_page_of_a_pool_is_its_lobby(client, make_pool):
    event = make_pool()
    response = client.get(reverse("tournaments:event_detail", args=[event.pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("tournaments:pool_lobby", args=[event.pk])


def test_the_lobby_shows_ready_players_and_tables_in_play(client, make_pool, players):
    event = make_pool(boards=8)
    table = seat(event, players[:4])
    client.force_login(players[4])
    client.post(reverse("tournaments:pool_join", args=[event.pk]))
    page = lobby(client, event).content.decode()
    assert players[4].name in page.split("Ready players")[1].split("Tables in play")[0]
    in_play = page.split("Tables in play")[1]
    assert f">{table.number}<" in in_play and players[0].name in in_play
    assert "Waiting since" in page and "Stop waiting" in page


def test_a_player_starts_a_table_of_four_from_the_lobby(client, make_pool, players):
    event = make_pool(boards=8)
    north, south, east, west = players[:4]
    for p in (south, east, west):
        client.force_login(p)
        client.post(reverse("tournaments:pool_join", args=[event.pk]))
    client.force_login(north)
    response = client.post(
        reverse("tournaments:pool_join", args=[event.pk]),
        {"partner": south.username, "east": east.username, "west": west.username},
        follow=True,
    )
    seats = dict(TableSeat.objects.filter(table__event=event).values_list("seat", "player"))
    assert seats == {"N": north.pk, "S": south.pk, "E": east.pk, "W": west.pk}
    # the pool is played online: the table itself, not its typed entry (issue #32)
    table = TableSeat.objects.get(player=north).table
    assert response.redirect_chain[-1][0] == reverse("online:table", args=[event.pk, table.pk])
    page = response.content.decode()
    assert "Your table has started" in page and 'id="play-config"' in page
    # at a pool played at physical tables, the pool's table page with its entry
    Event.objects.filter(pk=event.pk).update(online_play=False)
    response = client.get(reverse("tournaments:pool_table", args=[event.pk]))
    assert response.status_code == 200 and response.content.decode().count('name="board"') >= 4


def test_a_bad_name_in_the_lobby_is_shown_and_changes_nothing(client, make_pool, players):
    event = make_pool(boards=8)
    client.force_login(players[0])
    response = client.post(
        reverse("tournaments:pool_join", args=[event.pk]), {"partner": "nobody-here"}, follow=True
    )
    assert "No player “nobody-here”" in response.content.decode()
    assert not PoolReady.objects.filter(event=event).exists()
    # naming opponents who are not waiting
    response = client.post(
        reverse("tournaments:pool_join", args=[event.pk]),
        {"partner": players[1].username, "east": players[2].username,
         "west": players[3].username},
        follow=True,
    )  # fmt: skip
    assert "is not ready" in response.content.decode()
    assert not PoolReady.objects.filter(event=event).exists()


def test_the_table_page_enters_and_confirms_a_result(client, make_pool, players):
    event = make_pool(boards=8)
    table = seat(event, players[:4])
    board = boards_of(table)[0]
    url = reverse("tournaments:pool_table_entry", args=[event.pk])  # played online: typed
    client.force_login(players[0])
    data = {"contract": "3NT", "declarer": "N", "tricks": "9", "lead": held_lead(board.pk, "N")}
    response = client.post(
        url, {"board": board.pk, **{f"b{board.pk}-{k}": v for k, v in data.items()}}
    )
    assert response.status_code == 302
    result = Result.objects.get(table=table, board=board)
    assert PoolResult.objects.filter(result=result, seq=1).exists()  # arrived: numbered
    client.force_login(players[2])  # East sees it and confirms
    page = client.get(url).content.decode()
    assert "3NT" in page
    state = client.get(reverse("tournaments:pool_table_state", args=[event.pk])).json()
    assert state["signature"].endswith(f"{board.pk}p00")
    confirm = reverse("tournaments:result_confirm", args=[event.pk, result.pk])
    client.post(confirm)
    result.refresh_from_db()
    assert result.confirmed_by == players[2]
    assert (
        client.get(reverse("tournaments:pool_table_state", args=[event.pk]))
        .json()["signature"]
        .endswith(f"{board.pk}p10")
    )


def test_the_table_page_refuses_a_board_of_another_table(client, make_pool, players):
    event = make_pool(boards=8)
    mine = seat(event, players[:4])
    other = event.boards.exclude(pk__in=[b.pk for b in boards_of(mine)]).first()
    client.force_login(players[0])
    response = client.post(
        reverse("tournaments:pool_table", args=[event.pk]), {"board": other.pk}, follow=True
    )
    assert "That board is not played at your table." in response.content.decode()
    assert not Result.objects.filter(board=other).exists()


def test_a_pool_board_is_shown_only_to_those_who_played_it(client, make_pool, players):
    event = make_pool(boards=4)
    first = seat(event, players[:4])
    board = boards_of(first)[0]
    play(first, board, "3NT", "N", 10)
    second = seat(event, players[4:8])
    assert board in boards_of(second)
    url = reverse("tournaments:board_detail", args=[event.pk, board.number])
    client.force_login(players[4])  # dealt it, not played yet: no deal, no result
    page = client.get(url).content.decode()
    assert "430" not in page and "hand-diagram" not in page
    client.force_login(players[1])  # played it: the results and the deal
    page = client.get(url).content.decode()
    assert "430" in page
    client.logout()
    assert "430" not in client.get(url).content.decode()


def test_a_retired_board_is_public_with_its_datum(client, make_pool, players):
    event = make_pool(boards=4, score_at=2, retire_at=2)
    board = None
    for i in range(2):
        table = seat(event, players[4 * i : 4 * i + 4])
        board = board or boards_of(table)[0]
        play(table, board, "3NT", "N", 9 + i)
    url = reverse("tournaments:board_detail", args=[event.pk, board.number])
    client.logout()
    page = client.get(url).content.decode()
    assert "400" in page and "430" in page
    assert "Datum" in page and "Round" not in page  # a pool board belongs to no round


def test_the_lobby_lists_own_results_provisional_then_final(client, make_pool, players):
    event = make_pool(boards=4, score_at=2)
    first = seat(event, players[:4])
    board = boards_of(first)[0]
    play(first, board, "3NT", "N", 9)
    client.force_login(players[0])
    assert "0 provisional" in lobby(client, event).content.decode()
    second = seat(event, players[4:8])
    play(second, board, "3NT", "N", 10)
    page = lobby(client, event).content.decode()
    mine = page.split("Your results")[1].split("Leaderboard")[0]
    assert "0 provisional" not in mine, mine
    assert ">420<" in mine  # the datum of 400 and 430 (a mean of 415 rounds away from 0)


def test_the_leaderboard_page_ranks_the_players(
    client, make_pool, players, django_assert_max_num_queries
):
    event = make_pool(boards=4, score_at=2)
    for i in range(6):
        table = seat(event, players[4 * i : 4 * i + 4])
        for j, board in enumerate(boards_of(table)):
            play(table, board, "3NT", "N", 8 + (i + j) % 4)
    url = reverse("tournaments:pool_leaderboard", args=[event.pk])
    with django_assert_max_num_queries(12):
        page = client.get(url).content.decode()
    for p in players[:24]:
        assert p.name in page


def test_only_a_director_creates_a_pool_on_the_page(client, director, players):
    url = reverse("tournaments:pool_create")
    client.force_login(players[0])
    assert client.get(url, follow=True).redirect_chain  # sent away with a message
    client.force_login(director)
    start = timezone.localtime() + timedelta(hours=1)
    response = client.post(
        url,
        {
            "name": "Week 49 pool", "start_at": start.strftime("%Y-%m-%dT%H:%M"),
            "ends_at": (start + timedelta(days=7)).strftime("%Y-%m-%dT%H:%M"),
            "boards": 8, "boards_per_table": 4, "minutes_per_board": 8, "score_at": 6,
            "retire_at": 40, "lead_required": "on", "online_play": "on",
        },
    )  # fmt: skip
    event = Event.objects.get(name="Week 49 pool")
    assert response.status_code == 302 and event.kind == Event.Kind.POOL
    assert event.boards.count() == 8 and event.settings.retire_at == 40
    # a closing time before the opening is shown on the form and creates nothing
    response = client.post(
        url,
        {
            "name": "Backwards pool", "start_at": start.strftime("%Y-%m-%dT%H:%M"),
            "ends_at": (start - timedelta(days=1)).strftime("%Y-%m-%dT%H:%M"),
            "boards": 8, "boards_per_table": 4, "minutes_per_board": 8, "score_at": 6,
            "retire_at": 40,
        },
    )  # fmt: skip
    assert response.status_code == 200 and "close after it opens" in response.content.decode()
    assert not Event.objects.filter(name="Backwards pool").exists()


def test_the_admin_shows_a_pool_with_its_settings_and_library(client, director, make_pool, players):
    director.is_superuser = True
    director.save()
    event = make_pool(boards=4)
    table = seat(event, players[:4])
    play(table, boards_of(table)[0])
    client.force_login(director)
    html = client.get(f"/admin/tournaments/event/{event.pk}/change/").content.decode()
    assert 'name="pool_settings-0-minutes_per_board"' in html
    assert 'name="num_rounds"' not in html and 'name="pool_settings-0-score_at"' not in html
    assert client.get("/admin/tournaments/poolboard/").status_code == 200
    pr = PoolResult.objects.get(event=event)
    assert client.get(f"/admin/tournaments/poolresult/{pr.pk}/change/").status_code == 200
    assert client.get("/admin/tournaments/poolscore/").status_code == 200
    start = timezone.now() + timedelta(days=1)
    response = client.post(
        "/admin/tournaments/event/add/",
        {"name": "Admin pool", "kind": "pool", "director": director.pk,
         "start_at_0": start.strftime("%Y-%m-%d"), "start_at_1": start.strftime("%H:%M:%S"),
         "num_rounds": 4, "boards_per_round": 8, "round_minutes": 60, "gap_minutes": 5,
         "method": "imp", "finish_threshold": "0.70", "bye_score": "A="},
    )  # fmt: skip
    assert response.status_code == 200 and "on its own page" in response.content.decode()
    assert not Event.objects.filter(name="Admin pool").exists()


def test_the_director_records_a_disconnection_from_the_lobby(client, director, make_pool, players):
    from ratings.models import Disconnection

    event = make_pool(boards=8)
    table = seat(event, players[:4])
    board = boards_of(table)[0]
    url = reverse("ratings:pool_disconnection", args=[event.pk])
    post = {"table": table.number, "player": players[2].pk, "board": board.number,
            "reason": "lost the connection"}  # fmt: skip
    client.force_login(players[0])  # a player may not
    assert (
        "director records a disconnection" in client.post(url, post, follow=True).content.decode()
    )
    assert not Disconnection.objects.exists()
    client.force_login(director)
    page = lobby(client, event).content.decode()
    assert "record a disconnection" in page and f'value="{players[2].pk}"' in page
    for bad, message in (
        ({"board": 999}, "That board is not played at this table."),
        ({"player": players[9].pk}, "That player does not sit at this table."),
        ({"table": 77}, "No table 77 is in play."),
        ({"reason": " "}, "needs a reason"),
    ):
        response = client.post(url, {**post, **bad}, follow=True)
        assert message in response.content.decode(), bad
    assert not Disconnection.objects.exists()
    response = client.post(url, post, follow=True)
    assert "disconnected on board" in response.content.decode()
    row = Disconnection.objects.get()
    assert (row.player, row.board, row.recorded_by) == (players[2], board, director)
    assert "recorded already" in client.post(url, post, follow=True).content.decode()
    assert Disconnection.objects.count() == 1
