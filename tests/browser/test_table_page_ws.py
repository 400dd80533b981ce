"""The playing table end to end over the real WebSocket (docs/online-play.md): the ASGI
application (config/asgi.py) under uvicorn serves the page, its static files, the REST
door and the WebSocket; two players' browsers sit at the table. A call made in North's
bidding box, alerted, reaches East's screen by the table's broadcast with its
explanation; a reload shows the same table."""

from __future__ import annotations

import socket
import threading
import time

import pytest
from django.test import Client

from tests.browser.test_table_page import PHONE, assert_fits, box_button
from tests.conftest import player

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def asgi_server(transactional_db):
    """config.asgi's application (with the static files) under uvicorn, in a thread of
    this process: it reads the same test database."""
    import uvicorn
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

    from config.asgi import application

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(
        ASGIStaticFilesHandler(application), log_level="warning", lifespan="off"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started, "uvicorn did not start"
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


@pytest.fixture
def seated(asgi_server, make_event):
    event = make_event(pairs=4, start=True, online_play=True, round_minutes=30)
    table = event.rounds.get(number=1).tables.get(number=1)
    board = event.boards.get(number=1)
    sessions = {}
    for seat, (entry, position) in {
        "N": (table.ns, 1), "E": (table.ew, 1), "S": (table.ns, 2), "W": (table.ew, 2),
    }.items():  # fmt: skip
        client = Client()
        client.force_login(player(entry, position))
        sessions[seat] = client.cookies["sessionid"].value
    return {"url": asgi_server, "table": table, "dealer": board.dealer, "sessions": sessions}


def test_a_call_reaches_the_next_seat_over_the_websocket(seated, browser):
    seats = "NESW"
    dealer = seated["dealer"]
    after = seats[(seats.index(dealer) + 1) % 4]
    table = seated["table"]
    path = f"/events/{table.event_id}/tables/{table.pk}/play/"
    pages = {}
    try:
        for seat in (dealer, after):
            context = browser.new_context(locale="en-US", viewport=PHONE, is_mobile=True)
            context.add_cookies(
                [{"name": "sessionid", "value": seated["sessions"][seat], "url": seated["url"]}]
            )
            page = context.new_page()
            page.set_default_timeout(40_000)
            errors: list[str] = []
            page.on("pageerror", lambda exc, errors=errors: errors.append(str(exc)))
            page.goto(seated["url"] + path)
            page.locator('#play-table[data-phase="auction"]').wait_for()
            page.locator(".conn-live").wait_for()  # the socket, not the polling
            pages[seat] = (context, page, errors)
        _, first, _ = pages[dealer]
        box_button(first, "Alert").click()
        first.locator(".alert-input").fill("3+ clubs")
        box_button(first, "1").click()
        box_button(first, "Clubs").click()
        first.locator(".centre table.auction button.alerted").wait_for()

        _, second, _ = pages[after]
        alerted = second.locator(".centre table.auction button.alerted")
        alerted.wait_for()  # pushed to the next seat, not polled
        assert alerted.get_attribute("title") == "3+ clubs"
        second.locator(".bidding-box.mine").wait_for()
        box_button(second, "Pass").click()
        first.wait_for_function(
            "() => document.querySelectorAll('.centre table.auction td .call').length === 2"
        )
        # a reload shows the same table
        first.reload()
        first.locator(".conn-live").wait_for()
        first.wait_for_function(
            "() => document.querySelectorAll('.centre table.auction td .call').length === 2"
        )
        assert first.locator(".centre table.auction button.alerted").count() == 1
        assert_fits(first, PHONE["width"])
        for _, _, errors in pages.values():
            assert errors == []
    finally:
        for context, _, _ in pages.values():
            context.close()


CORNER = {"x": 8, "y": 12}  # a fanned card shows its corner: a finger taps there


def _play_first_legal(page, where: str) -> str:
    """Tap the first card that may be played in the hand at ``where`` (bottom: one's
    own; top: dummy, for declarer); its code."""
    card = page.locator(f".seat-{where} .hand-row.live button.pcard:not([disabled])").first
    card.wait_for()
    code = card.get_attribute("data-card")
    card.click(position=CORNER)
    return code


def test_four_players_play_a_board_to_its_claim(seated, browser):
    """Four browsers: an alerted 1NT, 3NT by the dealer, the opening lead faces dummy,
    declarer plays dummy's card and then their own, claims nine of the twelve tricks
    left; both defenders accept and every seat sees the result and the next board."""
    seats = "NESW"
    dealer = seated["dealer"]
    lho, partner, rho = (seats[(seats.index(dealer) + k) % 4] for k in (1, 2, 3))
    table = seated["table"]
    path = f"/events/{table.event_id}/tables/{table.pk}/play/"
    pages = {}
    try:
        for seat in seats:
            context = browser.new_context(locale="en-US", viewport=PHONE, is_mobile=True)
            context.add_cookies(
                [{"name": "sessionid", "value": seated["sessions"][seat], "url": seated["url"]}]
            )
            page = context.new_page()
            page.set_default_timeout(40_000)
            errors: list[str] = []
            page.on("pageerror", lambda exc, errors=errors: errors.append(str(exc)))
            page.goto(seated["url"] + path)
            page.locator(".conn-live").wait_for()
            pages[seat] = (context, page, errors)

        def on(seat):
            return pages[seat][1]

        def call(seat, *buttons):
            on(seat).locator(".bidding-box.mine").wait_for()
            for name in buttons:
                box_button(on(seat), name).click()

        box_button(on(dealer), "Alert").click()
        on(dealer).locator(".alert-input").fill("15-17")
        call(dealer, "1", "No trump")
        call(lho, "Pass")
        call(partner, "3", "No trump")
        call(rho, "Pass")
        call(dealer, "Pass")
        call(lho, "Pass")
        for seat in seats:
            on(seat).locator('#play-table[data-phase="play"]').wait_for()
        # the alert: the opponents see it, the partner does not
        assert on(lho).locator(".auction-panel button.alerted").count() == 1
        assert on(partner).locator(".auction-panel button.alerted").count() == 0

        lead = _play_first_legal(on(lho), "bottom")
        on(dealer).locator(f'.trick .pcard[data-card="{lead}"]').wait_for()
        assert on(dealer).locator(".seat-top .pcard").count() == 13  # dummy, faced
        assert on(rho).locator(".seat-right .hand-lines").count() == 1  # dummy, at their right
        _play_first_legal(on(dealer), "top")  # dummy's card, by declarer
        _play_first_legal(on(rho), "bottom")
        last = _play_first_legal(on(dealer), "bottom")
        on(partner).locator(f'.trick .pcard[data-card="{last}"]').wait_for()

        on(dealer).get_by_role("button", name="Claim", exact=True).click()
        on(dealer).get_by_role("button", name="Claim 9", exact=True).click()
        for defender in (lho, rho):
            on(defender).get_by_role("button", name="Accept", exact=True).click()
        for seat in seats:
            result = on(seat).locator('[data-slot="result"]')
            result.get_by_text("Next: board").wait_for()
            assert "3NT by" in result.inner_text()
            assert on(seat).locator(".seat-left .hand-lines").count() == 1  # all hands now
        on(dealer).screenshot(path="/tmp/table-ws-over.png", full_page=True)
        on(dealer).get_by_role("button", name="Next board").click()
        on(dealer).locator('#play-table[data-phase="auction"]').wait_for()
        for _, _, errors in pages.values():
            assert errors == []
    finally:
        for context, _, _ in pages.values():
            context.close()
