"""The seats at the table page in a real Chromium (docs/rules.md § Online play): a seat
whose player is disconnected is marked for everyone at the table, by the seat and on the
turn line, and cleared when the player is back; on a phone (390 px) the players beside
the table keep their names, the site's header is one slim line and the Alert button is
off while it is not the player's turn, like the rest of the bidding box. The server side
is ``FakeTable`` (tests/browser/test_table_page.py), answering in the shapes of
docs/online-play.md."""

from __future__ import annotations

import pytest

from tests.browser.test_table_page import (  # noqa: F401 - the fixture
    DESKTOP,
    PHONE,
    FakeTable,
    assert_fits,
    box_button,
    online,
    open_page,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PLAYERS = {
    "N": {"name": "Ada Li", "robot": False},
    "E": {"name": "Robot East", "robot": True},
    "S": {"name": "Ben Wu", "robot": False},
    "W": {"name": "Cai Ma", "robot": False},
}


def test_a_disconnected_seat_is_marked_at_the_table_and_cleared_when_back(
    live_server,
    online,  # noqa: F811
    browser,
):
    """North passes, and so do East and South; West, to call, drops. North's page says
    so by West's name and on the turn line; when West is back both marks go."""
    fake = FakeTable(online["board"], online["table"])
    fake.players = PLAYERS
    context, page, errors = open_page(browser, live_server, online, "N", DESKTOP, fake)
    try:
        page.locator(".bidding-box.mine").wait_for()
        box_button(page, "Pass").click()
        fake.act("call", "E", "P")
        fake.act("call", "S", "P")
        turn = page.locator('[data-slot="turn"]')
        page.wait_for_function(
            "() => document.querySelector('[data-slot=turn]').textContent.includes('Cai Ma')"
        )
        assert page.locator(".tag.off").count() == 0

        fake.connected["W"] = False
        fake.broadcast()  # the server's word: West gone longer than the grace
        mark = page.locator('[data-seat="W"] .seat-label .tag.off')
        mark.wait_for()
        page.screenshot(path="/tmp/h-ui-table-desktop-gone.png", full_page=True)
        # seen as "disconnected" in West's label, read out as "West: disconnected"
        assert mark.is_visible() and mark.inner_text().endswith("disconnected")
        assert mark.text_content() == "West: disconnected"
        assert turn.inner_text() == "Waiting for West (disconnected)"
        assert page.locator(".tag.off").count() == 1  # West's alone

        fake.connected["W"] = True
        fake.broadcast()  # West is back
        mark.wait_for(state="detached")
        assert turn.inner_text() == "Waiting for West (Cai Ma)"
        assert "disconnected" not in page.locator(".felt").inner_text()
        assert errors == []
    finally:
        context.close()


def test_on_a_phone_the_names_show_the_header_is_slim_and_alert_waits_for_the_turn(
    live_server,
    online,  # noqa: F811
    browser,
):
    fake = FakeTable(online["board"], online["table"])
    fake.players = PLAYERS
    context, page, errors = open_page(browser, live_server, online, "S", PHONE, fake)
    try:
        page.locator('#play-table[data-phase="auction"]').wait_for()
        # South sits at the bottom: West on the left, East on the right, names shown
        for where, name in (("left", "Cai Ma"), ("right", "Robot East")):
            player = page.locator(f".seat-{where} .seat-label .player")
            assert player.is_visible(), where
            assert player.inner_text() == name
            box = player.bounding_box()
            assert box["width"] > 20 and box["x"] >= 0 and box["x"] + box["width"] <= 390
        # the site's header: one slim line, the way to my table kept
        header = page.locator(".topbar").bounding_box()
        assert header["height"] <= 48, header
        assert page.locator(".topbar").get_by_role("link", name="My table").is_visible()
        assert page.locator(".felt").bounding_box()["y"] < 200

        # North deals: not South's turn, so Alert is off with the rest of the box
        assert box_button(page, "Pass").is_disabled()
        assert box_button(page, "Alert").is_disabled()
        page.screenshot(path="/tmp/h-ui-table-phone.png", full_page=True)
        fake.act("call", "N", "P")
        fake.act("call", "E", "P")
        page.locator(".bidding-box.mine").wait_for()
        assert box_button(page, "Alert").is_enabled()
        assert_fits(page, PHONE["width"])
        assert errors == []
    finally:
        context.close()
