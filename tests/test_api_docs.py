"""/api/docs/ works offline: everything it loads comes from the site itself."""

from __future__ import annotations

import re

import pytest
from django.contrib.staticfiles import finders


@pytest.mark.django_db
def test_the_api_docs_load_nothing_from_another_site(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    page = response.content.decode()
    urls = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert urls, page
    assert all(url.startswith("/") and not url.startswith("//") for url in urls), urls
    assert "googleapis" not in page and "cdn" not in page.lower()
    script = next(u for u in urls if u.endswith(".js"))
    # the Redoc bundle is one of the project's static files
    assert finders.find(script.removeprefix("/static/"))
