"""The spectators' fast path for the live match state (``docs/rules.md`` § Live match view).

A thousand spectators polling one match each few seconds are anonymous requests for the
same cached bytes. This WSGI wrapper (``config/wsgi.py``) answers them before Django's
middleware runs: a ``GET`` of ``/events/<id>/matches/<id>/live.json`` with no session
cookie and no ``Authorization`` header is served from the live-state cache
(``formats.teams.live_cache.live_match_public_cached``), with the ETag / 304 and the security
headers Django would add. Anything else (a signed-in viewer, who may see less; a cache
miss; a host Django would refuse; plain HTTP where HTTPS is required) goes to Django
unchanged, which answers the same bytes the slow way. The fast path never touches the
database.
"""

from __future__ import annotations

import re

from django.conf import settings
from django.http.request import split_domain_port, validate_host

from .formats.teams.live_cache import etag_matches, live_match_public_cached

LIVE_JSON = re.compile(r"^/events/(\d+)/matches/(\d+)/live\.json$")


def _security_headers() -> list[tuple[str, str]]:
    headers = [
        ("Content-Type", "application/json"),
        ("Cache-Control", "no-cache"),
        ("Vary", "Cookie, Authorization"),
    ]
    if settings.SECURE_CONTENT_TYPE_NOSNIFF:
        headers.append(("X-Content-Type-Options", "nosniff"))
    if settings.SECURE_REFERRER_POLICY:
        policy = settings.SECURE_REFERRER_POLICY
        if not isinstance(policy, str):
            policy = ",".join(policy)
        headers.append(("Referrer-Policy", policy))
    if settings.SECURE_CROSS_ORIGIN_OPENER_POLICY:
        headers.append(("Cross-Origin-Opener-Policy", settings.SECURE_CROSS_ORIGIN_OPENER_POLICY))
    headers.append(("X-Frame-Options", getattr(settings, "X_FRAME_OPTIONS", "DENY")))
    return headers


def _secure(environ) -> bool:
    if environ.get("wsgi.url_scheme") == "https":
        return True
    proxy = settings.SECURE_PROXY_SSL_HEADER
    if proxy:
        header, value = proxy
        return environ.get(header, "").split(",")[0].strip() == value
    return False


def _host_allowed(environ) -> bool:
    host = environ.get("HTTP_HOST") or environ.get("SERVER_NAME", "")
    domain, _port = split_domain_port(host)
    allowed = settings.ALLOWED_HOSTS
    if settings.DEBUG and not allowed:
        allowed = [".localhost", "127.0.0.1", "[::1]"]
    return bool(domain) and validate_host(domain, allowed)


class LiveSpectatorFastPath:
    """Wraps the Django WSGI application (see the module docstring)."""

    def __init__(self, app):
        self.app = app
        self._headers = None

    def _anonymous(self, environ) -> bool:
        if environ.get("HTTP_AUTHORIZATION"):
            return False
        cookie = environ.get("HTTP_COOKIE", "")
        return f"{settings.SESSION_COOKIE_NAME}=" not in cookie

    def __call__(self, environ, start_response):
        match = None
        if environ.get("REQUEST_METHOD") == "GET" and not environ.get("QUERY_STRING"):
            match = LIVE_JSON.match(environ.get("PATH_INFO", ""))
        if match and self._anonymous(environ) and _host_allowed(environ):
            secure = _secure(environ)
            if secure or not settings.SECURE_SSL_REDIRECT:
                answer = self._serve(environ, start_response, match, secure)
                if answer is not None:
                    return answer
        return self.app(environ, start_response)

    def _serve(self, environ, start_response, match, secure: bool):
        try:
            served = live_match_public_cached(match_id=int(match[2]))
        except Exception:  # a cache outage: Django answers (and reports) it
            return None
        if served is None or served.event_id != int(match[1]):
            return None
        if self._headers is None:
            self._headers = _security_headers()
        headers = [*self._headers, ("ETag", served.etag)]
        if secure and settings.SECURE_HSTS_SECONDS:
            hsts = f"max-age={settings.SECURE_HSTS_SECONDS}"
            if settings.SECURE_HSTS_INCLUDE_SUBDOMAINS:
                hsts += "; includeSubDomains"
            if settings.SECURE_HSTS_PRELOAD:
                hsts += "; preload"
            headers.append(("Strict-Transport-Security", hsts))
        if etag_matches(environ.get("HTTP_IF_NONE_MATCH", ""), served.etag):
            headers = [h for h in headers if h[0] != "Content-Type"]
            start_response("304 Not Modified", headers)
            return [b""]
        headers.append(("Content-Length", str(len(served.body))))
        start_response("200 OK", headers)
        return [served.body]
