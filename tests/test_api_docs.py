"""/api/docs/ works offline: everything it loads comes from the site itself, and the
Redoc bundle it runs fetches no image, font or stylesheet from another site."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders

# An asset a script or stylesheet would fetch from another site: an element's src, a CSS
# url(...) or @import, a font service or a CDN.
EXTERNAL_ASSET = re.compile(
    r"""src\s*[:=]\s*["'`](?:https?:)?//"""
    r"""|(?-i:url)\(\s*["']?(?:https?:)?//"""  # CSS url(), not JavaScript URL(
    r"""|@import\s+(?:url\()?\s*["'](?:https?:)?//"""
    r"""|fonts\.(?:googleapis|gstatic)\.com|//cdn[\w.-]*\.""",
    re.I,
)


def _strings(value):
    if isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)
    elif isinstance(value, str):
        yield value


@pytest.mark.django_db
def test_the_api_docs_load_nothing_from_another_site(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    page = response.content.decode()
    urls = re.findall(r'(?:src|href|spec-url)="([^"]+)"', page)
    assert urls, page
    assert all(url.startswith("/") and not url.startswith("//") for url in urls), urls
    assert "googleapis" not in page and "cdn" not in page.lower()
    assert not EXTERNAL_ASSET.search(page)
    scripts = re.findall(r'<script[^>]+src="([^"]+)"', page)
    assert scripts
    for script in scripts:
        if script.startswith(settings.STATIC_URL):  # a static file (the tests serve none)
            text = Path(finders.find(script.removeprefix(settings.STATIC_URL))).read_text()
        else:
            served = client.get(script)
            assert served.status_code == 200, script
            text = served.content.decode()
        assert "Redoc" in text  # the bundle itself, not an error page
        found = [text[max(0, m.start() - 80) : m.end() + 80] for m in EXTERNAL_ASSET.finditer(text)]
        assert not found, found


def test_the_docs_settings_name_no_other_site():
    docs = {
        key: value
        for key, value in settings.SPECTACULAR_SETTINGS.items()
        if key.startswith(("REDOC", "SWAGGER")) or key in ("EXTENSIONS_INFO", "EXTERNAL_DOCS")
    }
    assert docs["REDOC_DIST"].startswith("/") and not docs["REDOC_DIST"].startswith("//")
    assert not [s for s in _strings(docs) if re.match(r"(?:https?:)?//", s)]
