"""A claim seen by a defender in a real Chromium (docs/rules.md § Online play, Claims):
the claimer's hand is faced on the page while the claim waits, and once it is accepted
the top bar shows the claimed result and the trick in the middle keeps its number."""

from __future__ import annotations

import pytest

from tableplay import Action

from .test_table_page import DESKTOP, FakeTable, _follow, online, open_page  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_a_defender_sees_the_claimers_hand_and_the_claimed_tricks(live_server, online, browser):  # noqa: F811
    fake = FakeTable(online["board"], online["table"])
    for seat, call in zip("NESWNE", ["1NT", "P", "3NT", "P", "P", "P"], strict=True):
        fake.engine.apply(Action("call", seat, call))
    # North declares, South is dummy; East's page: North on the right.
    for seat in "ESWN":  # the first trick
        fake.engine.apply(Action("card", fake.engine.actor, _follow(fake, seat)))
    fake.engine.apply(
        Action("card", fake.engine.actor, fake.engine.remaining[fake.engine.to_play][0])
    )
    context, page, errors = open_page(browser, live_server, online, "E", DESKTOP, fake)
    try:
        page.locator('#play-table[data-phase="play"]').wait_for()
        assert page.locator(".seat-right .hand-lines").count() == 0  # North's hand hidden
        assert page.locator(".seat-right .backs").count() == 1
        fake.act("claim", "N", "9")
        page.get_by_text("North claims 9 of the remaining tricks.").wait_for()
        page.locator(".seat-right .hand-lines").wait_for()  # faced while the claim waits
        assert page.locator(".seat-right .backs").count() == 0
        assert page.locator(".seat-right .hand-lines .line").count() == 4
        assert page.locator(".seat-left .hand-lines").count() == 1  # dummy, as before
        assert page.locator(".seat-top .hand-lines").count() == 0  # partner's stays hidden
        page.get_by_role("button", name="Accept", exact=True).click()
        fake.act("accept", "W")
        page.locator('#play-table[data-phase="over"]').wait_for()
        won = fake.engine.tricks_won("NS")
        assert fake.engine.result.tricks == won + 9
        tricks = page.locator('[data-slot="tricks"]').inner_text()
        assert f"NS {won + 9} · EW {13 - won - 9}" in tricks, tricks
        assert page.locator(".trick .trick-no").inner_text() == "Trick 2"
        assert errors == []
    finally:
        context.close()
