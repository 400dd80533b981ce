"""The director's page of a running round at 390 px (issue #32, item 16): the round table
by table, each table a card with its number, its North–South and East–West pairs and
where its board stands, and nothing scrolls sideways, in English and in Chinese."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.browser.test_phone_pages import PHONE, WIDTH
from tests.online.conftest import seated_table
from tests.tableplay.helpers import legal_cards

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

# What of the round's tables sticks out of the screen (nothing may: no sideways scroll).
OUT = """() => Array.from(document.querySelectorAll("#console *"))
    .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
    .map((el) => el.tagName + "." + el.className)"""


@pytest.fixture
def running(live_server, make_event, director):
    event = make_event(pairs=9, start=True, online_play=True, name="Tuesday online pairs")
    online = seated_table(event)
    seat = online.engine().to_play
    for call in ("1NT", "P", "P", "P"):
        online.act(seat, "call", call)
        seat = "NESW"[("NESW".index(seat) + 1) % 4]
    for _ in range(6):  # the second trick is being played
        engine = online.engine()
        online.act(engine.actor, "card", legal_cards(engine)[0])
    client = Client()
    client.force_login(director)
    return {
        "url": f"{live_server.url}/events/{event.pk}/director/",
        "cookie": client.cookies["sessionid"].value,
        "live": live_server.url,
    }


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_the_round_table_by_table_fits_a_phone(running, browser, locale):
    context = browser.new_context(locale=locale, viewport=PHONE, is_mobile=True)
    context.add_cookies([{"name": "sessionid", "value": running["cookie"], "url": running["live"]}])
    try:
        page = context.new_page()
        page.goto(running["url"])
        rows = page.locator("#console-tables tr.console-row")
        assert rows.count() == 5  # four tables and the bye
        first = rows.first.inner_text()
        if locale == "en-US":
            assert "Board 1 of 1–2, in the play, trick 2" in first, first
        else:
            assert "打牌中，第 2 墩" in first, first
        widths = page.evaluate(WIDTH)
        assert widths["doc"] <= PHONE["width"] and widths["body"] <= PHONE["width"], widths
        assert page.evaluate(OUT) == []
        page.locator("#console").screenshot(path=f"/tmp/director-round-tables-{locale}.png")
    finally:
        context.close()
