"""My table of an event played online in a real Chromium (issue #32, item 6): waiting
between rounds, the page goes to the player's online table by itself as soon as the next
round opens (my-table opens the table itself while an online round is open)."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.browser.test_my_table import in_thread
from tournaments import services
from tournaments.models import Entry

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def between_rounds(live_server, make_event):
    """Round 1 of an online event closed, round 2 not open yet; a player signed in."""
    event = make_event(pairs=4, start=True, online_play=True, gap_minutes=5)
    services.round_close(event=event, number=1, open_next=False)
    user = Entry.objects.get(event=event, registration_order=1).members.get(position=1).player
    client = Client()
    client.force_login(user)
    return event, user, client.cookies["sessionid"].value


def test_waiting_on_my_table_the_next_online_round_opens_the_table(
    live_server, between_rounds, browser
):
    event, user, session = between_rounds
    context = browser.new_context(locale="en-US")
    context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(20_000)
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(f"{live_server.url}/events/{event.pk}/my-table/")
        page.get_by_text("Round 2 starts at").wait_for()  # my-table: the round is over
        in_thread(services.round_open, event=event, number=2)
        page.wait_for_url("**/play/")  # the next round's table itself, with no reload
        page.locator("#play-table").wait_for()
        assert "/tables/" in page.url and errors == []
        # typed entry: the director's fallback, one link below the table
        link = page.get_by_role("link", name="Enter a result by hand")
        assert link.get_attribute("href") == f"/events/{event.pk}/my-table/entry/"
        page.screenshot(path="/tmp/table-typed-entry-link.png", full_page=True)
    finally:
        context.close()
