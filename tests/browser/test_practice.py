"""The practice table in a real Chromium, at 390 px and on a desktop (docs/rules.md
§ Robots, *Practice*): the player's hand face up and the robots' backs, a bidding box
with only legal calls, the robots' passes in the auction (an opponent's explained on a
tap, with the system card), dummy faced after the lead,
the cards tapped one by one (from dummy too) until the board is over, its practice score
against the field on the table and on the summary; nothing scrolls sideways.

The server is the real one, and the robots act in-process after each commit, as the demo
runs them. On the phone it is ``live_server`` (no WebSocket): the page falls back to
polling the practice API. On the desktop it is the ASGI application under uvicorn: the
page is live on the practice table's socket and never polls once it is open."""

from __future__ import annotations

import pytest
from django.test import Client

from practice import services
from tests.browser.test_table_page_ws import asgi_server  # noqa: F401 - a fixture
from tests.factories import UserFactory
from tests.practice.conftest import finished_event
from tournaments.models import Event

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
WIDE = """() => ({doc: document.documentElement.scrollWidth, body: document.body.scrollWidth,
    out: Array.from(document.querySelectorAll("body *")).filter(
        (el) => el.getBoundingClientRect().right > window.innerWidth + 1
    ).map((el) => el.tagName + "." + el.className).slice(0, 5)})"""


@pytest.fixture
def server(request, viewport) -> str:
    """The phone's server has no socket (``live_server``); the desktop's has (uvicorn)."""
    if viewport is PHONE:
        return request.getfixturevalue("live_server").url
    return request.getfixturevalue("asgi_server")


@pytest.fixture
def practice(server, make_event):
    event = finished_event(make_event, Event.Method.MP)
    user = UserFactory()
    session = services.practice_create(user=user, event_id=event.pk)
    client = Client()
    client.force_login(user)
    return {"session": session.pk, "cookie": client.cookies["sessionid"].value}


def assert_fits(page, width):
    widths = page.evaluate(WIDE)
    assert widths["doc"] <= width and widths["body"] <= width, widths


def box_button(page, name):
    return page.locator(".bidding-box").get_by_role("button", name=name, exact=True)


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_practice_board_from_the_first_call_to_its_score(server, practice, browser, viewport):
    context = browser.new_context(locale="en-US", viewport=viewport, is_mobile=viewport is PHONE)
    context.add_cookies([{"name": "sessionid", "value": practice["cookie"], "url": server}])
    page = context.new_page()
    page.set_default_timeout(20_000)
    errors, polls = [], []
    page.on("pageerror", lambda error: errors.append(str(error)))
    api = f"/api/practice/{practice['session']}/play/"
    page.on(
        "request",
        lambda r: polls.append(r.url) if r.method == "GET" and r.url.endswith(api) else None,
    )
    try:
        page.goto(f"{server}/practice/{practice['session']}/")
        page.locator('#play-table[data-phase="auction"]').wait_for()
        if viewport is not PHONE:  # live on the socket: no more polling once it is open
            page.locator(".conn-live").wait_for()
            polls.clear()
        assert page.locator(".seat-bottom .pcard").count() == 13  # the own hand, face up
        assert page.locator(".seat-top .backs .count").inner_text() == "13"  # a robot's backs
        # the robots North and East passed before South's first call
        assert page.locator(".centre table.auction").inner_text().count("Pass") == 2
        # only legal calls: no double of a pass, no redouble
        assert (
            box_button(page, "Double").is_disabled() and box_button(page, "Redouble").is_disabled()
        )
        # East's pass, a robot opponent's call, explained on a tap with the system card
        page.locator('.centre table.auction button.robot-call[data-key="robot-1"]').click()
        note = page.locator(".centre .alert-note")
        note.wait_for()
        assert "The robot explains:" in note.inner_text()
        assert note.get_by_role("link").get_attribute("href") == "/robots/system/"
        assert page.locator('.centre table.auction [data-key="robot-0"]').count() == 0  # partner
        assert_fits(page, viewport["width"])
        box_button(page, "7").click()
        box_button(page, "Spades").click()
        page.locator('#play-table[data-phase="play"]').wait_for()
        assert "7" in page.locator('[data-slot="contract"]').inner_text()
        page.locator(".seat-top .pcard").nth(12).wait_for()  # dummy faced after the lead
        while page.locator("#play-table").get_attribute("data-phase") == "play":
            live = page.locator(".hand-row.live button.pcard:not([disabled])")
            if live.count():
                live.first.click(position={"x": 8, "y": 12})  # a fanned card's corner
            page.wait_for_timeout(300)
        page.locator('#play-table[data-phase="over"]').wait_for()
        panel = page.locator('[data-slot="result"]')
        assert "Practice score: 75.0%" in panel.inner_text()
        assert "All the boards of this practice are played." in panel.inner_text()
        assert_fits(page, viewport["width"])
        panel.get_by_role("link", name="See the scores against the field").click()
        page.locator(".practice-summary").wait_for()
        assert page.locator("[data-total]").inner_text() == "75.0%"
        assert_fits(page, viewport["width"])
        assert errors == []
        if viewport is not PHONE:  # every robot's card came on the socket
            assert polls == []
    finally:
        context.close()
