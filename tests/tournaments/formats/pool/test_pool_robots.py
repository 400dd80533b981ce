"""Robots in the scoring pool (docs/rules.md § Robots, the pool): a ready player starts a
table at once with robots in the empty seats; robots are no players of the pool (no
standings, no scores); results played with robots are scored against the field but
neither count towards scoring nor enter the datum."""

from __future__ import annotations

import pytest
from django.urls import reverse

import scoring
from accounts.robots import robot_user
from tests.conftest import api_client
from tests.tournaments.formats.pool.conftest import boards_of, play, seat
from tournaments.errors import BridgeError, ConflictError
from tournaments.formats.pool import selectors as pool_selectors
from tournaments.formats.pool import services as pool_services
from tournaments.models import (
    Entry,
    EventLog,
    PoolBoard,
    PoolDeal,
    PoolReady,
    PoolResult,
    PoolScore,
    PoolSettings,
    Table,
)
from tournaments.selectors.events import standings_get

pytestmark = pytest.mark.django_db


def _seats(table: Table) -> dict[str, object]:
    return {s.seat: s.player for s in table.seats.select_related("player")}


def test_a_player_alone_starts_a_table_at_once_with_three_robots(make_pool, players):
    event = make_pool(boards=8)
    me = players[0]
    table = pool_services.pool_robots_join(event=event, player=me)
    seats = _seats(table)
    assert seats["N"] == me
    assert all(seats[s].is_robot for s in "ESW")
    assert {seats[s].username for s in "ESW"} == {"robot-east", "robot-south", "robot-west"}
    assert len(boards_of(table)) == 4 and table.round.is_open
    # the robots' deals are marked: a robot account sits at many tables at once
    assert PoolDeal.objects.filter(table=table, robot=True).count() == 12
    people = PoolDeal.objects.filter(table=table, robot=False)
    assert set(people.values_list("player", flat=True)) == {me.pk}
    # a robot's entry names the table's EW side but has no registration order: it is in
    # no standings
    assert table.ew.members.get().player == seats["E"]
    assert table.ew.registration_order is None
    assert [e.pk for e in standings_get(event=event)] == [table.ns_id]
    log = EventLog.objects.get(event=event, action="pool_table")
    assert log.data["robots"] == "ESW"
    # at a table in play: asked again, refused
    with pytest.raises(ConflictError) as error:
        pool_services.pool_robots_join(event=event, player=me)
    assert error.value.code == "busy"


def test_two_tables_with_robots_may_be_dealt_the_same_boards(make_pool, players):
    event = make_pool(boards=4)
    first = pool_services.pool_robots_join(event=event, player=players[0])
    second = pool_services.pool_robots_join(event=event, player=players[1])
    assert {b.pk for b in boards_of(first)} == {b.pk for b in boards_of(second)}
    assert PoolBoard.objects.filter(event=event, taken=2).count() == 4


def test_a_ready_pair_plays_with_two_robots(make_pool, players):
    event = make_pool(boards=8)
    north, south = players[:2]
    assert pool_services.pool_join(event=event, player=north, partner=south) is None
    table = pool_services.pool_robots_join(event=event, player=south)  # the partner they wait with
    seats = _seats(table)
    assert (seats["N"], seats["S"]) == (south, north)
    assert seats["E"].is_robot and seats["W"].is_robot
    assert not PoolReady.objects.filter(event=event).exists()


def test_asking_for_robots_is_refused_clearly_and_changes_nothing(make_pool, players):
    event = make_pool(boards=8)
    PoolSettings.objects.filter(event=event).update(robot_seats=2)
    event.refresh_from_db()
    with pytest.raises(ConflictError) as error:  # alone: three robots, two allowed
        pool_services.pool_robots_join(event=event, player=players[0])
    assert error.value.code == "robots_max" and "at most 2 seats" in error.value.message
    with pytest.raises(ConflictError) as error:  # a partner who is not ready
        pool_services.pool_robots_join(event=event, player=players[0], partner=players[1])
    assert error.value.code == "not_ready"
    pool_services.pool_join(event=event, player=players[2], partner=players[3])
    with pytest.raises(ConflictError) as error:  # a partner waiting with another
        pool_services.pool_robots_join(event=event, player=players[0], partner=players[3])
    assert error.value.code == "partner_taken"
    with pytest.raises(BridgeError) as error:
        pool_services.pool_robots_join(event=event, player=players[0], partner=players[0])
    assert error.value.code == "players"
    robot = robot_user("E")  # a robot account is never named as a player
    for join, kwargs in (
        (pool_services.pool_robots_join, {"partner": robot}),
        (pool_services.pool_join, {"partner": robot}),
        (pool_services.pool_join, {"partner": players[3], "opponents": [robot, players[2]]}),
    ):
        with pytest.raises(BridgeError) as error:
            join(event=event, player=players[0], **kwargs)
        assert error.value.code == "robot"
    PoolSettings.objects.filter(event=event).update(robot_seats=0)
    event.refresh_from_db()
    with pytest.raises(ConflictError) as error:
        pool_services.pool_robots_join(event=event, player=players[2])
    assert error.value.code == "robots_off"
    assert not Table.objects.filter(event=event).exists()
    assert PoolReady.objects.filter(event=event).count() == 2


# The worked example of docs/rules.md § Robots, the pool (board 1: nobody vulnerable).
FIELD = [("3NT", 9), ("3NT", 10), ("3NT", 8), ("4S", 10), ("2S", 9), ("3NT", 11)]
# NS 400, 430, -50, 420, 140, 460: the trimmed average of 400, 430, 420, 140 is 347.5: 350
ROBOTS = [("3NT", 12), ("3NT", 7), ("4S", 11)]  # NS 490, -100, 450


def test_results_with_robots_are_scored_against_the_field_and_never_set_its_datum(
    make_pool, players
):
    event = make_pool(boards=4)
    tables = [seat(event, players[4 * i : 4 * i + 4]) for i in range(6)]
    robot_tables = [pool_services.pool_robots_join(event=event, player=p) for p in players[24:27]]
    board = next(b for b in boards_of(tables[0]) if b.number == 1)
    assert all(board in boards_of(t) for t in tables + robot_tables)

    def enter(table, contract, tricks):
        return play(table, board, contract, "N", tricks, confirm=False)

    early = enter(robot_tables[0], *ROBOTS[0])  # before any result of the field
    field = [enter(t, *c) for t, c in zip(tables[:5], FIELD[:5], strict=True)]
    late = enter(robot_tables[1], *ROBOTS[1])  # after five: still not six of the field
    pool_board = PoolBoard.objects.get(board=board)
    assert (pool_board.results, pool_board.field_results) == (7, 5)
    assert not PoolResult.objects.filter(board=board, scored_at_seq__isnull=False).exists()
    sixth = enter(tables[5], *FIELD[5])  # the field's sixth: all eight are scored
    field.append(sixth)
    rows = {pr.result_id: pr for pr in PoolResult.objects.filter(board=board)}
    assert {pr.datum for pr in rows.values()} == {350}
    assert scoring.butler_datum([r.ns_score for r in field]) == 350
    assert {pr.scored_at_seq for pr in rows.values()} == {rows[sixth.pk].seq}
    assert rows[early.pk].robot_seats == "ESW" and rows[sixth.pk].robot_seats == ""
    assert (rows[early.pk].ns_imps, rows[late.pk].ns_imps) == (4, -10)  # +140, -450
    # a robot gets no score; the person at a robot table scores against the field
    scores = PoolScore.objects.filter(result__in=[early, late])
    assert sorted(scores.values_list("seat", "imps")) == [("N", -10), ("N", 4)]
    assert PoolScore.objects.filter(result__board=board).count() == 24 + 2
    # a later result with robots is scored at once against the field's datum (450: +3),
    # which it does not move
    after = enter(robot_tables[2], *ROBOTS[2])
    arrived = PoolResult.objects.get(result=after)
    assert (arrived.datum, arrived.ns_imps) == (350, 3)
    leaders = pool_selectors.leaderboard_get(event=event)
    assert not any(row.username.startswith("robot-") for row in leaders)
    assert {row.player_id for row in leaders} >= {players[24].pk, players[25].pk}
    assert not Entry.objects.filter(event=event, members__player__is_robot=True, rank__isnull=False)


def test_the_board_page_marks_results_played_with_robots(
    make_pool, players, director, client, django_assert_max_num_queries
):
    event = make_pool(boards=4)
    tables = [seat(event, players[4 * i : 4 * i + 4]) for i in range(3)]
    robot_tables = [pool_services.pool_robots_join(event=event, player=p) for p in players[12:15]]
    board = boards_of(tables[0])[0]
    for t in tables + robot_tables:
        play(t, board, "3NT", "N", 9, confirm=False)
    client.force_login(director)
    url = reverse("tournaments:board_detail", args=[event.pk, board.number])
    with django_assert_max_num_queries(15):  # 13, however many results
        html = client.get(url).content.decode()
    assert html.count("robot: E, S, W") == 3
    assert html.count("robot-mark") == 3


def test_robots_through_the_api_and_the_lobby_page(make_pool, players, client):
    event = make_pool(boards=8)
    url = f"/api/events/{event.pk}/pool/join/"
    me, partner = players[:2]
    body = {"robots": True, "partner": partner.username}
    response = api_client(me).post(url, body, format="json")
    assert response.status_code == 409 and response.json()["code"] == "not_ready"
    response = api_client(me).post(
        url, {"robots": True, "opponents": [players[2].username, players[3].username]},
        format="json",
    )  # fmt: skip
    assert response.status_code == 400 and "robots" in str(response.json()).lower()
    assert not Table.objects.filter(event=event).exists()
    lobby = api_client(me).get(f"/api/events/{event.pk}/pool/").json()
    assert lobby["robot_seats"] == 3
    response = api_client(me).post(url, {"robots": True}, format="json")
    assert response.status_code == 200 and response.json() == {"table": 1, "waiting": False}
    # the page: a ready player's button
    client.force_login(partner)
    page = client.get(reverse("tournaments:pool_lobby", args=[event.pk])).content.decode()
    assert "Play now with robots" in page
    response = client.post(reverse("tournaments:pool_join", args=[event.pk]), {"robots": "1"})
    table = pool_selectors.my_pool_table(event=event, user=partner)
    # the table itself, not its typed entry (issue #32)
    assert response.status_code == 302
    assert response.url == reverse("online:table", args=[event.pk, table.pk])
    assert _seats(table)["N"] == partner and _seats(table)["W"].is_robot
    # a pool without robots shows no button and says so
    other = make_pool(boards=4, robot_seats=0)
    page = client.get(reverse("tournaments:pool_lobby", args=[other.pk])).content.decode()
    assert "Play now with robots" not in page and "not allowed" in page


def test_a_pool_with_robot_tables_exports_the_robots_after_the_people(make_pool, players):
    from tournaments.interchange import exports as interchange

    event = make_pool(boards=4)
    table = seat(event, players[:4])
    robots = pool_services.pool_robots_join(event=event, player=players[4])
    for t in (table, robots):
        play(t, boards_of(t)[0], confirm=False)
    xml = interchange.event_usebio_export(event=event)
    numbers = {}
    for block in xml.split("<PLAYER>")[1:]:
        name = block.split("<PLAYER_NAME>")[1].split("<")[0]
        numbers[name] = int(block.split("<PLAYER_NUMBER>")[1].split("<")[0])
    assert sorted(numbers.values()) == list(range(1, 9))  # five people, three robots
    assert {numbers[f"Robot {s}"] for s in ("East", "South", "West")} == {6, 7, 8}
