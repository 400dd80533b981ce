"""The analysis of the play on the board page in a real Chromium at 390 px (docs/rules.md
§ The analysis of the play; § Phones): stepping to a trick with a card that cost a trick
shows its red mark and each card's tricks after it, and nothing sticks out sideways."""

from __future__ import annotations

import pytest

from analysis.services import result_analyse
from tests.browser.conftest import PHONE, phone_replay
from tests.browser.test_board_replay import board_url  # noqa: F401 (a fixture)
from tournaments.models import Result

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SHOWN = """(box) => ({
    marks: Array.from(box.querySelectorAll(".replay-card .dd-cost")).map((m) => m.textContent),
    rows: Array.from(box.querySelectorAll('[data-f="dd"] li')).map((li) => li.textContent),
    doc: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
})"""


@pytest.fixture
def analysis(board_url):  # noqa: F811 (before the browser: no query once it runs)
    return result_analyse(result_id=Result.objects.exclude(play="").get(board__number=1).pk)


def test_a_costly_card_is_marked_in_the_replay_on_a_phone(analysis, board_url, browser):  # noqa: F811
    costly = next(i for i, cost in enumerate(analysis.card_costs) if cost > 0)
    trick = costly // 4 + 1
    with phone_replay(browser, board_url["url"]) as (page, box):
        assert page.locator(".dd-summary").first.is_visible()
        for _ in range(trick):
            box.get_by_role("button", name="Next").click()
        shown = box.evaluate(SHOWN)
        costs = analysis.card_costs[4 * (trick - 1) : 4 * trick]
        after = analysis.tricks_after[4 * (trick - 1) : 4 * trick]
        assert shown["marks"] == [f"\u2212{c}" for c in costs if c > 0], shown
        assert len(shown["rows"]) == 4
        for row, value in zip(shown["rows"], after, strict=True):
            assert f"\u2192 NS {value}" in row or f"\u2192 EW {value}" in row, shown
        assert shown["doc"] <= PHONE["width"] and shown["body"] <= PHONE["width"], shown
        page.screenshot(path="/tmp/analysis_390.png", full_page=True)
