"""A team match's boards in play (``docs/rules.md`` § Visibility, rooms and broadcast):
the exports, the board API, my-table and a refused entry give nothing of a board to a
player who has not played it, nor to an anonymous request; a signed-in spectator of a
broadcast event watches it live."""

from __future__ import annotations

import random
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from tests.conftest import held_lead
from tests.factories import UserFactory
from tournaments import services
from tournaments.errors import ConflictError, PermissionDeniedError
from tournaments.formats.teams.services import team_create, team_enter, teams_event_create
from tournaments.models import Match, TableSeat

pytestmark = pytest.mark.django_db

# The open room's board 1: 4S by North, 10 tricks, lead of the opening leader (+420).
LINE = "4S"
SCORE = re.compile(r"(?<![\d.:])420(?!\d)")


@pytest.fixture
def match(director):
    """A two-team round robin (broadcast at its default) with round 1 open: the open
    room (home NS) has entered and confirmed board 1; the closed room has played board 2
    only. ``home``/``away``: the rosters (5 players; the fifth is not seated)."""
    event = teams_event_create(
        name="Match", kind="teams_rr", start_at=timezone.now() + timedelta(hours=1),
        boards_per_round=2, director=director, seed=1, teams=2,
    )  # fmt: skip
    for i in range(2):
        players = [UserFactory() for _ in range(5)]
        team_enter(
            event=event,
            team=team_create(name=f"T{i}", captain=players[0], players=players),
            by=director,
        )
    services.event_start(event=event, rng=random.Random(1))
    m = Match.objects.select_related("open_table", "closed_table", "round").get(event=event)
    m.home_players = [x.player for x in m.home.members.order_by("position")]
    m.away_players = [x.player for x in m.away.members.order_by("position")]
    b1, b2 = m.round.boards.order_by("number")
    m.board = b1
    m.result = services.result_submit(
        table_id=m.open_table_id, board_id=b1.pk, user=m.home_players[0],
        contract=LINE, declarer="N", tricks=10, lead=held_lead(b1, "N"),
    )  # fmt: skip
    services.result_confirm(result_id=m.result.pk, user=m.away_players[0])
    closed = services.result_submit(
        table_id=m.closed_table_id, board_id=b2.pk, user=m.away_players[2],
        contract="2S", declarer="N", tricks=8, lead=held_lead(b2, "N"),
    )  # fmt: skip
    services.result_confirm(result_id=closed.pk, user=m.home_players[2])
    return m


def _client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _hands(board) -> list[str]:
    return board.deal.partition(":")[2].split()


EXPORTS = ("hands.pbn", "results.pbn", "usebio.xml")


@pytest.mark.parametrize("who", ["anonymous", "closed_player", "spectator"])
def test_exports_leave_out_the_round_in_play_whoever_asks(match, who):
    user = {
        "anonymous": None,
        "closed_player": match.away_players[2],
        "spectator": UserFactory(),  # signed in, no player: still the public's file
    }[who]
    for name in EXPORTS:
        response = _client(user).get(f"/api/events/{match.event_id}/export/{name}")
        assert response.status_code == 200
        body = response.content.decode()
        assert not any(hand in body for hand in _hands(match.board)), name
        assert not SCORE.search(body), name
    services.round_close(event=match.event, number=1, open_next=False)
    body = _client(user).get(f"/api/events/{match.event_id}/export/hands.pbn").content.decode()
    assert all(hand in body for hand in _hands(match.board))  # closed: published


def test_broadcast_shows_a_board_in_play_to_signed_in_spectators_only(match):
    url = f"/api/events/{match.event_id}/boards/1/"
    for user in (None, match.away_players[2], match.home_players[4]):
        response = _client(user).get(url)
        assert response.status_code == 403 and response.json()["code"] == "board_hidden"
        page = _client(user).get(f"/events/{match.event_id}/boards/1/").content.decode()
        assert 'id="not-visible"' in page and "+420" not in page
    watched = _client(UserFactory()).get(url)
    assert watched.status_code == 200 and watched.json()["results"][0]["ns_score"] == 420
    # With broadcast off, a signed-in outsider is the public too.
    match.event.settings.broadcast = False
    match.event.settings.save(update_fields=["broadcast"])
    assert _client(UserFactory()).get(url).status_code == 403


@pytest.mark.parametrize("who", ["unseated", "closed_player", "closed_partner"])
def test_my_table_shows_no_result_of_a_room_the_player_does_not_sit_in(match, who):
    user = {
        "unseated": match.home_players[4],
        "closed_player": match.away_players[2],  # seated in the closed room
        "closed_partner": match.home_players[3],  # home, not seated: may pick either room
    }[who]
    response = _client(user).get(f"/api/events/{match.event_id}/my-table/?room=open")
    assert response.status_code == 200
    body = response.json()
    board = next(b for b in body["boards"] if b["number"] == 1)
    assert board["result"] is None
    if body["table"]["room"] == "open":  # a player not seated looks at the open room
        assert board["result_hidden"] is True
    page = _client(user).get(f"/events/{match.event_id}/my-table/?room=open").content.decode()
    assert page.count('class="card board-slot') == 2
    assert "+420" not in page
    assert "4S" not in response.content.decode()


def test_my_table_page_says_a_result_is_withheld_and_offers_no_form_for_it(match):
    user = match.home_players[4]
    page = _client(user).get(f"/events/{match.event_id}/my-table/?room=open").content.decode()
    assert "A result was entered at this table." in page
    assert page.count('name="board"') == 1  # board 2's form only
    # The open room's own players still see it (their own table).
    own = _client(match.home_players[0]).get(f"/api/events/{match.event_id}/my-table/").json()
    assert own["boards"][0]["result"]["ns_score"] == 420
    assert own["boards"][0]["result_hidden"] is False


def test_a_refused_second_entry_names_the_stored_result_only_to_who_may_see_it(match):
    unseated = match.home_players[4]
    with pytest.raises(ConflictError) as exc:
        services.result_submit(
            table_id=match.open_table_id, board_id=match.board.pk, user=unseated,
            contract="3NT", declarer="N", tricks=9, lead=held_lead(match.board, "N"),
        )  # fmt: skip
    assert exc.value.code == "duplicate"
    assert "4S" not in exc.value.message and "420" not in exc.value.message
    assert not TableSeat.objects.filter(player=unseated).exists()  # nothing changed
    # A player of that room is told what is stored.
    with pytest.raises(ConflictError) as exc:
        services.result_submit(
            table_id=match.open_table_id, board_id=match.board.pk, user=match.away_players[0],
            contract="3NT", declarer="N", tricks=9, lead=held_lead(match.board, "N"),
        )  # fmt: skip
    assert "4S by N, 10 tricks" in exc.value.message


def test_a_team_member_sits_down_in_a_room_and_then_sees_its_results(match):
    member = match.home_players[4]
    url = f"/events/{match.event_id}/my-table/?room=open"
    client = _client(member)
    assert 'id="sit-here"' in client.get(url).content.decode()
    response = client.post(url, {"sit": "1"})
    assert response.status_code == 302
    assert TableSeat.objects.get(player=member).table_id == match.open_table_id
    page = client.get(f"/events/{match.event_id}/my-table/").content.decode()
    assert "+420" in page and 'id="sit-here"' not in page  # their own table now
    # They play in that room only; its other seat of their side is taken now.
    with pytest.raises(PermissionDeniedError):
        services.result_submit(
            table_id=match.closed_table_id, board_id=match.board.pk, user=member,
            contract="3NT", declarer="S", tricks=9, lead=held_lead(match.board, "S"),
        )  # fmt: skip
    sit = f"/api/events/{match.event_id}/my-table/sit/"
    refused = _client(match.home_players[3]).post(sit, {"table": match.open_table_id})
    assert refused.status_code == 403 and refused.json()["code"] == "seats_taken"
    assert not TableSeat.objects.filter(player=match.home_players[3]).exists()


def test_the_sit_api_checks_who_asks_then_the_input(match):
    sit = f"/api/events/{match.event_id}/my-table/sit/"
    assert Client().post(sit, {"table": match.open_table_id}).status_code in (401, 403)
    for body in ({"table": match.open_table_id}, {"table": "x"}):
        outsider = _client(UserFactory()).post(sit, body)
        assert outsider.status_code == 403 and outsider.json()["code"] == "not_at_table"
    member = _client(match.away_players[4])
    assert member.post(sit, {"table": "x"}).status_code == 400
    assert member.post(sit, {"table": 999999}).status_code == 404
    seated = member.post(sit, {"table": match.closed_table_id}, content_type="application/json")
    assert seated.status_code == 200
    body = seated.json()
    assert body["sits_here"] is True and body["table"]["room"] == "closed"
    assert TableSeat.objects.get(player=match.away_players[4]).seat == "S"


def test_a_live_state_cached_under_the_old_broadcast_rule_is_never_served(match):
    """Public states cached before the upgrade showed boards in play to anyone: the
    cache keys changed with the rule, so the spectators' fast path cannot serve one."""
    from django.core.cache import cache

    from tournaments.formats.teams import live_cache as live

    cache.clear()
    leaking = live.served({"event": match.event_id, "boards": [{"ns_score": 420}]})
    cache.set(f"live:match:{match.pk}:v", 7)
    cache.set(f"live:match:{match.pk}:7:pub", leaking)
    try:
        assert live.live_match_public_cached(match_id=match.pk) is None
        served = live.live_match_public(match_id=match.pk)
        assert served is not None and b"420" not in served.body
    finally:
        cache.clear()


def test_the_team_event_form_says_who_the_broadcast_shows_boards_in_play_to(director):
    page = _client(director).get("/events/new/teams/").content.decode()
    assert "anonymous visitors see a board once its round has closed" in page


def test_online_play_shows_a_hand_only_at_the_table_one_sits_at(match):
    match.event.online_play = True
    match.event.save(update_fields=["online_play"])
    # home_players[1] is the home pair's second player, not seated yet: looking at the
    # open room they hold no hand there (they may yet play the board in the other room).
    client = _client(match.home_players[1])
    page = client.get(f"/events/{match.event_id}/my-table/?room=open").content.decode()
    assert 'class="own-hand"' not in page
    client.post(f"/events/{match.event_id}/my-table/?room=open", {"sit": "1"})
    # seated, my-table opens the online table; its typed entry shows the hands
    assert client.get(f"/events/{match.event_id}/my-table/").status_code == 302
    page = client.get(f"/events/{match.event_id}/my-table/entry/").content.decode()
    assert page.count('class="own-hand"') == 2  # seated (South): their hand of each board
