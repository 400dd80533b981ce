"""The leaderboards' tabs in a real Chromium at 390 px: three tabs, each a padded block
apart from the next, the current one marked, in one row that fits the phone (they were
bare links run together: "This week's pointsRateMaster points")."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
TABS = """() => Array.from(document.querySelectorAll("nav.tabs a")).map((a) => {
    const box = a.getBoundingClientRect(), style = getComputedStyle(a);
    return {text: a.textContent, left: box.left, right: box.right, top: box.top,
            padding: parseFloat(style.paddingLeft), background: style.backgroundColor,
            current: a.getAttribute("aria-current") === "page"};
})"""


def test_the_leaderboard_tabs_are_tabs_on_a_phone(live_server, browser):
    context = browser.new_context(viewport=PHONE, is_mobile=True)
    page = context.new_page()
    try:
        page.goto(live_server.url + reverse("ratings:leaderboard") + "?board=rate")
        tabs = page.evaluate(TABS)
        page.screenshot(path="/tmp/h-ui-leaderboard-phone.png")
        assert [t["text"] for t in tabs] == ["This week's points", "Rate", "Master points"]
        assert all(t["padding"] >= 6 for t in tabs), tabs
        for before, after in zip(tabs, tabs[1:], strict=False):
            assert after["left"] >= before["right"], tabs  # apart, not run together
        assert len({t["top"] for t in tabs}) == 1 and tabs[-1]["right"] <= PHONE["width"]
        current = [t for t in tabs if t["current"]]
        assert [t["text"] for t in current] == ["Rate"]
        assert all(t["background"] != current[0]["background"] for t in tabs if not t["current"])
    finally:
        context.close()
