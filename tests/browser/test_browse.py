"""Browse the results pages in a real Chromium: index → event → board; the language
switch; the event page on a phone."""

from __future__ import annotations

import pytest

from tournaments.simulation import SimulationConfig, simulate_swiss_event

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def event(live_server):
    return simulate_swiss_event(
        SimulationConfig(pairs=6, rounds=2, boards_per_round=2, name="Browser Swiss", seed=5)
    )


@pytest.fixture
def page(event, browser):
    context = browser.new_context(locale="en-US")
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def test_index_to_event_to_a_board_with_its_results_and_deal(live_server, event, page):
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="Browser Swiss").click()
    page.wait_for_url(f"**/events/{event.pk}/")
    assert "Final standings" in page.inner_text("main")
    cell = page.locator("table.grid tbody td:not(.opp) a").first  # a score, not "vs"
    href = cell.get_attribute("href")
    number = int(href.rstrip("/").rsplit("/", 1)[1])
    cell.click()
    page.wait_for_url(f"**/events/{event.pk}/boards/{number}/")
    results = page.locator("table#results")
    assert results.is_visible()
    assert results.locator("tbody tr").count() >= 1
    deal = page.locator(".compass")
    assert deal.is_visible()
    assert "♠" in deal.inner_text()


def test_the_language_switch_shows_the_event_page_in_chinese(live_server, event, page):
    page.goto(f"{live_server.url}/events/{event.pk}/")
    assert "Final standings" in page.inner_text("main")
    page.get_by_role("button", name="简体中文").click()
    page.wait_for_load_state()
    page.wait_for_selector("html[lang='zh-hans']")
    assert page.url.endswith(f"/events/{event.pk}/")
    main = page.inner_text("main")
    assert "最终排名" in main and "Final standings" not in main
    assert "赛事" in page.inner_text("header")


def test_the_event_page_fits_a_phone_and_the_grid_scrolls_inside(live_server, event, browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=3, is_mobile=True)
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/events/{event.pk}/")
        grid = page.locator(".grid-scroll")
        assert grid.is_visible()
        widths = page.evaluate(
            """() => {
                const box = document.querySelector(".grid-scroll");
                return {
                    body: document.body.scrollWidth,
                    doc: document.documentElement.scrollWidth,
                    box: box.clientWidth,
                    table: box.querySelector("table").scrollWidth,
                    overflow: getComputedStyle(box).overflowX,
                };
            }"""
        )
        assert widths["body"] <= PHONE["width"] + 2, widths
        assert widths["doc"] <= PHONE["width"] + 2, widths
        assert widths["box"] <= PHONE["width"], widths
        assert widths["overflow"] in ("auto", "scroll"), widths
        assert widths["table"] > widths["box"], widths  # wider than the phone...
        scrolled = page.evaluate(
            """() => {
                const box = document.querySelector(".grid-scroll");
                box.scrollLeft = 60;
                return [box.scrollLeft, window.scrollX];
            }"""
        )
        assert scrolled[0] > 0 and scrolled[1] == 0, scrolled  # ...so it scrolls in its box
    finally:
        context.close()
