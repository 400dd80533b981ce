"""Who sees and does what, through every page and API path (SPEC 9).

While a round is in play a player who has not played a board sees neither its deal nor
any other table's result of it, by whatever path; the players of a table that played it
and directors do; everyone once the round has closed. Only a table's players (or a
director) enter and confirm its results; only directors reach the director pages and
endpoints; CSRF is enforced; bad input is refused without a server error; list pages and
endpoints need a bounded number of queries.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest
from django.db import connection
from django.http import HttpRequest
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from knox.auth import TokenAuthentication
from knox.models import AuthToken
from rest_framework.authentication import SessionAuthentication
from rest_framework.test import APIClient

from tests.conftest import held_lead, player
from tests.factories import UserFactory
from tests.tournaments.test_pages import finish, play_round
from tournaments import selectors, services
from tournaments.models import Entry, Event, Result, Round

PASSWORD = "bridge-pass-123"  # the factory's
DEAL_MARK = 'class="compass"'


def api_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def page_for(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def leaves(data):
    """Every scalar in a JSON-like structure (to look for a value wherever it is)."""
    if isinstance(data, dict):
        for value in data.values():
            yield from leaves(value)
    elif isinstance(data, list):
        for value in data:
            yield from leaves(value)
    else:
        yield data


@pytest.fixture
def running(make_event):
    """Round 1 of 2 in play: table 2 has played board 1 (7NT by N making, +1520, entered
    by NS, not yet confirmed), table 1 has played nothing yet."""
    event = make_event(pairs=4, start=True, num_rounds=2)
    rnd = event.rounds.get(number=1)
    table1, table2 = rnd.tables.order_by("number")
    board = event.boards.get(number=1)
    result = services.result_submit(
        table_id=table2.pk,
        board_id=board.pk,
        user=player(table2.ns),
        contract="7NT",
        declarer="N",
        tricks=13,
        lead=held_lead(board.pk, "N"),
    )
    assert result.ns_score == 1520
    return SimpleNamespace(
        event=event, table1=table1, table2=table2, board=board, result=result, round=rnd
    )


# --- SPEC 9: the round in play, by every path -------------------------------------------


def _viewer(kind: str, ctx):
    return {
        "anonymous": None,
        "stranger": UserFactory(),
        "table-1 NS": player(ctx.table1.ns),
        "table-1 EW": player(ctx.table1.ew, 2),
    }[kind]


VIEWERS = ["anonymous", "stranger", "table-1 NS", "table-1 EW"]


@pytest.mark.parametrize("kind", VIEWERS)
def test_no_page_shows_a_board_in_play_to_who_has_not_played_it(running, kind):
    ctx = running
    user = _viewer(kind, ctx)
    event = ctx.event
    client = page_for(user)
    urls = [
        reverse("tournaments:event_detail", args=[event.pk]),
        reverse("tournaments:standings_fragment", args=[event.pk]),
        reverse("tournaments:board_detail", args=[event.pk, 1]),
        reverse("tournaments:pair_detail", args=[event.pk, ctx.table2.ns_id]),
        reverse("tournaments:pair_detail", args=[event.pk, ctx.table2.ew_id]),
        reverse("tournaments:pair_detail", args=[event.pk, ctx.table1.ns_id]),
        reverse("tournaments:pair_detail", args=[event.pk, ctx.table1.ew_id]),
        reverse("ratings:player_detail", args=[player(ctx.table2.ns).username]),
        reverse("ratings:player_detail", args=[player(ctx.table2.ew).username]),
        reverse("tournaments:event_list"),
    ]
    if user is not None:
        urls += [
            reverse("tournaments:my_table", args=[event.pk]),
            reverse("tournaments:my_table_state", args=[event.pk]),
        ]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        assert "+1520" not in html and DEAL_MARK not in html, url
        assert ctx.board.deal not in html and "HCP" not in html, url
    # the score grid has no column (nor link) for a board of the round in play
    board_url = reverse("tournaments:board_detail", args=[event.pk, 1])
    for url in urls[:2]:
        assert board_url not in client.get(url).content.decode(), url


@pytest.mark.parametrize("kind", VIEWERS)
def test_no_api_endpoint_shows_a_board_in_play_to_who_has_not_played_it(running, kind):
    ctx = running
    user = _viewer(kind, ctx)
    event = ctx.event
    client = api_for(user)
    response = client.get(f"/api/events/{event.pk}/boards/1/")
    assert response.status_code == 403
    assert response.data["code"] == "board_hidden" and "deal" not in response.data
    urls = [
        f"/api/events/{event.pk}/",
        f"/api/events/{event.pk}/standings/",
        f"/api/events/{event.pk}/entries/",
        f"/api/events/{event.pk}/pairs/{ctx.table2.ns_id}/",
        f"/api/events/{event.pk}/pairs/{ctx.table2.ew_id}/",
        f"/api/events/{event.pk}/pairs/{ctx.table1.ns_id}/",
        "/api/events/",
    ]
    if user is not None and kind.startswith("table-1"):
        urls.append(f"/api/events/{event.pk}/my-table/")
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        values = set(leaves(response.data))
        assert 1520 not in values and "7NT" not in values, url
        assert ctx.board.deal not in values and ctx.result.pk not in {
            r.get("id") for r in _results_in(response.data)
        }, url


def _results_in(data) -> list[dict]:
    """The result objects in an API answer (pair history rounds, my-table boards)."""
    found = []
    if isinstance(data, dict):
        if "ns_score" in data and "contract" in data:
            found.append(data)
        for value in data.values():
            found += _results_in(value)
    elif isinstance(data, list):
        for value in data:
            found += _results_in(value)
    return found


@pytest.mark.parametrize("kind", VIEWERS)
def test_the_exports_leave_out_the_round_in_play(running, kind):
    ctx = running
    client = api_for(_viewer(kind, ctx))
    for name in ("hands.pbn", "results.pbn"):
        text = client.get(f"/api/events/{ctx.event.pk}/export/{name}").content.decode()
        assert '[Board "1"]' not in text and ctx.board.deal not in text, name
        assert "7NT" not in text and "1520" not in text, name
    text = client.get(f"/api/events/{ctx.event.pk}/export/usebio.xml").content.decode()
    assert "<BOARD_NUMBER>1</BOARD_NUMBER>" not in text
    assert "7NT" not in text and "1520" not in text


def test_the_table_that_played_it_and_directors_see_the_board_in_play(running, director):
    ctx = running
    event = ctx.event
    services.result_confirm(result_id=ctx.result.pk, user=player(ctx.table2.ew))
    owner = UserFactory()  # a director who is not staff
    Event.objects.filter(pk=event.pk).update(director=owner)
    for user in (player(ctx.table2.ns), player(ctx.table2.ew, 2), director, owner):
        html = page_for(user).get(reverse("tournaments:board_detail", args=[event.pk, 1]))
        assert DEAL_MARK in html.content.decode() and "+1520" in html.content.decode()
        response = api_for(user).get(f"/api/events/{event.pk}/boards/1/")
        assert response.status_code == 200 and response.data["deal"] == ctx.board.deal
        history = api_for(user).get(f"/api/events/{event.pk}/pairs/{ctx.table2.ns_id}/").data
        assert ctx.result.pk in {r["id"] for r in _results_in(history)}
    # a player of table 2 sees their own pair's round on its page
    url = reverse("tournaments:pair_detail", args=[event.pk, ctx.table2.ns_id])
    assert "+1520" in page_for(player(ctx.table2.ns, 2)).get(url).content.decode()
    # ... but board 2, which table 2 has not played, stays hidden from them
    response = api_for(player(ctx.table2.ns)).get(f"/api/events/{event.pk}/boards/2/")
    assert response.status_code == 403


def test_once_the_round_has_closed_every_path_shows_it_to_everyone(running):
    ctx = running
    event = ctx.event
    services.round_close(event=event, number=1)
    client, api = page_for(), api_for()
    html = client.get(reverse("tournaments:board_detail", args=[event.pk, 1])).content.decode()
    assert DEAL_MARK in html and "+1520" in html
    html = client.get(reverse("tournaments:event_detail", args=[event.pk])).content.decode()
    assert reverse("tournaments:board_detail", args=[event.pk, 1]) in html
    url = reverse("tournaments:pair_detail", args=[event.pk, ctx.table2.ns_id])
    assert "+1520" in client.get(url).content.decode()
    assert api.get(f"/api/events/{event.pk}/boards/1/").data["deal"] == ctx.board.deal
    history = api.get(f"/api/events/{event.pk}/pairs/{ctx.table2.ns_id}/").data
    assert ctx.result.pk in {r["id"] for r in _results_in(history)}
    text = api.get(f"/api/events/{event.pk}/export/results.pbn").content.decode()
    assert '[Board "1"]' in text and "1520" in text
    text = api.get(f"/api/events/{event.pk}/export/usebio.xml").content.decode()
    assert "<BOARD_NUMBER>1</BOARD_NUMBER>" in text
    # round 2 is now in play: none of it is public
    assert api.get(f"/api/events/{event.pk}/boards/3/").status_code == 403
    assert '[Board "3"]' not in api.get(f"/api/events/{event.pk}/export/hands.pbn").content.decode()


def test_totals_places_and_boards_played_move_only_at_a_round_close(running):
    """The standings of a running event are those after the closed rounds: results of
    the round in play change no total, place or count of boards played."""
    ctx = running
    event = ctx.event
    before = api_for().get(f"/api/events/{event.pk}/standings/").data["entries"]
    assert {e["boards_played"] for e in before} == {0} and {e["total"] for e in before} == {0}
    services.result_confirm(result_id=ctx.result.pk, user=player(ctx.table2.ew))
    after = api_for().get(f"/api/events/{event.pk}/standings/").data["entries"]
    assert after == before
    url = reverse("tournaments:pair_detail", args=[event.pk, ctx.table2.ns_id])
    html = page_for().get(url).content.decode()
    assert "1520" not in html


def test_a_correction_in_a_closed_round_does_not_publish_the_round_in_play(make_event, director):
    event = make_event(pairs=4, start=True, num_rounds=3)
    services.round_close(event=event, number=1, rng=random.Random(1))
    rnd2 = event.rounds.get(number=2)
    table = rnd2.tables.order_by("number").first()
    services.result_submit(
        table_id=table.pk,
        board_id=rnd2.boards.order_by("number").first().pk,
        user=player(table.ns),
        contract="3NT",
        declarer="N",
        tricks=9,
        lead=held_lead(rnd2.boards.order_by("number").first().pk, "N"),
    )
    standings = f"/api/events/{event.pk}/standings/"
    before = {e["id"]: e["boards_played"] for e in api_for().get(standings).data["entries"]}
    rnd1 = event.rounds.get(number=1)
    services.result_correct(
        table_id=rnd1.tables.order_by("number").first().pk,
        board_id=rnd1.boards.order_by("number").first().pk,
        director=director,
        ns_adjustment="A=",
        ew_adjustment="A=",
    )
    after = {e["id"]: e["boards_played"] for e in api_for().get(standings).data["entries"]}
    assert after == before  # adjusted scores are no boards played; round 2 is in play
    html = page_for().get(reverse("tournaments:event_detail", args=[event.pk])).content
    assert html.decode().count('<td class="num">1</td>') == 0  # no pair shows a board played


# --- who may enter and confirm ---------------------------------------------------------


def test_only_the_tables_players_or_a_director_enter_a_result(running, make_event):
    ctx = running
    board2 = ctx.event.boards.get(number=2)
    other_director = UserFactory()
    make_event(pairs=2, director=other_director)  # directs another event, not this one
    outsiders = [UserFactory(), player(ctx.table2.ns), other_director]
    data = {"table": ctx.table1.pk, "board": board2.pk, "contract": "4S", "declarer": "N"}
    data |= {"tricks": 10, "lead": held_lead(board2.pk, "N")}
    for user in outsiders:
        response = api_for(user).post("/api/results/", data, format="json")
        assert response.status_code == 403, user
        assert response.data["code"] == "not_at_table"
    assert api_for().post("/api/results/", data, format="json").status_code in (401, 403)
    assert not Result.objects.filter(table=ctx.table1).exists()
    # the page only ever enters results for the user's own table
    client = page_for(player(ctx.table2.ns))
    form = {"board": board2.pk, f"b{board2.pk}-contract": "4S", f"b{board2.pk}-declarer": "N"}
    form |= {f"b{board2.pk}-tricks": 10, f"b{board2.pk}-lead": "HK"}
    client.post(reverse("tournaments:my_table", args=[ctx.event.pk]), form)
    assert not Result.objects.filter(table=ctx.table1).exists()
    assert Result.objects.filter(table=ctx.table2, board=board2).exists()
    # a non-staff event director enters and corrects any table's result
    owner = UserFactory()
    Event.objects.filter(pk=ctx.event.pk).update(director=owner)
    response = api_for(owner).post("/api/results/", data, format="json")
    assert response.status_code == 201 and response.data["confirmed"] is True


def test_only_the_opponents_or_a_director_confirm_a_result(running, make_event):
    ctx = running
    event = ctx.event
    other_director = UserFactory()
    make_event(pairs=2, director=other_director)
    url = reverse("tournaments:result_confirm", args=[event.pk, ctx.result.pk])
    for user in (
        UserFactory(),
        player(ctx.table1.ns),
        player(ctx.table2.ns, 2),
        other_director,
    ):
        response = api_for(user).post(f"/api/results/{ctx.result.pk}/confirm/")
        assert response.status_code == 403, user
        response = page_for(user).post(url, follow=True)
        assert response.status_code == 200
        assert 'class="msg msg-error"' in response.content.decode()
        ctx.result.refresh_from_db()
        assert ctx.result.confirmed_at is None
    response = page_for(player(ctx.table2.ew)).post(url)
    assert response.status_code == 302
    ctx.result.refresh_from_db()
    assert ctx.result.confirmed_by == player(ctx.table2.ew)


def test_an_object_of_another_event_is_404_through_this_events_urls(running, make_event):
    ctx = running
    other = make_event(pairs=4, start=True)
    rnd = other.rounds.get(number=1)
    table = rnd.tables.order_by("number").first()
    result = services.result_submit(
        table_id=table.pk,
        board_id=rnd.boards.order_by("number").first().pk,
        user=player(table.ns),
        contract="4S",
        declarer="N",
        tricks=10,
        lead=held_lead(rnd.boards.order_by("number").first().pk, "N"),
    )
    event, entry = ctx.event, table.ns  # an entry of the other event
    client = page_for(player(table.ew))
    url = reverse("tournaments:result_confirm", args=[event.pk, result.pk])
    assert client.post(url).status_code == 404
    result.refresh_from_db()
    assert result.confirmed_at is None
    assert (
        client.get(reverse("tournaments:pair_detail", args=[event.pk, entry.pk])).status_code == 404
    )
    assert api_for().get(f"/api/events/{event.pk}/pairs/{entry.pk}/").status_code == 404
    for name in ("entry_confirm", "entry_decline", "entry_withdraw"):
        assert (
            client.post(reverse(f"tournaments:{name}", args=[event.pk, entry.pk])).status_code
            == 404
        )
    staff = page_for(UserFactory(is_staff=True))
    for name in ("director_sit_out", "director_withdraw"):
        response = staff.post(reverse(f"tournaments:{name}", args=[event.pk, entry.pk]))
        assert response.status_code == 404, name
    assert Entry.objects.get(pk=entry.pk).status == Entry.Status.CONFIRMED
    assert not Entry.objects.get(pk=entry.pk).sitting_out


# --- directors only --------------------------------------------------------------------


def director_page_posts(event) -> list[tuple[str, dict]]:
    entry = event.entries.order_by("registration_order").first()
    return [
        (reverse("tournaments:director_start", args=[event.pk]), {}),
        (reverse("tournaments:director_add_pair", args=[event.pk]), {"player1": "x"}),
        (reverse("tournaments:director_sit_out", args=[event.pk, entry.pk]), {"sitting_out": "1"}),
        (reverse("tournaments:director_withdraw", args=[event.pk, entry.pk]), {}),
        (reverse("tournaments:director_close_round", args=[event.pk, 1]), {}),
        (reverse("tournaments:director_clock", args=[event.pk]), {"action": "pause"}),
        (
            reverse("tournaments:director_correct", args=[event.pk]),
            {"table": 1, "board": 1, "ns_adjustment": "A+", "ew_adjustment": "A-"},
        ),
    ]


def director_api_posts(event) -> list[tuple[str, dict]]:
    entry = event.entries.order_by("registration_order").first()
    table = event.rounds.get(number=1).tables.order_by("number").first()
    board = event.boards.get(number=1)
    return [
        (f"/api/events/{event.pk}/start/", {}),
        (f"/api/events/{event.pk}/rounds/1/close/", {}),
        (f"/api/events/{event.pk}/clock/", {"action": "pause"}),
        (f"/api/events/{event.pk}/entries/add/", {"players": ["a", "b"]}),
        (f"/api/entries/{entry.pk}/sit-out/", {"sitting_out": True}),
        (f"/api/events/{event.pk}/import/deals/", {"pbn": '[Board "1"]'}),
        (
            "/api/results/correct/",
            {"table": table.pk, "board": board.pk, "ns_adjustment": "A+", "ew_adjustment": "A-"},
        ),
    ]


def _state(event):
    return (
        Event.objects.values_list("status", "paused_at").get(pk=event.pk),
        list(Round.objects.filter(event=event).values_list("status", flat=True)),
        list(Entry.objects.filter(event=event).values_list("status", "sitting_out")),
        Result.objects.filter(board__event=event).count(),
    )


def test_players_and_other_events_directors_reach_no_director_page_or_endpoint(running, make_event):
    event = running.event
    other_director = UserFactory()
    make_event(pairs=2, director=other_director)
    before = _state(event)
    for user in (UserFactory(), player(running.table1.ns), other_director):
        client = page_for(user)
        assert client.get(reverse("tournaments:event_director", args=[event.pk])).status_code == 403
        assert client.get(reverse("tournaments:event_create")).status_code == 403
        for url, data in director_page_posts(event):
            assert client.post(url, data).status_code == 403, (user, url)
        api = api_for(user)
        for url, data in director_api_posts(event):
            assert api.post(url, data, format="json").status_code == 403, (user, url)
        assert api.post("/api/events/", {"name": "X"}, format="json").status_code == 403
    anonymous = page_for()
    for url, _data in director_page_posts(event):
        response = anonymous.post(url)
        assert response.status_code == 302 and reverse("login") in response["Location"]
    for url, data in director_api_posts(event):
        assert api_for().post(url, data, format="json").status_code in (401, 403), url
    assert _state(event) == before


def test_the_events_own_director_who_is_not_staff_directs_it(running):
    event = running.event
    owner = UserFactory()
    Event.objects.filter(pk=event.pk).update(director=owner)
    client = page_for(owner)
    assert client.get(reverse("tournaments:event_director", args=[event.pk])).status_code == 200
    response = client.post(
        reverse("tournaments:director_clock", args=[event.pk]), {"action": "pause"}
    )
    assert response.status_code == 302
    assert Event.objects.get(pk=event.pk).paused_at is not None
    response = api_for(owner).post(
        f"/api/events/{event.pk}/clock/", {"action": "resume"}, format="json"
    )
    assert response.status_code == 200
    response = api_for(owner).post(f"/api/events/{event.pk}/rounds/1/close/")
    assert response.status_code == 200 and response.data["current_round"] == 2
    # ... but not events in general
    assert client.get(reverse("tournaments:event_create")).status_code == 403


# --- CSRF and authentication -----------------------------------------------------------


def _views(patterns, prefix=""):
    for p in patterns:
        if isinstance(p, URLResolver):
            yield from _views(p.url_patterns, prefix + str(p.pattern))
        elif isinstance(p, URLPattern):
            yield prefix + str(p.pattern), p.callback


def test_no_page_view_is_csrf_exempt_and_every_api_view_checks_csrf_on_sessions():
    for route, view in _views(get_resolver().url_patterns):
        cls = getattr(view, "cls", None)
        if cls is None:  # a Django view: the middleware's CSRF check applies
            assert not getattr(view, "csrf_exempt", False), route
            continue
        # DRF marks its views csrf_exempt and checks CSRF itself, in SessionAuthentication
        for auth in cls().get_authenticators():
            assert type(auth) in (SessionAuthentication, TokenAuthentication), route


def test_page_forms_refuse_a_post_without_the_csrf_token(running, director):
    event = running.event
    client = Client(enforce_csrf_checks=True)
    client.force_login(director)
    before = _state(event)
    entry = event.entries.first()
    posts = [url for url, _data in director_page_posts(event)] + [
        reverse("tournaments:event_create"),
        reverse("tournaments:event_register", args=[event.pk]),
        reverse("tournaments:entry_confirm", args=[event.pk, entry.pk]),
        reverse("tournaments:entry_decline", args=[event.pk, entry.pk]),
        reverse("tournaments:entry_withdraw", args=[event.pk, entry.pk]),
        reverse("tournaments:my_table", args=[event.pk]),
        reverse("tournaments:result_confirm", args=[event.pk, running.result.pk]),
    ]
    for url in posts:
        assert client.post(url, {"action": "pause"}).status_code == 403, url
    assert _state(event) == before
    # the player's own forms too
    seated = Client(enforce_csrf_checks=True)
    seated.force_login(player(running.table2.ew))
    response = seated.post(
        reverse("tournaments:result_confirm", args=[event.pk, running.result.pk])
    )
    assert response.status_code == 403
    running.result.refresh_from_db()
    assert running.result.confirmed_at is None


def test_the_api_checks_csrf_on_a_session_and_not_with_a_token(running):
    event, table = running.event, running.table1
    user = player(table.ns)
    board = event.boards.get(number=1)
    data = {"table": table.pk, "board": board.pk, "contract": "4S", "declarer": "N"}
    data |= {"tricks": 10, "lead": held_lead(board.pk, "N")}
    session = APIClient(enforce_csrf_checks=True)
    # the login throttle needs the request a real login comes with
    assert session.login(request=HttpRequest(), username=user.username, password=PASSWORD)
    response = session.post("/api/results/", data, format="json")
    assert response.status_code == 403 and "CSRF" in response.data["detail"]
    assert not Result.objects.filter(table=table).exists()
    assert session.get(f"/api/events/{event.pk}/my-table/").status_code == 200  # reads need none

    _instance, token = AuthToken.objects.create(user=user)
    with_token = APIClient(enforce_csrf_checks=True)
    with_token.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert with_token.post("/api/results/", data, format="json").status_code == 201
    bad = APIClient()
    bad.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    assert bad.get(f"/api/events/{event.pk}/my-table/").status_code in (401, 403)


# --- bad input -------------------------------------------------------------------------

HUGE = 10**20


def test_unknown_or_huge_ids_in_urls_are_404(running):
    event = running.event
    client = page_for(player(running.table1.ns))
    for url in (
        f"/events/{HUGE}/",
        f"/events/{HUGE}/standings.fragment",
        f"/events/{event.pk}/boards/{HUGE}/",
        f"/events/{event.pk}/boards/0/",
        f"/events/{event.pk}/pairs/{HUGE}/",
        f"/events/{HUGE}/my-table/",
        f"/events/{HUGE}/my-table/state.json",
        "/players/nobody/",
    ):
        assert client.get(url).status_code == 404, url
    assert client.post(f"/events/{event.pk}/my-table/results/{HUGE}/confirm/").status_code == 404
    api = api_for(player(running.table1.ns))
    for url in (
        f"/api/events/{HUGE}/",
        f"/api/events/{HUGE}/standings/",
        f"/api/events/{HUGE}/entries/",
        f"/api/events/{event.pk}/boards/{HUGE}/",
        f"/api/events/{event.pk}/pairs/{HUGE}/",
        f"/api/events/{HUGE}/my-table/",
        f"/api/events/{HUGE}/export/usebio.xml",
    ):
        response = api.get(url)
        assert response.status_code == 404 and response.data["code"] == "not_found", url
    for url in (f"/api/results/{HUGE}/confirm/", f"/api/entries/{HUGE}/confirm/"):
        assert api.post(url).status_code == 404, url


@pytest.mark.parametrize(
    "fields",
    [
        {"tricks": "ten"},
        {"tricks": HUGE},
        {"tricks": -1},
        {"contract": ""},
        {"contract": "8S"},
        {"declarer": "X"},
        {"lead": "ZZ"},
        {"table": "one"},
        {"table": HUGE},
        {"board": HUGE},
        {"board": ""},
    ],
)
def test_bad_result_input_is_400_with_a_message_and_stores_nothing(running, fields):
    table = running.table1
    data = {"table": table.pk, "board": running.board.pk, "contract": "4S", "declarer": "N"}
    data |= {"tricks": 10, "lead": held_lead(running.board.pk, "N")} | fields
    response = api_for(player(table.ns)).post("/api/results/", data, format="json")
    assert response.status_code == 400
    assert response.data
    assert not Result.objects.filter(table=table).exists()


def test_a_huge_page_size_is_capped_not_a_server_error(make_event):
    for _ in range(3):
        make_event(pairs=0)
    response = api_for().get("/api/events/", {"limit": HUGE})
    assert response.status_code == 200
    assert response.data["count"] == 3 and len(response.data["results"]) == 3
    response = api_for().get("/api/events/", {"limit": 2, "offset": HUGE})
    assert response.status_code == 200 and response.data["results"] == []


@pytest.mark.parametrize(
    "path, data",
    [
        ("/api/events/{event}/entries/", {"partner": "ghost\x00"}),
        ("/api/events/{event}/entries/add/", {"players": ["ghost\x00", "other"]}),
    ],
)
def test_a_username_with_a_null_character_is_400_not_a_server_error(
    make_event, director, path, data
):
    """PostgreSQL refuses NUL in text: the lookup must not reach the database."""
    event = make_event(pairs=0)
    user = director if path.endswith("add/") else UserFactory()
    response = api_for(user).post(path.format(event=event.pk), data, format="json")
    assert response.status_code == 400
    assert not Entry.objects.filter(event=event).exists()


# --- query counts of the lists ---------------------------------------------------------


def _count(client, url) -> int:
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(ctx.captured_queries)


def test_pair_page_and_api_history_do_not_grow_with_the_rounds(
    make_event, django_assert_max_num_queries
):
    short = finish(make_event(pairs=4, start=True, num_rounds=1))
    long = finish(make_event(pairs=4, start=True, num_rounds=6))
    counts = []
    for event in (short, long):
        entry = Entry.objects.filter(event=event).first()
        page = reverse("tournaments:pair_detail", args=[event.pk, entry.pk])
        api = f"/api/events/{event.pk}/pairs/{entry.pk}/"
        counts.append((_count(Client(), page), _count(api_for(), api)))
    assert counts[0] == counts[1]
    entry = Entry.objects.filter(event=long).first()
    with django_assert_max_num_queries(12):
        html = Client().get(reverse("tournaments:pair_detail", args=[long.pk, entry.pk]))
    assert html.content.decode().count("round-card") == 6
    with django_assert_max_num_queries(10):
        data = api_for().get(f"/api/events/{long.pk}/pairs/{entry.pk}/").data
    assert len(data["rounds"]) == 6 and all(len(r["results"]) == 2 for r in data["rounds"])


def test_api_entries_list_is_bounded(make_event, django_assert_max_num_queries):
    event = make_event(pairs=40, start=True)
    with django_assert_max_num_queries(4):
        response = api_for().get(f"/api/events/{event.pk}/entries/")
    assert response.status_code == 200 and len(response.data["results"]) == 40
    assert all(len(e["players"]) == 2 for e in response.data["results"])


def test_my_table_page_is_bounded(make_event, django_assert_max_num_queries):
    event = make_event(pairs=40, start=True, boards_per_round=8)
    rnd = event.rounds.get(number=1)
    table = rnd.tables.get(number=5)
    for board in rnd.boards.order_by("number")[:5]:
        services.result_submit(
            table_id=table.pk,
            board_id=board.pk,
            user=player(table.ns),
            contract="3NT",
            declarer="S",
            tricks=9,
            lead=held_lead(board.pk, "S"),
        )
    client = page_for(player(table.ew))
    with django_assert_max_num_queries(16):
        response = client.get(reverse("tournaments:my_table", args=[event.pk]))
    assert response.content.decode().count("board-slot") == 8


@pytest.mark.slow
def test_event_index_and_director_page_are_bounded(
    make_event, director, django_assert_max_num_queries
):
    for _ in range(3):
        make_event(pairs=2)
    finish(make_event(pairs=4, start=True, num_rounds=1))
    event = make_event(pairs=30, start=True)
    play_round(event, 1)
    with CaptureQueriesContext(connection) as few:
        Client().get(reverse("tournaments:event_list"))
    for _ in range(8):
        make_event(pairs=2)
    with django_assert_max_num_queries(len(few.captured_queries)):
        response = Client().get(reverse("tournaments:event_list"))
    assert response.status_code == 200
    client = page_for(director)
    with django_assert_max_num_queries(14):
        response = client.get(reverse("tournaments:event_director", args=[event.pk]))
    assert response.status_code == 200


def test_the_hidden_set_is_what_an_anonymous_user_may_not_see(running):
    """The exports use the anonymous view of ``boards_hidden``: every board of the
    round in play."""
    hidden = selectors.boards_hidden(user=selectors.ANYONE, event=running.event)
    assert hidden == set(running.round.boards.values_list("pk", flat=True))


def test_an_unknown_partner_is_refused_in_the_callers_language(make_event):
    event = make_event(pairs=0)
    client = api_for(UserFactory())
    url = f"/api/events/{event.pk}/entries/"
    response = client.post(url, {"partner": "ghost"}, format="json")
    assert response.status_code == 400
    assert response.data["partner"] == ["No player with the username “ghost”."]
    response = client.post(url, {"partner": "ghost"}, format="json", HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert response.status_code == 400
    assert response.data["partner"] == ["没有用户名为“ghost”的牌手。"]


def test_the_pair_page_follows_the_board_rule_for_the_round_in_play(running):
    """As the board page and the API's pair history: the players of a table that has
    played a board see every table's result of it, on every pair's page; the other
    boards of the round stay hidden."""
    ctx = running
    event = ctx.event
    url = reverse("tournaments:pair_detail", args=[event.pk, ctx.table2.ns_id])
    note = "This round is in play"
    services.result_confirm(result_id=ctx.result.pk, user=player(ctx.table2.ew))
    # the opponents at the table that played it
    html = page_for(player(ctx.table2.ew)).get(url).content.decode()
    assert "+1520" in html
    # not table 1, which has not played board 1 yet ...
    table1 = player(ctx.table1.ns)
    html = page_for(table1).get(url).content.decode()
    assert "+1520" not in html and note in html
    # ... until it has; board 2 (entered at table 2 too) stays hidden from them
    board2 = event.boards.get(number=2)
    services.result_submit(
        table_id=ctx.table2.pk,
        board_id=board2.pk,
        user=player(ctx.table2.ns),
        contract="2C",
        declarer="S",
        tricks=1,
        lead=held_lead(board2.pk, "S"),
    )  # NS vulnerable, seven down: -700
    entered = services.result_submit(
        table_id=ctx.table1.pk,
        board_id=ctx.board.pk,
        user=table1,
        contract="6NT",
        declarer="N",
        tricks=12,
        lead=held_lead(ctx.board.pk, "N"),
    )
    html = page_for(table1).get(url).content.decode()
    assert "+1520" not in html  # their own entry alone unlocks nothing ...
    services.result_confirm(result_id=entered.pk, user=player(ctx.table1.ew))
    html = page_for(table1).get(url).content.decode()  # ... the opponents' confirmation does
    assert "+1520" in html and "-700" not in html and note in html
    api = api_for(table1).get(f"/api/events/{event.pk}/pairs/{ctx.table2.ns_id}/").data
    assert [r["board_number"] for r in api["rounds"][0]["results"]] == [1]
    # anonymous and strangers: nothing of the round
    for client in (page_for(), page_for(UserFactory())):
        html = client.get(url).content.decode()
        assert "+1520" not in html and "-700" not in html and note in html
