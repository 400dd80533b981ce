"""The live match view (``docs/rules.md`` § Live match view): a match's board-by-board
table and running score, an event's current round, and their polled JSON (ETag / 304).

The JSON is served from the cache as stored bytes (``formats/teams/live_cache.py``); a
spectator's request on a cache hit reads no database row."""

from __future__ import annotations

import json

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404, render
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _

from ...models import Event
from ...views.display import result_html, score_text
from .. import format_for
from .live_cache import Served, etag_matches, live_event_for, live_match_for

#: How often the page asks for a new state (ms); a 304 costs a few hundred bytes.
POLL_MS = 3000


def live_response(request: HttpRequest, served: Served) -> HttpResponse:
    """``served`` as JSON with its ETag, or 304 when the client already has it."""
    if etag_matches(request.headers.get("If-None-Match", ""), served.etag):
        response = HttpResponseNotModified()
    else:
        response = HttpResponse(served.body, content_type="application/json")
    response["ETag"] = served.etag
    response["Cache-Control"] = "no-cache"  # always revalidate: the state changes any time
    patch_vary_headers(response, ["Cookie", "Authorization"])  # a player sees less
    return response


def _match(request: HttpRequest, event_id: int, match_id: int) -> Served:
    served = live_match_for(user=request.user, event_id=event_id, match_id=match_id)
    if served is None:
        raise Http404(_("No such match."))
    return served


def _live_event(event_id: int) -> Event:
    event = get_object_or_404(Event, pk=event_id)
    if not format_for(event).live_view:
        raise Http404(_("This event has no matches."))
    return event


def match_live_json(request: HttpRequest, event_id: int, match_id: int) -> HttpResponse:
    return live_response(request, _match(request, event_id, match_id))


def event_live_json(request: HttpRequest, event_id: int) -> HttpResponse:
    return live_response(request, live_event_for(user=request.user, event=_live_event(event_id)))


def _with_scores_shown(state: dict) -> dict:
    """The rooms' results and NS scores as the page shows them ("1♥ by S, +1"; +420,
    -50, 0), as every page writes a result."""
    for board in state["boards"]:
        for room in (board["open"], board["closed"]):
            room["ns_text"] = "" if room["ns_score"] is None else score_text(room["ns_score"])
            if room["result"]:
                room["text"] = result_html(room["contract"], room["declarer"], room["tricks"])
    return state


def match_detail(request: HttpRequest, event_id: int, match_id: int) -> HttpResponse:
    served = _match(request, event_id, match_id)
    event = get_object_or_404(Event, pk=event_id)
    return render(
        request,
        "tournaments/match_detail.html",
        {
            "event": event,
            "state": _with_scores_shown(json.loads(served.body)),
            "etag": served.etag,
            "poll_ms": POLL_MS,
        },
    )


def event_live(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _live_event(event_id)
    served = live_event_for(user=request.user, event=event)
    return render(
        request,
        "tournaments/event_live.html",
        {
            "event": event,
            "state": json.loads(served.body),
            "etag": served.etag,
            "poll_ms": POLL_MS,
        },
    )
