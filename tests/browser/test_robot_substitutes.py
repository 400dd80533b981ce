"""Robot substitutes in a real Chromium at 390 px (docs/rules.md § Robots,
*Substitutes*): the director's console moves a robot into a seat and out again, with no
sideways scroll; the player it replaced sees the notice instead of a hand, asks for the
seat back, and the page opens the table at their seat when the board in play ends."""

from __future__ import annotations

import random

import pytest

from robots.models import RobotSeat
from robots.seating import robot_substitute
from tests.browser.test_club_night import _cookie
from tests.browser.test_director_console import NO_SCROLL, PHONE, _db
from tests.online.conftest import seated_table
from tests.robots.helpers import humans_play_board

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def table(live_server, make_event, director):
    event = make_event(pairs=4, start=True, online_play=True)
    online = seated_table(event)
    return {"online": online, "live": live_server.url, "director": _cookie(director),
            "south": _cookie(online.players["S"]), "td": director}  # fmt: skip


def _page(browser, live, cookie):
    context = browser.new_context(viewport=PHONE)
    context.add_cookies([{"name": "sessionid", "value": cookie, "url": live}])
    return context, context.new_page()


def test_the_console_moves_a_robot_in_and_out(table, browser):
    online = table["online"]
    context, page = _page(browser, table["live"], table["director"])
    page.goto(f"{table['live']}/events/{online.event.pk}/online/")
    card = page.locator(f'article[data-table="{online.table.pk}"]')
    card.get_by_role("button", name="Move a robot into East").click()
    page.locator("#td-flash", has_text="Done.").wait_for()
    assert _db(lambda: list(RobotSeat.objects.values_list("seat", flat=True))) == ["E"]
    card.locator("li", has_text="Robot East").wait_for()
    assert page.evaluate(NO_SCROLL), page.evaluate("document.documentElement.scrollWidth")
    card.get_by_role("button", name="Remove the robot from East").click()
    page.locator("#td-flash", has_text="Done.").wait_for()
    assert not _db(lambda: RobotSeat.objects.exists())
    card.get_by_role("button", name="Move a robot into East").wait_for()
    context.close()


def test_the_replaced_player_takes_the_seat_back_at_the_next_board(table, browser):
    online = table["online"]

    def seat_a_robot():
        online.act("N", "call", "P")  # board 1 is in play
        robot_substitute(director=table["td"], event_id=online.event.pk,
                         table_id=online.table.pk, seat="S")  # fmt: skip

    _db(seat_a_robot)
    context, page = _page(browser, table["live"], table["south"])
    page.goto(f"{table['live']}/events/{online.event.pk}/tables/{online.table.pk}/play/")
    page.get_by_role("heading", name="A robot is playing your seat").wait_for()
    assert page.locator("#play-table").count() == 0  # no hand
    assert page.evaluate(NO_SCROLL), page.evaluate("document.documentElement.scrollWidth")
    page.get_by_role("button", name="Take my seat back").click()
    page.get_by_text("it is yours when board 1 ends").first.wait_for()
    _db(lambda: humans_play_board(online, random.Random(8)))
    page.locator("#play-table").wait_for(timeout=20000)  # the notice reloads to the table
    assert (
        page.evaluate("JSON.parse(document.getElementById('play-config').textContent).seat") == "S"
    )
    assert page.evaluate(NO_SCROLL)
    context.close()
