"""The club night's pages in a real Chromium at 390 px (docs/rules.md § Phones), in
English and Chinese: no page scrolls sideways; the board traveller shows contract,
declarer, tricks, score and points for every table as cards; standings keep boards
played and the finished mark. And times: a browser in Beijing reading a UTC event sees
the round end in the event's zone, named, and in its own, labelled, agreeing with the
countdown."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client

from tests.factories import UserFactory
from tests.tournaments.test_individual import ebu_individual
from tests.tournaments.test_interchange_producers import bridgecomposer_file
from tournaments.interchange.importers.dispatch import event_results_import
from tournaments.models import Entry
from tournaments.simulation import SimulationConfig, simulate_swiss_event

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
# The page is no wider than the screen; if it is, name what sticks out (for the report).
WIDTH = """() => {
    const w = window.innerWidth;
    const out = [];
    for (const el of document.querySelectorAll("body *")) {
        const r = el.getBoundingClientRect();
        if (r.right > w + 1 && !el.closest(".grid-scroll")) {
            out.push(el.tagName + "." + el.className + " " + Math.round(r.right));
        }
    }
    return {doc: document.documentElement.scrollWidth, body: document.body.scrollWidth,
            w: w, out: out.slice(0, 5)};
}"""


@pytest.fixture
def night(live_server):
    event = simulate_swiss_event(
        SimulationConfig(pairs=8, rounds=3, boards_per_round=2, name="Phone Swiss", seed=3)
    )
    entry = Entry.objects.filter(event=event).order_by("rank").first()
    member = entry.members.select_related("player").first().player
    loner = UserFactory(username="loner", display_name="Lonely Player")
    client = Client()
    client.force_login(loner)
    return {
        "event": event,
        "entry": entry.pk,
        "player": member.username,
        "session": client.cookies["sessionid"].value,
        "loner": loner.username,
    }


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_the_main_pages_fit_a_phone(live_server, night, browser, locale):
    event = night["event"]
    context = browser.new_context(locale=locale, viewport=PHONE, is_mobile=True)
    context.add_cookies([{"name": "sessionid", "value": night["session"], "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        for path in (
            "/",
            f"/events/{event.pk}/",
            f"/events/{event.pk}/boards/1/",
            f"/events/{event.pk}/pairs/{night['entry']}/",
            f"/players/{night['player']}/",
            f"/players/{night['loner']}/",
            "/my-table/",  # the empty state: the player has no event
        ):
            page.goto(live_server.url + path)
            widths = page.evaluate(WIDTH)
            assert widths["doc"] <= PHONE["width"], (path, widths)
            assert widths["body"] <= PHONE["width"], (path, widths)
    finally:
        context.close()


def test_the_traveller_shows_every_field_of_every_table_on_a_phone(live_server, night, browser):
    event = night["event"]
    context = browser.new_context(locale="en-US", viewport=PHONE, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        page.goto(f"{live_server.url}/events/{event.pk}/boards/1/")
        rows = page.locator("table#results tbody tr")
        assert rows.count() == 4  # 8 pairs: 4 tables
        for i in range(rows.count()):
            row = rows.nth(i)
            for label in ("Contract", "By", "Tricks", "NS score", "NS points", "EW points"):
                cell = row.locator(f'td[data-label="{label}"]')
                assert cell.is_visible(), (i, label)
                box = cell.bounding_box()
                assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (i, label, box)
            assert row.locator('td[data-label="Contract"]').inner_text().strip()
        # the cards say what each number is (the label is drawn before the value)
        labels = page.evaluate(
            """() => Array.from(document.querySelectorAll("table#results tbody tr:first-child td"))
                .map((td) => getComputedStyle(td, "::before").content)"""
        )
        assert '"Contract"' in labels and '"Tricks"' in labels and '"EW points"' in labels, labels
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

        # the standings keep boards played and the finished mark on a phone
        page.goto(f"{live_server.url}/events/{event.pk}/")
        standings = page.locator("table.standings")
        heads = [h.upper() for h in standings.locator("thead th").all_inner_texts()]
        assert "BOARDS" in heads and "FINISHED" in heads, heads
        first_row = standings.locator("tbody tr").first
        for cell in (first_row.locator("td").nth(3), first_row.locator(".tick")):  # boards, ✓
            box = cell.bounding_box()
            assert cell.is_visible() and box["x"] + box["width"] <= PHONE["width"], box
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    finally:
        context.close()


@pytest.fixture
def utc_round(live_server, make_event):
    """A running UTC event, round 1 in play, and a signed-in player's cookie."""
    event = make_event(pairs=4, start=True, time_zone="UTC", round_minutes=40)
    entry = Entry.objects.get(event=event, registration_order=1)
    client = Client()
    client.force_login(entry.members.get(position=1).player)
    ends = event.rounds.get(number=1).ends_at
    return event, ends, client.cookies["sessionid"].value


def test_a_beijing_browser_sees_the_round_end_in_both_zones(live_server, utc_round, browser):
    event, ends, session = utc_round
    context = browser.new_context(locale="zh-CN", timezone_id="Asia/Shanghai", viewport=PHONE)
    context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    utc_end = ends.astimezone(UTC).strftime("%H:%M")
    beijing_end = (ends.astimezone(UTC) + timedelta(hours=8)).strftime("%H:%M")
    try:
        for path in (f"/events/{event.pk}/", f"/events/{event.pk}/my-table/"):
            page.goto(live_server.url + path)
            label = page.locator(".clock-label").first
            page.wait_for_function(
                "() => document.querySelector('.clock-label .localtime') !== null"
            )
            text = label.inner_text()
            assert f"{utc_end} UTC" in text, text  # the event's zone, named
            assert beijing_end in text, text  # the viewer's own time, labelled
            # the countdown agrees: the browser's now + the time left = the round end
            clock = page.locator(".clock[data-ends-at]").first
            page.wait_for_function(
                "() => /^\\d+:\\d\\d(:\\d\\d)?$/.test("
                "document.querySelector('.clock[data-ends-at]').textContent.trim())"
            )
            left = clock.inner_text().strip()
            parts = [int(p) for p in left.split(":")]
            seconds = parts[-1] + 60 * parts[-2] + (3600 * parts[0] if len(parts) == 3 else 0)
            browser_now = page.evaluate("Date.now()") / 1000
            end_seen = datetime.fromtimestamp(browser_now + seconds, tz=UTC)
            assert abs((end_seen - ends).total_seconds()) < 5, (left, end_seen, ends)
            beijing_wall = page.evaluate(
                "(t) => new Date(t).toLocaleTimeString("
                "'en-GB', {hour: '2-digit', minute: '2-digit'})",
                (browser_now + seconds) * 1000,
            )
            assert beijing_wall == beijing_end
            assert re.search(r"\d\d:\d\d", text)
    finally:
        context.close()


@pytest.fixture
def imported(live_server) -> dict:
    event = event_results_import(data=ebu_individual())
    composed = event_results_import(data=bridgecomposer_file())
    return {
        "event": event.pk,
        "player": Entry.objects.get(event=event, registration_order=4).pk,
        "composed": composed.pk,
    }


def test_imported_events_pages_fit_a_phone(live_server, imported, browser):
    """An individual event's standings, board and player pages, and a board with the
    file's auction and play opened."""
    event = imported["event"]
    context = browser.new_context(locale="en-US", viewport=PHONE, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        for path in (
            f"/events/{event}/",
            f"/events/{event}/boards/1/",
            f"/events/{imported['composed']}/boards/1/",
            f"/events/{event}/pairs/{imported['player']}/",
        ):
            page.goto(live_server.url + path)
            page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
            widths = page.evaluate(WIDTH)
            assert widths["doc"] <= PHONE["width"], (path, widths)
            assert widths["body"] <= PHONE["width"], (path, widths)
        assert "with" in page.inner_text(".round-card .vs")  # the partner, on the phone
    finally:
        context.close()
