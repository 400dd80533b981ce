"""The spectators' fast path (tournaments/live_wsgi.py): an anonymous poll of a match's
live state is answered from the cache with the same bytes, ETag and headers as Django's
view; everyone and everything else goes to Django."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client

from tests.tournaments.formats.teams.test_live import matches_of, play, team_event
from tournaments.formats.teams import live_cache as live_service
from tournaments.live_wsgi import LiveSpectatorFastPath

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


def _django(environ, start_response):
    start_response("299 Django", [])
    return [b"django"]


def _call(app, path, **extra):
    environ = {"REQUEST_METHOD": "GET", "PATH_INFO": path, "QUERY_STRING": "",
               "HTTP_HOST": "testserver", "wsgi.url_scheme": "http", **extra}  # fmt: skip
    got = {}

    def start_response(status, headers):
        got["status"], got["headers"] = status, dict(headers)

    body = b"".join(app(environ, start_response))
    return got["status"], got["headers"], body


def test_an_anonymous_poll_is_served_from_the_cache_like_the_view(director):
    event = team_event(director)
    match = matches_of(event)[0]
    play(match, "open", match.round.boards.order_by("number").first().number)
    path = f"/events/{event.pk}/matches/{match.pk}/live.json"
    app = LiveSpectatorFastPath(_django)
    # A cache miss goes to Django (which fills the cache).
    status, _, body = _call(app, path)
    assert status == "299 Django"
    view = Client().get(path)
    assert view.status_code == 200
    status, headers, body = _call(app, path)
    assert status == "200 OK" and body == view.content
    assert headers["ETag"] == view["ETag"] and headers["Cache-Control"] == "no-cache"
    for name in ("X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options"):
        assert headers[name] == view[name]
    status, headers, body = _call(app, path, HTTP_IF_NONE_MATCH=view["ETag"])
    assert status == "304 Not Modified" and body == b"" and headers["ETag"] == view["ETag"]
    # A new result: the fast path serves the new state, not the old one.
    play(match, "closed", match.round.boards.order_by("number").first().number)
    live_service.live_refresh(event_id=event.pk, table_ids=[match.closed_table_id])
    status, headers, body = _call(app, path, HTTP_IF_NONE_MATCH=view["ETag"])
    assert status == "200 OK" and headers["ETag"] != view["ETag"]
    assert body == Client().get(path).content


def test_everything_else_goes_to_django(director):
    event = team_event(director)
    match = matches_of(event)[0]
    path = f"/events/{event.pk}/matches/{match.pk}/live.json"
    assert Client().get(path).status_code == 200  # cached now
    app = LiveSpectatorFastPath(_django)
    assert _call(app, path)[0] == "200 OK"
    others = [
        (path, {"HTTP_COOKIE": "sessionid=abc"}),  # signed in: may see less
        (path, {"HTTP_AUTHORIZATION": "Token abc"}),
        (path, {"REQUEST_METHOD": "POST"}),
        (path, {"QUERY_STRING": "x=1"}),
        (path, {"HTTP_HOST": "evil.example"}),  # Django refuses the host
        (f"/events/{event.pk + 1}/matches/{match.pk}/live.json", {}),  # another event
        (f"/events/{event.pk}/matches/{match.pk}/", {}),
    ]
    for other, extra in others:
        assert _call(app, other, **extra)[0] == "299 Django", (other, extra)
