"""The import page's progress in a real Chromium at 390 px (docs/rules.md § Files): a
file a worker has not imported yet shows a progress page that fits the phone and, once
the worker is done, opens the event by itself."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.browser.test_my_table import in_thread
from tests.factories import UserFactory
from tests.tournaments.interchange.test_interchange_usebio_files import EBUSCORE
from tournaments.interchange.jobs import import_job_run
from tournaments.models import ImportJob

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def queued(live_server):
    """A file waiting for a worker (its task not run yet) and its director's cookie."""
    director = UserFactory(is_staff=True)
    job = ImportJob.objects.create(director=director, data=EBUSCORE.encode("latin-1"))
    client = Client()
    client.force_login(director)
    return {"job": job.pk, "cookie": client.cookies["sessionid"].value}


def test_the_progress_page_fits_a_phone_and_opens_the_event_when_imported(
    live_server, queued, browser
):
    context = browser.new_context(viewport=PHONE, is_mobile=True)
    context.add_cookies([{"name": "sessionid", "value": queued["cookie"], "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        page.goto(f"{live_server.url}/events/import/{queued['job']}/")
        assert page.locator(".progress-busy").is_visible()
        assert page.get_by_text("Waiting to start").is_visible()
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

        in_thread(import_job_run, job_id=queued["job"])  # the worker

        page.wait_for_url(re.compile(r"/events/\d+/$"), timeout=20_000)
        assert page.get_by_text("Imported: 8 pairs and 1 board,").is_visible()
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    finally:
        context.close()
