"""The table page's panels in a real Chromium, at 390 px and on a desktop (docs/rules.md
§ Online play): where each player goes when the round is over, the seats' names with a
robot's mark, and the chat at the table (sent with Enter, shown at every seat with its
seat, name and time). The server side is ``FakeTable`` (tests/browser/test_table_page.py),
answering in the shapes of docs/online-play.md."""

from __future__ import annotations

import pytest

from tableplay import Action, Table
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


@pytest.fixture
def chat_on(online):  # noqa: F811
    event = online["event"]
    event.chat_allowed = True
    event.save(update_fields=["chat_allowed"])
    return online


def _pass_out(page, fake):
    page.locator('#play-table[data-phase="auction"]').wait_for()
    box_button(page, "Pass").click()
    for seat in "ESW":
        fake.act("call", seat, "P")
    page.locator('#play-table[data-phase="over"]').wait_for()
    return page.locator('[data-slot="result"]')


def test_the_round_over_sends_the_pair_to_its_next_table_on_a_phone(
    live_server,
    online,  # noqa: F811
    browser,
):
    fake = FakeTable(online["board"], online["table"])
    fake.players = PLAYERS
    url = f"/events/{online['event'].pk}/tables/999/play/"
    fake.next = {
        "round_over": True, "where": "Round 2: table 3, EW.",
        "go": {"status": "table", "round": 2, "table": 999, "table_number": 3,
               "direction": "EW", "url": url},
    }  # fmt: skip
    context, page, errors = open_page(browser, live_server, online, "N", PHONE, fake)
    try:
        # the seats' holders, a robot marked
        page.locator('[data-seat="S"] .seat-label').get_by_text("Ben Wu").wait_for()
        east = page.locator('[data-seat="E"] .seat-label')  # beside: its name in the title
        assert east.locator(".tag.robot").inner_text() == "robot"
        assert east.get_attribute("title") == "Robot East"
        assert page.locator('[data-seat="N"] .seat-label .tag.robot').count() == 0
        result = _pass_out(page, fake)
        result.get_by_text("Round 2: table 3, EW.").wait_for()
        link = result.get_by_role("link", name="Go to table 3")
        assert link.get_attribute("href") == url
        assert result.get_by_role("link", name="Go to my table").is_visible()
        assert_fits(page, PHONE["width"])
        page.screenshot(path="/tmp/table-phone-next-table.png", full_page=True)
        assert errors == []
    finally:
        context.close()


def test_before_the_next_round_the_page_says_when_it_starts_and_after_the_last_the_standings(
    live_server,
    online,  # noqa: F811
    browser,
):
    fake = FakeTable(online["board"], online["table"])
    fake.next = {
        "round_over": True, "where": "Round 2 starts at 13:10 UTC.",
        "go": {"status": "wait", "round": 2, "starts_at": "2026-12-06T13:10:00+00:00",
               "starts_at_text": "13:10 UTC"},
    }  # fmt: skip
    context, page, errors = open_page(browser, live_server, online, "N", DESKTOP, fake)
    try:
        result = _pass_out(page, fake)
        result.get_by_text("Round 2 starts at 13:10 UTC.").wait_for()
        assert result.get_by_role("link", name="Go to my table").is_visible()
        # the event's last round: the standings instead
        standings = f"/events/{online['event'].pk}/#standings"
        fake.next = {"round_over": True, "where": "The event is over: see the standings.",
                     "go": {"status": "over", "url": standings}}  # fmt: skip
        fake.broadcast()
        result.get_by_text("The event is over: see the standings.").wait_for()
        assert result.get_by_role("link", name="Standings").get_attribute("href") == standings
        assert result.get_by_role("link", name="Go to my table").count() == 0
        assert_fits(page, DESKTOP["width"])
        assert errors == []
    finally:
        context.close()


def test_chat_at_the_table_reaches_the_other_seat_on_phones(
    live_server,
    chat_on,
    browser,
):
    online = chat_on  # noqa: F811
    fake = FakeTable(online["board"], online["table"])
    fake.players = PLAYERS
    north, north_page, north_errors = open_page(browser, live_server, online, "N", PHONE, fake)
    east, east_page, east_errors = open_page(browser, live_server, online, "E", PHONE, fake)
    try:
        for page in (north_page, east_page):
            page.locator(".conn-live").wait_for()
            page.get_by_role("heading", name="Table chat").wait_for()
        box = north_page.get_by_label("Message to the table")
        box.wait_for()
        north_page.wait_for_function("() => !document.getElementById('table-chat-input').disabled")
        box.fill("Good luck")
        box.press("Enter")  # the keyboard sends it
        assert box.input_value() == ""
        for page in (east_page, north_page):
            line = page.locator("#table-chat .chat-line").first
            line.wait_for()
            text = line.inner_text()
            assert "North" in text and "Player N" in text and "Good luck" in text
            assert "12:01" in text  # in the event's zone
        assert fake.chats[-1]["text"] == "Good luck" and fake.chats[-1]["id"].startswith("m-")
        # a long line wraps: nothing scrolls sideways
        east_box = east_page.get_by_label("Message to the table")
        east_box.fill("x" * 200)
        east_page.get_by_role("button", name="Send", exact=True).click()
        north_page.locator("#table-chat .chat-line").nth(1).wait_for()
        assert_fits(north_page, PHONE["width"])
        north_page.screenshot(path="/tmp/table-phone-chat.png", full_page=True)
        assert north_errors == [] and east_errors == []
    finally:
        north.close()
        east.close()


def test_the_page_offers_what_the_engine_allows_and_nothing_else(live_server, online, browser):  # noqa: F811
    """The page computes no rule (docs/online-play.md, `may`): where the event turned undo
    off there is no Undo button after North's call; where it is on, the pass that ended
    the auction may be taken back, the opening lead may not (it faced dummy), and dummy's
    player is offered neither a claim nor an undo."""
    fake = FakeTable(online["board"], online["table"])
    fake.engine = Table(fake.board.deal, "N", fake.board.vulnerability, undo_allowed=False)
    context, page, errors = open_page(browser, live_server, online, "N", PHONE, fake)
    undo = page.get_by_role("button", name="Undo", exact=True)
    try:
        page.locator('#play-table[data-phase="auction"]').wait_for()
        box_button(page, "1").click()
        page.locator('.bidding-box [data-key="strain-S"]').click()
        page.locator(".centre table.auction .suit-S").wait_for()
        assert undo.count() == 0  # undo_off
    finally:
        context.close()
    fake = FakeTable(online["board"], online["table"])
    fake.engine = Table(fake.board.deal, "N", fake.board.vulnerability)
    for seat, call in zip("NESWN", ("1S", "P", "4S", "P", "P"), strict=True):
        fake.engine.apply(Action("call", seat, call))
    context, page, errors = open_page(browser, live_server, online, "E", PHONE, fake)
    undo = page.get_by_role("button", name="Undo", exact=True)
    try:
        page.locator('#play-table[data-phase="auction"]').wait_for()
        box_button(page, "Pass").click()  # East's pass ends the auction: 4S by North
        page.locator('#play-table[data-phase="play"]').wait_for()
        undo.wait_for()
        page.locator("[data-card]").first.wait_for()
        fake.engine.apply(Action("card", "E", fake.engine.remaining["E"][0]))
        fake.broadcast()
        page.locator(".trick .pcard").first.wait_for()
        assert undo.count() == 0  # undo_shown: the lead faced dummy
        assert page.get_by_role("button", name="Claim", exact=True).count() == 1
        assert errors == []
    finally:
        context.close()
    context, page, errors = open_page(browser, live_server, online, "S", PHONE, fake)
    try:
        page.locator('#play-table[data-phase="play"]').wait_for()
        page.locator(".trick .pcard").first.wait_for()
        assert page.get_by_role("button", name="Claim", exact=True).count() == 0  # dummy
        assert page.get_by_role("button", name="Undo", exact=True).count() == 0
        assert errors == []
    finally:
        context.close()
