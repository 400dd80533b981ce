"""My-table of a team member not seated yet, on a phone: the room they look at keeps its
results hidden, and the page offers to sit down there (``docs/rules.md`` § Visibility,
rooms), with no sideways scroll at 390 px."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from tests.conftest import held_lead
from tests.factories import UserFactory
from tournaments import services
from tournaments.formats.teams.services import team_create, team_enter, teams_event_create
from tournaments.models import Match

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def unseated(live_server, director):
    """A match in play whose open room has confirmed board 1; a home member not seated
    yet, and their session cookie."""
    event = teams_event_create(
        name="Rooms", kind="teams_rr", start_at=timezone.now() + timedelta(hours=1),
        boards_per_round=2, director=director, seed=1, teams=2,
    )  # fmt: skip
    for i in range(2):
        players = [UserFactory() for _ in range(5)]
        team = team_create(name=f"Team {i + 1}", captain=players[0], players=players)
        team_enter(event=event, team=team, by=director)
    services.event_start(event=event, rng=random.Random(1))
    m = Match.objects.get(event=event)
    home = [x.player for x in m.home.members.order_by("position")]
    away = [x.player for x in m.away.members.order_by("position")]
    board = m.round.boards.order_by("number").first()
    result = services.result_submit(
        table_id=m.open_table_id, board_id=board.pk, user=home[0],
        contract="4S", declarer="N", tricks=10, lead=held_lead(board, "N"),
    )  # fmt: skip
    services.result_confirm(result_id=result.pk, user=away[0])
    client = Client()
    client.force_login(home[4])
    return event, client.cookies["sessionid"].value


def test_an_unseated_member_sits_down_on_a_phone(live_server, unseated, browser):
    event, session = unseated
    context = browser.new_context(locale="en-US", viewport={"width": 390, "height": 844})
    context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        page.goto(f"{live_server.url}/events/{event.pk}/my-table/?room=open")
        assert page.locator("#sit-here").is_visible()
        assert page.get_by_text("A result was entered at this table.").is_visible()
        assert "+420" not in page.content()
        no_scroll = "document.documentElement.scrollWidth <= window.innerWidth"
        assert page.evaluate(no_scroll)
        page.get_by_role("button", name="Sit in this room").click()
        page.get_by_text("You sit at table").wait_for()
        assert page.locator("#sit-here").count() == 0
        assert "+420" in page.content() and page.evaluate(no_scroll)
    finally:
        context.close()
