"""Team pages in a real Chromium at phone width: a finished Swiss teams event's page
(VP standings, matches), a team page and a match page fit 390 px with no sideways
scroll, in English and Chinese."""

from __future__ import annotations

import pytest

from tournaments.formats.teams.simulation import TeamsSimulationConfig, simulate_teams_event
from tournaments.models import Match

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
NO_SCROLL = "document.documentElement.scrollWidth <= window.innerWidth"


@pytest.fixture
def event(live_server):
    return simulate_teams_event(
        TeamsSimulationConfig(kind="teams_swiss", teams=5, rounds=2, boards_per_round=3, seed=4)
    )


@pytest.fixture
def ids(event):
    """Read before the browser starts (Django refuses ORM calls inside its event loop)."""
    match = Match.objects.filter(event=event, away__isnull=False).first()
    return match.pk, match.home.team_entry.team_id


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_team_pages_fit_a_phone(live_server, event, ids, browser, locale):
    match_id, team_id = ids
    context = browser.new_context(locale=locale, viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        for path in (
            f"/events/{event.pk}/",
            f"/teams/{team_id}/",
            "/teams/",
            f"/events/{event.pk}/matches/{match_id}/",
        ):
            page.goto(live_server.url + path)
            assert page.evaluate(NO_SCROLL), path
        page.goto(f"{live_server.url}/events/{event.pk}/")
        rows = page.locator("table.standings tbody tr")
        assert rows.count() == 5
        assert page.locator("table.matches tbody tr").count() >= 4
    finally:
        context.close()
