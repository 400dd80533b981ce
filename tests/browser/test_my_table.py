"""My table in a real Chromium: when the round's time is up the page says so by itself,
and it moves to the next round's seating as soon as that round opens, with no reload."""

from __future__ import annotations

import threading

import pytest
from django.db import connections
from django.test import Client

from tournaments import services
from tournaments.deals import deal_hands
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


PHONE = {"width": 390, "height": 844}


@pytest.fixture
def seated(live_server, make_event):
    """Round 1 in play; the first pair's North signed in, and a card of board 2 that the
    opening leader against North (East) does not hold."""
    event = make_event(pairs=4, start=True)
    entry = Entry.objects.get(event=event, registration_order=1)
    client = Client()
    client.force_login(entry.members.get(position=1).player)
    board = event.boards.get(number=2)
    north = deal_hands(board.deal)["N"]
    suit = next(s for s in "SHDC" if north[s])
    return event, client.cookies["sessionid"].value, suit, north[suit][0]


def test_a_refused_entry_on_a_phone_opens_at_its_board_with_the_message_on_top(
    live_server, seated, browser
):
    """docs/rules.md § Entry and confirmation: a lead the leader does not hold is refused;
    on a phone the page comes back at that board, its message at the top of the card, on
    the screen. The pad's buttons enter every result, 13 down to 6 over, without typing."""
    event, session, suit, rank = seated
    context = browser.new_context(locale="en-US", viewport=PHONE, is_mobile=True)
    context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(20_000)
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    def pad(board: int, row: int, label: str):
        rows = page.locator(f"#board-{board} .entry-pad .pad-row")
        return rows.nth(row).get_by_role("button", name=label, exact=True)

    try:
        page.goto(f"{live_server.url}/events/{event.pk}/my-table/")
        # 4S by N making, the lead a card of North's own hand: all with the pad
        for row, label in ((0, "4"), (1, "♠"), (2, "N"), (3, "=")):
            pad(2, row, label).click()
        page.locator(f"#board-2 .entry-pad .pad-btn.suit-{suit}").last.click()  # the lead's
        page.locator("#board-2 .entry-pad .pad-row").last.get_by_role(
            "button", name="10" if rank == "T" else rank, exact=True
        ).click()
        assert page.input_value("#board-2 [name$='-lead']") == suit + rank
        assert page.input_value("#board-2 [name$='-tricks']") == "10"
        with page.expect_navigation():
            page.locator("#board-2 form.result-form button.btn-primary").click()

        message = page.locator("#board-2 .refused-message")
        assert "opening leader" in message.inner_text()
        page.wait_for_function(
            "() => document.querySelector('#board-2 .refused-message')"
            ".getBoundingClientRect().top < window.innerHeight"
        )
        box = message.bounding_box()  # relative to the viewport
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
        form = page.locator("#board-2 form.result-form").bounding_box()
        assert box["y"] < form["y"], (box, form)  # at the top of the card
        assert page.url.endswith("#board-2")
        assert page.locator(".board-slot.refused").count() == 1

        # every result with the pad: 7 down 13, 1 making 13 tricks; only what the level allows
        pad(1, 0, "7").click()
        assert pad(1, 3, "+1").is_hidden()
        pad(1, 4, "−13").click()
        assert page.input_value("#board-1 [name$='-tricks']") == "0"
        pad(1, 0, "1").click()
        assert pad(1, 4, "−13").is_hidden() and pad(1, 4, "−7").is_visible()
        pad(1, 3, "+6").click()
        assert page.input_value("#board-1 [name$='-tricks']") == "13"
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert errors == []
    finally:
        context.close()
