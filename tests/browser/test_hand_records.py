"""The director's hand records in a real Chromium (docs/rules.md § Boards): printed to
A4 (Chromium's print-to-PDF) they are four boards to a sheet, every board whole on its
sheet with its four hands, dealer, vulnerability, HCP and double-dummy table; on screen at
1280 px and at 390 px nothing sticks out and every suit stays on one line."""

from __future__ import annotations

import io
import math
import re

import pytest
from django.test import Client

from tests.conftest import REQUIRE_SERVICES
from tournaments.deals import deal_hands
from tournaments.models import Board
from tournaments.services.analysis import boards_analyse
from tournaments.views.display import DASH

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

BOARDS = 6  # two A4 sheets: four boards, then two
PER_SHEET = 4
# Board 1 gets a nine-card suit in East's hand and two voids: a wide hand beside the centre.
LONG = "N:5432.AKQJ.AKQ.AK AKQJT9876.2.32.2 .T9876.JT98.QJ98 .543.7654.T76543"
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

# Each board's block, and each suit line of its hands: one line, inside the board.
LAYOUT = """() => {
    const out = [];
    const records = Array.from(document.querySelectorAll(".hand-record"));
    for (const rec of records) {
        const box = rec.getBoundingClientRect();
        if (rec.scrollWidth > rec.clientWidth + 1) out.push(rec.id + " overflows");
        for (const el of rec.querySelectorAll("*")) {
            const r = el.getBoundingClientRect();
            if (r.bottom > box.bottom + 1) { out.push(rec.id + " cut at the bottom"); break; }
        }
        for (const li of rec.querySelectorAll(".suits li")) {
            const r = li.getBoundingClientRect();
            const line = parseFloat(getComputedStyle(li).lineHeight);
            if (r.height > line * 1.5) out.push(li.textContent + " wraps");
            if (r.left < box.left - 1 || r.right > box.right + 1) {
                out.push(li.textContent + " sticks out");
            }
        }
    }
    return {records: records.length, doc: document.documentElement.scrollWidth, out: out};
}"""


def need_pypdf():
    try:
        import pypdf
    except ImportError:
        if REQUIRE_SERVICES:
            pytest.fail("REQUIRE_SERVICES=1 but pypdf is missing (pip install -e '.[dev]')")
        pytest.skip("needs pypdf (pip install -e '.[dev]')")
    return pypdf


def squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


def hand_text(hand: dict[str, str]) -> str:
    """A hand as the record prints it, without spaces: ♠AKQJ109876♥2♦32♣2 (a dash: void)."""
    return "".join(SUITS[s] + (hand[s].replace("T", "10") or DASH) for s in "SHDC")


@pytest.fixture
def records(live_server, make_event, director):
    """Round 1 of six boards in play, analysed double dummy, and the director's cookie."""
    event = make_event(pairs=4, start=True, boards_per_round=BOARDS)
    Board.objects.filter(event=event, number=1).update(deal=LONG, dd_table=None)
    boards_analyse(board_ids=list(event.boards.values_list("pk", flat=True)))
    boards = list(event.boards.order_by("number"))
    assert len(boards) == BOARDS and all(b.dd_table for b in boards)
    client = Client()
    client.force_login(director)
    return {
        "url": f"{live_server.url}/events/{event.pk}/director/rounds/1/hands/",
        "session": client.cookies["sessionid"].value,
        "hands": {b.number: deal_hands(b.deal) for b in boards},
    }


def test_hand_records_print_four_boards_to_an_a4_sheet(live_server, records, browser):
    pypdf = need_pypdf()
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    context.add_cookies([{"name": "sessionid", "value": records["session"],
                          "url": live_server.url}])  # fmt: skip
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        page.goto(records["url"])
        # the screen at 1280 px: nothing sticks out, each suit on one line
        layout = page.evaluate(LAYOUT)
        assert layout["records"] == BOARDS, layout
        assert layout["doc"] <= 1280 and layout["out"] == [], layout
        # the print layout on an A4 sheet's width (190 mm inside its margins)
        page.set_viewport_size({"width": 718, "height": 1047})
        page.emulate_media(media="print")
        layout = page.evaluate(LAYOUT)
        assert layout["out"] == [], layout
        pdf = page.pdf(format="A4")
        # and on a phone
        page.emulate_media(media="screen")
        page.set_viewport_size({"width": 390, "height": 844})
        layout = page.evaluate(LAYOUT)
        assert layout["doc"] <= 390 and layout["out"] == [], layout
    finally:
        context.close()

    sheets = pypdf.PdfReader(io.BytesIO(pdf)).pages
    assert len(sheets) == math.ceil(BOARDS / PER_SHEET)
    for i, sheet in enumerate(sheets):
        text = squeeze(sheet.extract_text())
        numbers = range(i * PER_SHEET + 1, min(BOARDS, (i + 1) * PER_SHEET) + 1)
        for n in range(1, BOARDS + 1):  # this sheet's boards, and only them
            assert (f"Board{n}Dealer" in text) == (n in numbers), (i, n, text)
        for n in numbers:  # each whole: four hands, their HCP, dealer and double dummy
            for seat, hand in records["hands"][n].items():
                assert hand_text(hand) in text, (n, seat, hand_text(hand), text)
        assert text.count("HCP") == 4 * len(numbers), text
        assert text.count("Vul.") == len(numbers) and text.count("Par") == len(numbers), text
