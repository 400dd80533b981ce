"""The live match view: the running score board by board, its cache (ETag / 304, no
query on a hit), what spectators and entered players see, the pages and the API."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.conftest import api_client, held_lead
from tests.factories import UserFactory
from tournaments import services
from tournaments.formats.teams import live_cache as live_service
from tournaments.formats.teams.live import live_match_build, live_round_build
from tournaments.formats.teams.services import team_create, team_enter, teams_event_create
from tournaments.models import Match, Round
from tournaments.selectors.visibility import ANYONE, Sight, boards_hidden

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()  # ids repeat between tests on SQLite: no state from another test
    yield
    cache.clear()


def team_event(director, teams=4, boards=3, rounds=2, **kwargs):
    event = teams_event_create(
        name="Live teams", kind="teams_swiss", start_at=timezone.now() + timedelta(hours=1),
        num_rounds=rounds, boards_per_round=boards, director=director, seed=1, **kwargs,
    )  # fmt: skip
    for i in range(teams):
        players = [UserFactory() for _ in range(4)]
        team_enter(
            event=event,
            team=team_create(name=f"Team {i + 1}", captain=players[0], players=players),
            by=players[0],
        )
    services.event_start(event=event, rng=random.Random(1))
    event.refresh_from_db()
    return event


def first(entry, room="open"):
    """The player of ``entry`` who plays in ``room`` (a player sits in one room only)."""
    return entry.members.get(position=1 if room == "open" else 3).player


def play(match, room, number, contract="4S", declarer="N", tricks=10, confirm=True):
    """Enter (and confirm) board ``number`` of ``match`` in ``room`` ("open"/"closed")."""
    table = match.open_table if room == "open" else match.closed_table
    board = match.round.boards.get(number=number)
    result = services.result_submit(
        table_id=table.pk, board_id=board.pk, user=first(table.ns, room),
        contract=contract, declarer=declarer, tricks=tricks,
        lead=held_lead(board, declarer) if tricks else "",
    )  # fmt: skip
    if confirm:
        services.result_confirm(result_id=result.pk, user=first(table.ew, room))
    return result


def matches_of(event, number=1):
    return list(
        Match.objects.filter(event=event, round__number=number)
        .select_related("round", "open_table__ns", "open_table__ew", "closed_table__ns")
        .select_related("closed_table__ew")
        .order_by("number")
    )


def test_running_score_board_by_board_and_equal_to_the_round_close(director):
    event = team_event(director, boards=4)
    match = matches_of(event)[0]
    first_board = match.round.boards.order_by("number").first().number
    b = [first_board + i for i in range(4)]
    play(match, "open", b[0], "4S", "N", 10)  # +420 (board 1: nobody vulnerable)
    state = live_match_build(match_id=match.pk).state
    board = state["boards"][0]
    assert board["open"]["status"] == "finished" and board["open"]["result"] == "4SN="
    assert board["open"]["ns_score"] == 420 and board["closed"]["status"] == "not_started"
    assert board["status"] == "pending" and board["home_imps"] is None
    assert state["score"] == {
        "home_imps": 0, "away_imps": 0, "boards_scored": 0, "home_vp": 10.0, "away_vp": 10.0
    }  # fmt: skip
    play(match, "closed", b[0], "4S", "N", 9)  # closed NS (away) -50: home +470 -> 10 IMPs
    play(match, "open", b[1], "3NT", "S", 8)  # home NS down
    play(match, "closed", b[1], "3NT", "S", 9)  # away NS makes: away wins it
    play(match, "open", b[2], "2H", "E", 8)  # in one room only: cut at the close
    services.result_correct(
        table_id=match.closed_table_id, board_id=match.round.boards.get(number=b[3]).pk,
        director=director, ns_adjustment="A+", ew_adjustment="A-",
    )  # fmt: skip
    state = live_match_build(match_id=match.pk).state
    statuses = [x["status"] for x in state["boards"]]
    assert statuses == ["played", "played", "pending", "adjusted"]
    assert (state["boards"][0]["home_imps"], state["boards"][0]["away_imps"]) == (10, 0)
    assert state["boards"][1]["home_imps"] == 0 and state["boards"][1]["away_imps"] > 0
    assert state["boards"][3]["away_imps"] == 3  # away NS in the closed room got A+
    assert state["boards_finished"] == 3 and state["score"]["boards_scored"] == 3
    running = state["score"]

    services.round_close(event=event, number=1, open_next=False)
    match.refresh_from_db()
    final = live_match_build(match_id=match.pk).state
    assert final["status"] == "final" and final["boards"][2]["status"] == "cut"
    stored = {
        "home_imps": match.home_imps, "away_imps": match.away_imps,
        "boards_scored": match.boards_scored,
        "home_vp": round(match.home_vp, 2), "away_vp": round(match.away_vp, 2),
    }  # fmt: skip
    assert final["score"] == stored == running


def test_the_round_view_has_every_match_in_a_fixed_number_of_queries(
    director, django_assert_max_num_queries
):
    small, big = team_event(director, teams=4), team_event(director, teams=9)
    for event, n in ((small, 2), (big, 5)):  # nine teams: four matches and a bye
        with django_assert_max_num_queries(6):
            live = live_round_build(event=event)
        assert len(live.matches) == n
    bye = live.matches[-1].state
    assert bye["bye"] and bye["away"] is None and bye["score"]["home_vp"] == 12.0


def _json(client, url, **headers):
    return client.get(url, **{f"HTTP_{k}": v for k, v in headers.items()})


def test_etag_304_and_no_query_on_a_cache_hit(
    director, django_assert_num_queries, django_capture_on_commit_callbacks
):
    event = team_event(director)
    match = matches_of(event)[0]
    url = reverse("tournaments:match_live_json", args=[event.pk, match.pk])
    client = Client()
    first_answer = _json(client, url)  # a miss: computed and cached
    assert first_answer.status_code == 200 and first_answer["ETag"]
    assert first_answer.json()["match"] == match.pk
    with django_assert_num_queries(0):
        again = _json(client, url)
        unchanged = _json(client, url, IF_NONE_MATCH=first_answer["ETag"])
    assert again.content == first_answer.content and again["ETag"] == first_answer["ETag"]
    assert unchanged.status_code == 304 and unchanged.content == b""
    assert "no-cache" in unchanged["Cache-Control"]

    with django_capture_on_commit_callbacks(execute=True):
        play(match, "open", match.round.boards.order_by("number").first().number)
    with django_assert_num_queries(0):
        changed = _json(client, url, IF_NONE_MATCH=first_answer["ETag"])
    assert changed.status_code == 200 and changed["ETag"] != first_answer["ETag"]
    board = changed.json()["boards"][0]
    assert board["open"]["status"] == "finished"  # whether a room has finished is public
    other = _json(client, reverse("tournaments:match_live_json", args=[event.pk + 99, match.pk]))
    assert other.status_code == 404


def test_the_public_state_hides_what_the_visibility_rule_hides_from_anyone(director):
    event = team_event(director)
    match = matches_of(event)[0]
    number = match.round.boards.order_by("number").first().number
    play(match, "open", number)
    play(match, "closed", number, tricks=9)
    live_service.live_refresh(event_id=event.pk, table_ids=[match.open_table_id])
    public = Client().get(reverse("tournaments:match_live_json", args=[event.pk, match.pk]))
    board = public.json()["boards"][0]
    hidden = boards_hidden(user=ANYONE, event=event)
    board_id = match.round.boards.get(number=number).pk
    assert board["hidden"] == (board_id in hidden)
    assert (board["open"]["result"] is None) == (board_id in hidden)
    assert board["open"]["status"] == board["closed"]["status"] == "finished"


# The broadcast: signed-in spectators see the boards in play; an anonymous request, which
# may be a player sending no token, sees what the public sees (docs/rules.md § Visibility).
def test_spectators_watch_the_boards_in_play(director, django_capture_on_commit_callbacks):
    event = team_event(director)
    match = matches_of(event)[0]
    number = match.round.boards.order_by("number").first().number
    with django_capture_on_commit_callbacks(execute=True):
        play(match, "open", number)
        play(match, "closed", number, tricks=9)
    url = reverse("tournaments:match_live_json", args=[event.pk, match.pk])
    event_url = reverse("tournaments:event_live_json", args=[event.pk])
    client = Client()
    client.force_login(UserFactory())  # logged in, not entered: a spectator
    state = client.get(url).json()
    assert state["boards"][0]["open"]["result"] == "4SN=" and state["score"]["home_imps"] == 10
    assert client.get(event_url).json()["matches"][0]["score"]["home_imps"] == 10
    anonymous = Client().get(url).json()
    board = anonymous["boards"][0]
    assert board["hidden"] and board["open"]["result"] is None and board["home_imps"] is None
    assert board["open"]["status"] == "finished"  # whether a room has finished is public
    assert Client().get(event_url).json()["matches"][0]["score"]["home_imps"] == 0


def test_an_entered_player_sees_what_their_sight_allows(director):
    event = team_event(director)
    watched, own = matches_of(event)
    number = watched.round.boards.order_by("number").first().number
    board_id = watched.round.boards.get(number=number).pk
    play(watched, "open", number)
    play(watched, "closed", number, tricks=9)
    player = first(own.home)  # plays in the other match, has not played the board yet
    client = Client()
    client.force_login(player)
    url = reverse("tournaments:match_live_json", args=[event.pk, watched.pk])
    assert board_id in Sight(user=player, event=event).hidden
    state = client.get(url).json()
    board = state["boards"][0]
    assert board["hidden"] and board["open"]["result"] is None and board["home_imps"] is None
    assert board["open"]["status"] == "finished"  # the room has finished: not a secret
    assert state["score"]["home_imps"] == state["score"]["away_imps"] == 0

    play(own, "open", number)  # their own match finishes the board in both rooms
    play(own, "closed", number)
    assert board_id not in Sight(user=player, event=event).hidden
    board = client.get(url).json()["boards"][0]  # per viewer: not cached
    assert not board["hidden"] and board["open"]["result"] == "4SN=" and board["home_imps"] == 10
    # The event's view shows them the running score with the same boards.
    live = client.get(reverse("tournaments:event_live_json", args=[event.pk])).json()
    assert [m["score"]["home_imps"] for m in live["matches"]] == [10, 0]


def test_refreshed_on_correction_and_round_close(director, django_capture_on_commit_callbacks):
    event = team_event(director, rounds=2)
    match = matches_of(event)[0]
    number = match.round.boards.order_by("number").first().number
    url = reverse("tournaments:match_live_json", args=[event.pk, match.pk])
    event_url = reverse("tournaments:event_live_json", args=[event.pk])
    client = Client()
    assert client.get(url).json()["status"] == "in_play"
    assert client.get(event_url).json()["round"] == 1
    with django_capture_on_commit_callbacks(execute=True):
        play(match, "open", number)
        play(match, "closed", number, tricks=9)
        services.round_close(event=event, number=1, open_next=False)
    state = client.get(url).json()
    assert state["status"] == "final" and state["score"]["home_imps"] == 10  # public now
    assert client.get(event_url).json()["status"] == "final"
    with django_capture_on_commit_callbacks(execute=True):
        board = match.round.boards.get(number=number)
        services.result_correct(
            table_id=match.closed_table_id, board_id=board.pk, director=director,
            contract="4S", declarer="N", tricks=10, lead=held_lead(board, "N"),
        )  # fmt: skip
    state = client.get(url).json()
    assert state["score"]["home_imps"] == 0 and state["score"]["home_vp"] == 10.0
    with django_capture_on_commit_callbacks(execute=True):
        services.round_open(event=event, number=2)
    assert client.get(event_url).json()["round"] == 2


def test_a_request_serves_the_previous_version_while_the_new_one_is_computed(director):
    event = team_event(director)
    match = matches_of(event)[0]
    before = live_service.live_match_public(match_id=match.pk)
    version = live_service._bump("match", match.pk)  # a refresh has begun (its lock held)
    assert live_service.live_match_public(match_id=match.pk) == before
    cache.delete(live_service._key("match", match.pk, version, "lock"))  # it died
    play(match, "open", match.round.boards.order_by("number").first().number)
    assert live_service.live_match_public(match_id=match.pk) != before


def test_pages_match_and_event_live(director, django_assert_max_num_queries):
    event = team_event(director)
    match = matches_of(event)[0]
    play(match, "open", match.round.boards.order_by("number").first().number)
    client = Client()
    page = client.get(reverse("tournaments:match_detail", args=[event.pk, match.pk]))
    text = page.content.decode()
    assert page.status_code == 200 and "Team 1" in text and 'id="live-match"' in text
    assert "js/livematch.js" in text and 'data-live-url="' in text
    overview = client.get(reverse("tournaments:event_live", args=[event.pk]))
    assert overview.status_code == 200
    event_page = client.get(reverse("tournaments:event_detail", args=[event.pk])).content.decode()
    assert reverse("tournaments:event_live", args=[event.pk]) in event_page
    link = reverse("tournaments:match_detail", args=[event.pk, match.pk])
    assert link in overview.content.decode()
    with django_assert_max_num_queries(3):  # cached: the event, and nothing per match
        client.get(reverse("tournaments:event_live", args=[event.pk]))


def test_a_pairs_event_has_no_live_view(make_event, django_assert_num_queries):
    event = make_event(pairs=4, start=True)
    assert Client().get(reverse("tournaments:event_live", args=[event.pk])).status_code == 404
    table = Round.objects.get(event=event, number=1).tables.first()
    with django_assert_num_queries(0):
        live_service.live_changed(event=event, table_ids=[table.pk])


def test_api_matches_and_live(director, django_assert_max_num_queries):
    event = team_event(director, teams=5)  # two matches and a bye
    client = api_client()
    with django_assert_max_num_queries(4):
        page = client.get(f"/api/events/{event.pk}/matches/?limit=2")
    body = page.json()
    assert body["count"] == 3 and len(body["results"]) == 2 and body["next"]
    m = body["results"][0]
    assert m["status"] == "in_play" and m["home_vp"] is None and m["home"]["name"].startswith("T")
    assert m["live"] == f"/api/matches/{m['id']}/live/"
    assert client.get(f"/api/events/{event.pk}/matches/?round=2").json()["count"] == 0
    live = client.get(m["live"])
    assert live.status_code == 200 and live.json()["match"] == m["id"]
    assert client.get(m["live"], HTTP_IF_NONE_MATCH=live["ETag"]).status_code == 304
    missing = client.get("/api/matches/999999/live/")
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"
