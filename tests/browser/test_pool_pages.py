"""The scoring pool in a real Chromium at 390 px: a player waits in the lobby, the page
goes to their table by itself when four are ready, and the lobby, the table and the
leaderboard fit a phone (no sideways scroll), in English and Chinese."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from tests.browser.test_my_table import in_thread
from tests.browser.test_phone_pages import PHONE, WIDTH
from tests.factories import UserFactory
from tournaments.formats.pool import services as pool_services

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def lobby(live_server, director):
    now = timezone.now()
    event = pool_services.pool_create(
        name="Phone pool", start_at=now - timedelta(minutes=1), ends_at=now + timedelta(days=7),
        director=director, boards=8, rng=random.Random(5), analyse=False,
        now=now - timedelta(minutes=2),
    )  # fmt: skip
    pool_services.pool_clock_step(event=event, now=now)
    waiter, south, east, west = (
        UserFactory(username=f"pool{i}", display_name=f"Pool Player {i}") for i in range(4)
    )
    for p in (east, west):
        pool_services.pool_join(event=event, player=p)
    client = Client()
    client.force_login(waiter)
    return event, waiter, (south, east, west), client.cookies["sessionid"].value


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_a_waiting_player_is_taken_to_their_table(live_server, lobby, browser, locale):
    event, waiter, (south, east, west), session = lobby
    context = browser.new_context(locale=locale, viewport=PHONE, is_mobile=True)
    context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(20_000)
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    base = f"{live_server.url}/events/{event.pk}/pool/"
    try:
        page.goto(base)
        page.locator("#play button[type=submit]").click()  # I'm ready
        page.locator("#play[data-state-url]").wait_for()
        widths = page.evaluate(WIDTH)
        assert widths["doc"] <= PHONE["width"] and widths["body"] <= PHONE["width"], widths

        # South names the waiting player as partner and the two waiting opponents
        in_thread(
            pool_services.pool_join, event=event, player=south, partner=waiter,
            opponents=[east, west],
        )  # fmt: skip
        # the pool's table page opens the online table itself (docs/rules.md § Online play)
        page.wait_for_url(f"**/events/{event.pk}/tables/*/play/")
        page.locator("#play-table").wait_for()
        widths = page.evaluate(WIDTH)
        assert widths["doc"] <= PHONE["width"] and widths["body"] <= PHONE["width"], widths
        # typed entry, the director's fallback, behind its link
        page.goto(f"{base}table/entry/")
        assert page.locator(".boards [name=board]").count() >= 4
        widths = page.evaluate(WIDTH)
        assert widths["doc"] <= PHONE["width"] and widths["body"] <= PHONE["width"], widths
        for path in ("", "leaderboard/"):
            page.goto(base + path)
            widths = page.evaluate(WIDTH)
            assert widths["doc"] <= PHONE["width"], (path, widths)
        assert errors == []
    finally:
        context.close()
