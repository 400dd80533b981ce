"""My table in a real Chromium: when the round's time is up the page says so by itself,
and it moves to the next round's seating as soon as that round opens, with no reload."""

from __future__ import annotations

import threading

import pytest
from django.db import connections
from django.test import Client

from tournaments import services
from tournaments.models import Entry

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def in_thread(service, **kwargs):
    """Run a service from another thread: while Playwright's sync API runs, this thread
    has an event loop and Django refuses ORM calls from it."""
    failure = []

    def run():
        try:
            service(**kwargs)
        except BaseException as exc:  # re-raised in the test thread
            failure.append(exc)
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(60)
    if failure:
        raise failure[0]


@pytest.fixture
def timed(live_server, make_event):
    """A running event whose round 1 lasts 6 seconds, and a logged-in player's cookie."""
    event = make_event(pairs=4, start=True, round_minutes=0.1, gap_minutes=5)
    entry = Entry.objects.get(event=event, registration_order=1)
    user = entry.members.get(position=1).player
    client = Client()
    client.force_login(user)
    return event, entry, client.cookies["sessionid"].value


def test_my_table_moves_on_to_the_next_round_by_itself(live_server, timed, browser):
    event, entry, session = timed
    context = browser.new_context(locale="en-US")
    context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(20_000)
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(f"{live_server.url}/events/{event.pk}/my-table/")
        head = page.locator(".seat-head")
        assert head.locator(".seat-big strong").first.inner_text() == "1"
        assert page.locator("#board-1").is_visible()

        # The round's time runs out: the page says so before the server has closed it.
        page.get_by_text("Round over — waiting for the next round").wait_for()

        in_thread(services.round_close, event=event, number=1, open_next=False)  # the gap
        page.get_by_text("Round 2 starts at").wait_for()
        assert page.get_by_text("Round over — waiting for the next round").is_visible()

        in_thread(services.round_open, event=event, number=2)
        page.locator("#board-3").wait_for()
        assert head.locator(".seat-big strong").first.inner_text() == "2"
        assert page.locator("#board-1").count() == 0
        assert page.get_by_text("Round over — waiting").count() == 0
        assert errors == []
    finally:
        context.close()
