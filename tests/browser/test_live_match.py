"""The live match view in a real Chromium: a spectator's match page and the event's
live page follow the match by themselves (polling with ETags), with no reload."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import timezone

from tests.browser.test_my_table import in_thread
from tests.conftest import held_lead
from tests.factories import UserFactory
from tournaments import services
from tournaments.formats.teams.services import team_create, team_enter, teams_event_create
from tournaments.models import Match
from tournaments.selectors.visibility import boards_hidden

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def match(live_server, director):
    """A team event of four teams in play, round 1's first match, its first board, the
    players of its rooms, and the session cookie of a signed-in spectator (no player of
    the event: the broadcast shows them boards in play)."""
    cache.clear()
    event = teams_event_create(
        name="Live teams", kind="teams_swiss", start_at=timezone.now() + timedelta(hours=1),
        num_rounds=2, boards_per_round=3, director=director, seed=1,
    )  # fmt: skip
    for i in range(4):
        players = [UserFactory() for _ in range(4)]
        team = team_create(name=f"Team {i + 1}", captain=players[0], players=players)
        team_enter(event=event, team=team, by=players[0])
    services.event_start(event=event, rng=random.Random(1))
    m = Match.objects.select_related("open_table", "closed_table").get(
        event=event, round__number=1, number=1
    )
    board = m.round.boards.order_by("number").first()
    position = {"open": 1, "closed": 3}  # a player sits in one room only
    players = {
        t.pk: (
            t.ns.members.get(position=position[t.room]).player,
            t.ew.members.get(position=position[t.room]).player,
        )
        for t in (m.open_table, m.closed_table)
    }
    spectator = UserFactory()
    assert not boards_hidden(user=spectator, event=event)  # a team event broadcasts
    client = Client()
    client.force_login(spectator)
    return event, m, board, players, client.cookies["sessionid"].value


def enter(table, board, players, tricks):
    ns, ew = players[table.pk]
    result = services.result_submit(
        table_id=table.pk, board_id=board.pk, user=ns,
        contract="4S", declarer="N", tricks=tricks, lead=held_lead(board.pk, "N"),
    )  # fmt: skip
    services.result_confirm(result_id=result.pk, user=ew)


def test_a_spectator_page_follows_the_match_by_itself(live_server, match, browser):
    event, m, board, players, session = match
    context = browser.new_context(locale="en-US", viewport={"width": 390, "height": 844})
    context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(20_000)
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(f"{live_server.url}/events/{event.pk}/matches/{m.pk}/")
        open_cell = page.locator(f'tr[data-board="{board.number}"] [data-room="open"]')
        assert open_cell.inner_text().strip() == "–"
        etag = page.locator("#live-match").get_attribute("data-etag")

        in_thread(enter, table=m.open_table, board=board, players=players, tricks=10)
        # The page redraws the board by itself: the open room has finished it.
        page.wait_for_function(
            f"() => document.querySelector('#live-match').getAttribute('data-etag') !== '{etag}'"
        )
        open_cell.locator(".res, .done").wait_for()
        # The broadcast (docs/rules.md § Visibility): a signed-in spectator sees the result,
        # written as the server writes it ("4♠ by N, =", not "4SN=").
        assert "4♠ by N, =" in open_cell.inner_text()
        assert open_cell.locator(".suit-s").count() == 1
        no_scroll = "document.documentElement.scrollWidth <= window.innerWidth"
        assert page.evaluate(no_scroll)

        event_page = context.new_page()
        event_page.goto(f"{live_server.url}/events/{event.pk}/live/")
        boards = event_page.locator(f'tr[data-match="{m.pk}"] [data-f="boards"]')
        assert boards.inner_text() == "0/3"
        in_thread(enter, table=m.closed_table, board=board, players=players, tricks=9)
        event_page.wait_for_function(
            f"() => document.querySelector('tr[data-match=\"{m.pk}\"] [data-f=boards]')"
            ".textContent === '1/3'"
        )
        closed_cell = page.locator(f'tr[data-board="{board.number}"] [data-room="closed"]')
        closed_cell.locator(".res, .done").wait_for()
        page.wait_for_function(
            "() => document.querySelector('[data-f=home_imps]').textContent === '10'"
        )
        assert event_page.evaluate(no_scroll)
        assert errors == []
    finally:
        context.close()
