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
            page.set_default_timeout(15_000)
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
