"""A club night in a real Chromium, at phone and desktop widths and in both languages:
the director prints the round's hands and sees every table on the console; NS enters a
result with the thumb pad and EW's page shows it by itself; a wrong-hand lead is refused;
EW rejects an entry, the console shows the dispute and the director settles it. The event
runs in Shanghai time, read from a New York browser; when it ends every player's
scorecard is emailed, and its board link opens the board."""

from __future__ import annotations

import re
from zoneinfo import ZoneInfo

import pytest
from django.core import mail
from django.test import Client

from tests.browser.test_my_table import in_thread
from tournaments import services
from tournaments.deals import deal_hands
from tournaments.models import Entry, Result

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
NO_SCROLL = "document.documentElement.scrollWidth <= window.innerWidth"


def _db(fn):
    """Run ``fn`` (ORM reads) in another thread: Playwright's loop owns this one."""
    box = {}

    def run():
        box["value"] = fn()

    in_thread(run)
    return box["value"]


def _cookie(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


@pytest.fixture
def night(live_server, make_event, director):
    """A running 4-pair, one-round event in Shanghai time; cookies of the director and of
    table 1's players; a card East holds and one East does not (North declares on
    board 1)."""
    event = make_event(
        pairs=4, start=True, round_minutes=60, num_rounds=1, time_zone="Asia/Shanghai"
    )
    table = event.rounds.get(number=1).tables.get(number=1)
    ns = Entry.objects.get(pk=table.ns_id).members.get(position=1).player
    ew = Entry.objects.get(pk=table.ew_id).members.get(position=1).player
    board1, board2 = event.boards.get(number=1), event.boards.get(number=2)
    east = deal_hands(board1.deal)["E"]
    suit = next(s for s in "SHDC" if east[s])
    held = (suit, east[suit][0])
    missing = next((s, r) for s in "SHDC" for r in "AKQJT98765432" if r not in east[s])
    return {
        "event": event, "table": table, "board1": board1, "board2": board2,
        "director": _cookie(director), "ns": _cookie(ns), "ew": _cookie(ew),
        "held": held, "missing": missing, "ew_user": ew, "director_user": director,
        "boards_per_round": event.boards_per_round,
        "ends_at": event.rounds.get(number=1).ends_at,
    }  # fmt: skip


def _page(browser, live_server, cookie, viewport, locale="en-US"):
    context = browser.new_context(locale=locale, viewport=viewport, timezone_id="America/New_York")
    context.add_cookies([{"name": "sessionid", "value": cookie, "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(20_000)
    return context, page


def _pad(page, board_number, *, level, strain, declarer, result, lead_suit, lead_rank):
    card = page.locator(f"#board-{board_number}")
    pad = card.locator(".entry-pad")
    pad.locator(".pad-row").nth(0).get_by_role("button", name=level, exact=True).click()
    pad.locator(".pad-row").nth(1).get_by_role("button", name=strain, exact=True).click()
    pad.locator(".pad-row").nth(2).get_by_role("button", name=declarer, exact=True).click()
    pad.locator(".pad-result").get_by_text(result, exact=True).click()  # made or down rows
    pad.locator(".pad-row").nth(-2).get_by_role("button", name=lead_suit, exact=True).click()
    rank = "10" if lead_rank == "T" else lead_rank
    pad.locator(".pad-row").last.get_by_role("button", name=rank, exact=True).click()
    card.get_by_role("button", name="Enter result").click()


SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_club_night_at_the_tables(live_server, night, browser, viewport):
    event, n = night["event"], night
    base = f"{live_server.url}/events/{event.pk}"
    errors = []
    td_ctx, td = _page(browser, live_server, n["director"], viewport)
    ns_ctx, ns = _page(browser, live_server, n["ns"], viewport)
    ew_ctx, ew = _page(browser, live_server, n["ew"], viewport)
    for p in (td, ns, ew):
        p.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        # The director prints the round's hand records and sees every table.
        td.goto(f"{base}/director/rounds/1/hands/")
        assert td.locator(".hand-record").count() == n["boards_per_round"]
        assert td.evaluate(NO_SCROLL)
        td.goto(f"{base}/director/")
        assert td.locator(".console-row").count() == 2
        assert td.evaluate(NO_SCROLL)

        ns.goto(f"{base}/my-table/")
        ew.goto(f"{base}/my-table/")
        assert ns.evaluate(NO_SCROLL) and ew.evaluate(NO_SCROLL)
        # The round's end in the event's zone, named, and in the viewer's own, labelled.
        ends = n["ends_at"]
        shanghai = ends.astimezone(ZoneInfo("Asia/Shanghai")).strftime("%H:%M")
        new_york = ends.astimezone(ZoneInfo("America/New_York")).strftime("%H:%M")
        ns.wait_for_function("() => document.querySelector('.clock-label .localtime')")
        label = ns.locator(".clock-label").first.inner_text()
        assert re.search(rf"{shanghai} \S*Shanghai", label), label
        assert new_york in label and shanghai != new_york, label
        # A lead East does not hold is refused, with the reason on the board.
        m_suit, m_rank = n["missing"]
        _pad(ns, 1, level="4", strain="♠", declarer="N", result="=",
             lead_suit=SYMBOL[m_suit], lead_rank=m_rank)  # fmt: skip
        ns.get_by_text("is not in the opening leader's hand").wait_for()
        assert not _db(lambda: Result.objects.filter(board=n["board1"]).exists())
        # The right lead: entered; EW's page shows it by itself and EW accepts.
        h_suit, h_rank = n["held"]
        _pad(ns, 1, level="4", strain="♠", declarer="N", result="=",
             lead_suit=SYMBOL[h_suit], lead_rank=h_rank)  # fmt: skip
        ns.get_by_text("Waiting for the opponents to confirm.").wait_for()
        ew.locator("#board-1").get_by_role("button", name="Accept").wait_for()
        ew.locator("#board-1").get_by_role("button", name="Accept").click()
        ew.locator("#board-1").get_by_text("confirmed").wait_for()

        # Board 2: passed out in one tap by NS; EW rejects it with a reason.
        ns.locator("#board-2").get_by_role("button", name="Passed out").click()
        ew.locator("#board-2").get_by_role("button", name="Reject").wait_for()
        ew.locator("#board-2").locator("input[name=reason]").fill("We played 2H")
        ew.locator("#board-2").get_by_role("button", name="Reject").click()
        ew.locator("#board-2").get_by_text("Disputed").wait_for()
        # The console shows the dispute by itself; one click opens the correction.
        td.locator(".console a.st-disputed").first.wait_for(timeout=30_000)
        td.locator(".console a.st-disputed").first.click()
        td.wait_for_url("**board=*")
        assert td.locator("#id_table").input_value() == str(n["table"].number)
        assert td.locator("#id_board").input_value() == str(n["board2"].number)
        # The reason is in words (a phone shows no tooltip): on the console, and above
        # the form with the disputed result, who entered it and who disputed it.
        assert td.locator("#disputes").get_by_text("We played 2H").is_visible()
        stored = td.locator("#correction-stored")
        assert stored.is_visible() and "passed out" in stored.inner_text()
        assert "We played 2H" in stored.inner_text() and n["ew_user"].name in stored.inner_text()
        assert td.evaluate(NO_SCROLL)
        in_thread(
            services.result_correct, table_id=n["table"].pk, board_id=n["board2"].pk,
            director=n["director_user"], contract="2H", declarer="W", tricks=8, lead="",
            reason="table agreed",
        )  # fmt: skip
        settled = _db(lambda: Result.objects.get(board=n["board2"], table=n["table"]))
        assert settled.disputed_at is None and settled.contract == "2H"
        td.locator(".console a.st-disputed").first.wait_for(state="detached", timeout=30_000)
        td.reload()  # the log says what the correction changed and why
        log = td.locator(".log").inner_text()
        assert "now 2H by W, 8 tricks" in log and "before: passed out" in log, log
        assert "Reason: “table agreed”" in log

        # The round (and the event) ends: every player gets their scorecard by email,
        # and its board link opens the board for EW.
        mail.outbox.clear()
        in_thread(services.round_close, event=event, number=1)
        ew_mail = next(m for m in mail.outbox if m.to == [n["ew_user"].email])
        assert event.name in ew_mail.subject
        link = re.search(r"http://\S+/events/\d+/boards/1/", ew_mail.body).group(0)
        ew.goto(live_server.url + "/" + link.split("/", 3)[3])
        ew.locator("#results tbody tr").first.wait_for()
        assert ew.locator("#results tbody tr.mine").count() == 1  # their own table
        assert ew.evaluate(NO_SCROLL)
        assert errors == []
    finally:
        for c in (td_ctx, ns_ctx, ew_ctx):
            c.close()


def test_the_club_pages_in_chinese_at_phone_width(live_server, night, browser):
    event = night["event"]
    base = f"{live_server.url}/events/{event.pk}"
    ctx, page = _page(browser, live_server, night["ns"], PHONE, locale="zh-CN")
    try:
        page.goto(f"{base}/my-table/")
        page.get_by_role("button", name="四家都不叫").first.wait_for()
        assert page.evaluate(NO_SCROLL)
        page.goto(f"{base}/")
        assert page.evaluate(NO_SCROLL)
    finally:
        ctx.close()
