"""The director's console of online play in a real Chromium at 390 px (``docs/rules.md``
§ Online play, *The director*): it draws every table and fits the phone with no sideways
scroll; a claim rejected at a table is ruled from it, a substitute is moved into a seat
and an adjusted score given, each stored."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from online.models import BoardPlay
from tableplay.cards import seat_next
from tests.browser.test_my_table import in_thread
from tests.factories import UserFactory
from tests.online.conftest import seated_table
from tournaments.models import Result, TableSeat

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
NO_SCROLL = "document.documentElement.scrollWidth <= window.innerWidth"


def _db(fn):
    box = {}

    def run():
        box["value"] = fn()

    in_thread(run)
    return box["value"]


@pytest.fixture
def console(live_server, make_event, director):
    event = make_event(pairs=4, start=True, online_play=True, time_zone="Asia/Shanghai")
    online = seated_table(event)
    engine = online.engine()
    online.act(engine.to_play, "call", "1C")
    for _ in range(3):
        online.act(online.engine().to_play, "call", "P")
    engine = online.engine()
    online.act(engine.to_play, "card", engine.remaining[engine.to_play][0])
    online.act(engine.declarer, "claim", 13)
    online.act(seat_next(engine.declarer), "reject")
    client = Client()
    client.force_login(director)
    sub = UserFactory(username="stand-in", display_name="Stand In")
    return {
        "online": online,
        "cookie": client.cookies["sessionid"].value,
        "url": f"{live_server.url}/events/{event.pk}/online/",
        "live": live_server.url,
        "sub": sub,
    }


def test_the_console_rules_a_claim_moves_a_substitute_in_and_adjusts(console, browser):
    online = console["online"]
    # a director in New York, an event in Shanghai
    context = browser.new_context(viewport=PHONE, timezone_id="America/New_York")
    context.add_cookies([{"name": "sessionid", "value": console["cookie"], "url": console["live"]}])
    page = context.new_page()
    page.goto(console["url"])
    card = page.locator(f'article[data-table="{online.table.pk}"]')
    card.locator(".td-claim").wait_for()
    # the update's time as every page writes one: 24-hour in the event's zone, the zone
    # named, then the viewer's own
    page.locator("#td-status .localtime").wait_for()
    status = page.locator("#td-status").inner_text()
    assert re.fullmatch(
        r"Updated \d\d:\d\d:\d\d Shanghai \(UTC\+8\) \(\d\d:\d\d:\d\d your time\)", status
    ), status
    assert page.evaluate(NO_SCROLL), page.evaluate("document.documentElement.scrollWidth")
    card.locator('input[name="tricks"]').fill("9")
    card.get_by_role("button", name="Rule").click()
    page.locator("#td-flash", has_text="Done.").wait_for()
    result = _db(lambda: Result.objects.get(table=online.table))
    assert result.tricks == 9 and result.status == Result.Status.PLAYED
    # the table goes on to board 2: move a substitute into North's seat
    card.locator("h3", has_text="Board 2").wait_for()
    card.locator("summary", has_text="Substitute").click()
    card.locator('select[name="seat"]').select_option("N")
    card.locator('input[name="username"]').fill("stand-in")
    card.get_by_role("button", name="Move in").click()
    page.locator("#td-flash", has_text="Done.").wait_for()
    seat = _db(lambda: TableSeat.objects.select_related("player").get(table=online.table))
    assert (seat.seat, seat.player.username) == ("N", "stand-in")
    card.locator("li", has_text="Stand In").wait_for()
    # an adjusted score for board 2
    card.locator("summary", has_text="Adjusted score").click()
    card.locator('select[name="ns"]').select_option("A+")
    card.locator('select[name="ew"]').select_option("A-")
    card.get_by_role("button", name="Give").click()
    page.locator("#td-flash", has_text="Done.").wait_for()
    adjusted = _db(
        lambda: Result.objects.select_related("board").get(
            table=online.table, status=Result.Status.ADJUSTED
        )
    )
    assert (adjusted.board.number, adjusted.ns_adjustment) == (2, "A+")
    assert _db(lambda: BoardPlay.objects.filter(table=online.table).count()) == 1
    assert page.evaluate(NO_SCROLL)
    context.close()
