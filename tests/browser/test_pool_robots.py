"""A scoring pool table with one person and three robots, in a real browser
(docs/rules.md § Robots, the pool): the player asks for robots on the lobby (a phone),
the table starts at once, and the player bids and plays the board on the table page
over the WebSocket while the robots answer by themselves, to its result, which is
stored and shown, and marked on the board page as played with robots.

Served by the ASGI application under uvicorn in a thread, as in
``tests/browser/test_online_event.py``; the test settings make robots quick
(``ROBOT_BUDGET``)."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import User
from online.models import PlayAction
from tests.browser.test_online_event import PHONE, WIDE, asgi_server, orm, session_of  # noqa: F401
from tournaments.formats.pool import services as pool_services
from tournaments.models import Event, PoolResult, Result

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

#: True when the page shows a card the player may play now, or the board is over.
PLAYABLE_OR_OVER = """() => {
  const root = document.querySelector('#play-table');
  return root.dataset.phase === 'over' || !!root.querySelector('button.pcard:not([disabled])');
}"""
#: True when the player may call now, or the auction is over.
CALL_OR_DONE = """() => {
  const root = document.querySelector('#play-table');
  return root.dataset.phase !== 'auction' || !!root.querySelector('.bidding-box.mine');
}"""


def pool_open() -> tuple[int, int, str]:
    """A running pool of one-board tables, and a player's session."""
    director = User.objects.create_user("pooltd", display_name="Pool Director", is_staff=True)
    now = timezone.now()
    event = pool_services.pool_create(
        name="Robot pool", start_at=now - timedelta(minutes=1), ends_at=now + timedelta(days=7),
        director=director, boards=2, boards_per_table=1, rng=random.Random(7), analyse=False,
    )  # fmt: skip
    pool_services.pool_clock_step(event=event, now=timezone.now())
    assert Event.objects.get(pk=event.pk).status == Event.Status.RUNNING
    me = User.objects.create_user("alone", display_name="Alone Player")
    return event.pk, me.pk, session_of(me)


def box(page, name):
    return page.locator(".bidding-box").get_by_role("button", name=name, exact=True)


def test_one_person_plays_a_pool_board_with_three_robots_to_its_result(asgi_server, browser):  # noqa: F811
    event_id, me_id, session = orm(pool_open)
    errors: list[str] = []
    context = browser.new_context(locale="en-US", viewport=PHONE, is_mobile=True)
    context.add_cookies([{"name": "sessionid", "value": session, "url": asgi_server}])
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{asgi_server}/events/{event_id}/pool/")
        assert page.evaluate(WIDE) <= PHONE["width"]
        page.get_by_role("button", name="Play now with robots").click()
        page.wait_for_url("**/play/")  # the table itself (issue #32), not the typed entry
        assert "started with robots" in page.content()
        page.locator("#play-table[data-phase='auction']").wait_for()
        page.locator(".conn-live").wait_for()  # over the WebSocket
        assert page.locator(".seat-bottom .pcard").count() == 13

        # The auction: North (the person) opens 1NT on the first turn, then passes; the
        # robots call by themselves.
        opened = explained = False
        for _ in range(40):
            page.wait_for_function(CALL_OR_DONE)
            if page.locator("#play-table").get_attribute("data-phase") != "auction":
                break
            if opened and not explained:  # ask what an opponent robot's call shows
                page.locator("table.auction button.robot-call").first.click()
                note = page.locator(".alert-note")
                note.wait_for()
                assert "The robot explains:" in note.inner_text(), note.inner_text()
                assert page.locator("table.auction button.robot-call").count() >= 1
                explained = True
            if opened:
                box(page, "Pass").click()
            else:
                box(page, "1").click()
                box(page, "No trump").click()
                opened = True
            page.wait_for_function(
                "() => !document.querySelector('.bidding-box.mine')"
                " || document.querySelector('#play-table').dataset.phase !== 'auction'"
            )
        assert opened and explained

        # The play: the person plays a legal card whenever one of their hands (their own,
        # or dummy's as declarer) is to play; robots play the other cards.
        for _ in range(60):
            page.wait_for_function(PLAYABLE_OR_OVER)
            if page.locator("#play-table").get_attribute("data-phase") == "over":
                break
            card = page.locator("#play-table button.pcard:not([disabled])").first
            value = card.get_attribute("data-card")
            card.click(position={"x": 8, "y": 12})  # a fanned card shows its corner
            page.wait_for_function(
                "c => !document.querySelector("
                "`#play-table button.pcard:not([disabled])[data-card='${c}']`)",
                arg=value,
            )
        page.locator("#play-table[data-phase='over']").wait_for()
        shown = page.locator("[data-slot='result']").inner_text()
        assert page.evaluate(WIDE) <= PHONE["width"]
        page.screenshot(path="/tmp/pool-robots-over.png", full_page=True)

        def stored():
            result = Result.objects.select_related("board", "pool").get(table__event_id=event_id)
            robots = set(
                PlayAction.objects.filter(
                    play__table=result.table, user__is_robot=True
                ).values_list("seat", flat=True)
            )
            mine = list(
                PlayAction.objects.filter(play__table=result.table, user_id=me_id)
                .order_by("seq")
                .values_list("kind", "value")
            )
            return result, robots, mine

        result, robots, mine = orm(stored)
        assert result.status == Result.Status.PLAYED and result.confirmed_at is not None
        assert mine[0] == ("call", "1NT") and "1NT" in result.auction, (mine, result.auction)
        seat_name = {"N": "North", "E": "East", "S": "South", "W": "West"}
        if result.contract != "PASS":  # the result as stored is the one shown
            assert f"by {seat_name[result.declarer]}, {result.tricks} tricks" in shown, shown
        assert robots == {"E", "S", "W"} and len(mine) >= 2  # the person played too
        assert result.pool.robot_seats == "ESW"
        assert result.play or result.contract == "PASS"

        # The board page marks the result as played with robots.
        page.goto(f"{asgi_server}/events/{event_id}/boards/{result.board.number}/")
        page.locator("#results .robot-mark").wait_for()
        assert "robot: E, S, W" in page.locator("#results").inner_text()
        assert page.evaluate(WIDE) <= PHONE["width"]
        assert errors == []
        assert orm(lambda: PoolResult.objects.filter(datum__isnull=False).count()) == 0
    finally:
        context.close()
