"""Browser tests: Playwright driving Debian's Chromium (``/usr/bin/chromium``) against
pytest-django's ``live_server``. Playwright's own browser download is never used.

Without Chromium (or the playwright package) these tests skip, except in CI
(``REQUIRE_SERVICES=1``), where they fail.
"""

from __future__ import annotations

import contextlib
import os
import shutil

import pytest

from tests.conftest import REQUIRE_SERVICES

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def need_chromium() -> None:
    """Skip locally, fail in CI, when Chromium or the playwright package is missing."""
    missing = None
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        missing = "the playwright package (pip install -e '.[dev]')"
    if missing is None and not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        missing = f"Chromium at {CHROMIUM} (apt-get install chromium)"
    if missing:
        if REQUIRE_SERVICES:
            pytest.fail(f"REQUIRE_SERVICES=1 but {missing} is missing")
        pytest.skip(f"needs {missing}")


@pytest.fixture
def browser():
    """A headless Chromium for one test.

    Request it after the fixtures that write to the database: while Playwright's sync API
    runs, the test thread has an event loop, and Django refuses ORM calls from there.
    """
    need_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


#: A phone's viewport (docs/rules.md § Phones).
PHONE = {"width": 390, "height": 844}


@contextlib.contextmanager
def phone_replay(browser, url: str):
    """A page at 390 px on ``url`` (a board page), and its first replay once shown."""
    context = browser.new_context(locale="en-US", viewport=PHONE, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        page.goto(url)
        box = page.locator(".replay").first
        box.wait_for(state="visible")
        yield page, box
    finally:
        context.close()
