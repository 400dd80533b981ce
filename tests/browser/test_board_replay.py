"""The board page's replay in a real Chromium at 390 px (docs/rules.md § Online play, The
board page; § Phones): stepping forward and back through the tricks takes the cards
played out of the hands and puts them back, shows the trick and the tricks won, and
nothing sticks out sideways."""

from __future__ import annotations

import pytest

from tests.browser.conftest import PHONE, phone_replay
from tests.conftest import player
from tests.tournaments.test_board_replay import record, recorded_board
from tournaments import services
from tournaments.models import Result

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

STATE = """(box) => ({
    step: box.querySelector('[data-f="step"]').textContent,
    won: box.querySelector('[data-f="won"]').textContent,
    held: Array.from(box.querySelectorAll(".replay-suits li")).reduce(
        (n, li) => n + li.textContent.slice(1).trim().split(/\\s+/)
            .filter((r) => r && r !== "\\u2013").length, 0),
    trick: Array.from(box.querySelectorAll(".replay-card .playcard"))
        .map((c) => c.getAttribute("aria-label")),
    staticPlay: box.closest(".record").querySelector("table.play").hidden,
    doc: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
})"""


@pytest.fixture
def board_url(live_server, make_event):
    """Board 1 played online at table 1 (3NT by the dealer), its round closed: public."""
    event = make_event(pairs=4, start=True, num_rounds=2)
    table1 = event.rounds.get(number=1).tables.order_by("number").first()
    board = event.boards.get(number=1)
    table = recorded_board(board, ["3NT", "P", "P", "P"])
    result = services.result_submit(
        table_id=table1.pk, board_id=board.pk, user=player(table1.ns), contract="3NT",
        declarer=board.dealer, tricks=table.tricks_won("NS" if board.dealer in "NS" else "EW"),
        lead=table.cards[0].value,
    )  # fmt: skip
    services.result_confirm(result_id=result.pk, user=player(table1.ew))
    record(Result.objects.get(pk=result.pk), table)
    services.round_close(event=event, number=1)
    return {
        "url": f"{live_server.url}/events/{event.pk}/boards/1/",
        "first": [f"{s}:{c}" for s, c in table.tricks[0]],
        "winners": table.trick_winners,
    }


def test_stepping_through_the_tricks_on_a_phone(board_url, browser):
    with phone_replay(browser, board_url["url"]) as (page, box):
        state = lambda: box.evaluate(STATE)  # noqa: E731
        start = state()
        assert start["step"] == "Before the opening lead" and start["held"] == 52, start
        assert start["trick"] == [] and start["staticPlay"] is True, start
        assert start["doc"] <= PHONE["width"] and start["body"] <= PHONE["width"], start

        box.get_by_role("button", name="Next").click()
        one = state()
        assert one["step"] == "Trick 1 of 13" and one["held"] == 48, one
        assert sorted(one["trick"]) == sorted(c.split(":")[1] for c in board_url["first"]), one
        ns = int(board_url["winners"][0] in "NS")
        assert one["won"] == f"Tricks won: NS {ns}, EW {1 - ns}", one
        box.get_by_role("button", name="Next").click()
        assert state()["held"] == 44
        page.screenshot(path="/tmp/replay_390.png", full_page=True)
        box.get_by_role("button", name="Back").click()
        assert state()["held"] == 48

        box.get_by_role("button", name="Last").click()
        last = state()
        assert last["step"] == "Trick 13 of 13" and last["held"] == 0, last
        ns = sum(1 for w in board_url["winners"] if w in "NS")
        assert last["won"] == f"Tricks won: NS {ns}, EW {13 - ns}", last
        assert box.get_by_role("button", name="Next").is_disabled()
        assert last["doc"] <= PHONE["width"], last

        box.get_by_role("button", name="Back").press("Home")  # the keyboard too
        assert state()["held"] == 52 and box.get_by_role("button", name="Back").is_disabled()
        box.get_by_role("button", name="Next").focus()
        page.keyboard.press("ArrowRight")
        assert state()["step"] == "Trick 1 of 13"
