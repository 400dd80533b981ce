"""``/api/docs/``'s Redoc bundle, served by the site with nothing to fetch elsewhere.

drf-spectacular-sidecar ships Redoc's standalone bundle as a static file, but the bundle
shows Redocly's logo in the sidebar's footer from Redocly's CDN (an ``<img>`` with
``src="https://cdn.redoc.ly/redoc/logo-mini.svg"``, and no option turns it off). The
docs page loads nothing from another site, so this view serves the sidecar's bundle with
that image made an empty inline one (``REDOC_DIST`` in ``config/settings/base.py`` points
Redoc here). The bundle is read and patched once per process.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

BUNDLE = "drf_spectacular_sidecar/redoc/bundles/redoc.standalone.js"
#: Images Redoc would load from another site, and what they become.
EXTERNAL_IMAGES = {
    "https://cdn.redoc.ly/redoc/logo-mini.svg": (
        "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"
    ),
}


@lru_cache(maxsize=1)
def redoc_bundle() -> bytes:
    """The sidecar's Redoc bundle with its external images made inline."""
    text = Path(finders.find(BUNDLE)).read_text(encoding="utf-8")
    for url, inline in EXTERNAL_IMAGES.items():
        text = text.replace(url, inline)
    return text.encode("utf-8")


@require_GET
@cache_control(public=True, max_age=60 * 60 * 24)
def redoc_bundle_view(request: HttpRequest) -> HttpResponse:
    return HttpResponse(redoc_bundle(), content_type="text/javascript; charset=utf-8")
