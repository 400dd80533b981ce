"""The practice pages (``docs/rules.md`` § Robots, *Practice*): what one may practise and
one's sessions, the start of a session, the table (online play's table script, on the
practice table's socket, polling the practice API while it is down) and the summary
against the field."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from online.views import _strings as table_strings
from tableplay import SEATS
from tournaments.errors import BridgeError
from tournaments.models import Event

from . import services
from .models import PracticeSession
from .selectors import (
    practice_boards,
    practice_events,
    session_get,
    session_summary,
    sessions_of,
)


@login_required
def practice_home(request: HttpRequest) -> HttpResponse:
    """What the player may practise, and their sessions."""
    return render(
        request,
        "practice/home.html",
        {"events": practice_events(user=request.user), "sessions": sessions_of(user=request.user)},
    )


@login_required
def practice_start(request: HttpRequest, event_id: int) -> HttpResponse:
    """Start a session on an event's boards: the form (GET) and the start (POST)."""
    event = get_object_or_404(Event, pk=event_id)
    if request.method == "POST":
        numbers = [int(n) for n in request.POST.getlist("board") if n.isdigit()] or None
        try:
            session = services.practice_create(
                user=request.user, event_id=event.pk, numbers=numbers,
                seat=request.POST.get("seat", "S"),
            )  # fmt: skip
        except BridgeError as error:
            messages.error(request, error.message)
            return redirect("practice:start", event_id=event.pk)
        return redirect("practice:table", session_id=session.pk)
    boards = practice_boards(user=request.user, event=event)
    chosen = request.GET.get("board", "")
    return render(
        request,
        "practice/start.html",
        {
            "event": event,
            "boards": boards,
            "chosen": int(chosen) if chosen.isdigit() else None,
            "seats": [(s, table_strings()[s]) for s in SEATS],
        },
    )


def _own(request: HttpRequest, session_id: int):
    """The user's own session: another player's is refused (403), none is a 404."""
    session = session_get(user=request.user, session_id=session_id)
    if session is None:
        if PracticeSession.objects.filter(pk=session_id).exists():
            raise PermissionDenied(_("Only the player of this practice table may open it."))
        raise Http404(_("No such practice table."))
    return session


def _names(seat: str) -> dict[str, str]:
    return {s: (_("You") if s == seat else _("Robot")) for s in SEATS}


def _players(seat: str) -> dict[str, dict]:
    """Who holds each seat, as the online table's page says it: the robots marked."""
    return {s: {"name": _names(seat)[s], "robot": s != seat} for s in SEATS}


def _strings() -> dict[str, str]:
    """The table script's words, with the practice table's own where they differ."""
    return {
        **table_strings(),
        "round_over": _("All the boards of this practice are played."),
        "go_to_my_table": _("See the scores against the field"),
        "board_ended": _("Board %(n)s is over: its score is on the summary."),
        "polling": _("Practice table"),
        "connecting": _("Practice table"),
        "live": _("Practice table"),
        "claim_rejected": _("The claim is rejected: play on."),
        "practice_score": _("Practice score: %(score)s"),
    }


@login_required
def practice_table(request: HttpRequest, session_id: int) -> HttpResponse:
    """The practice table: the player's seat and three robots."""
    session = _own(request, session_id)
    summary_url = reverse("practice:summary", args=[session.pk])
    config = {
        "event": session.event_id,
        "table": None,
        "seat": session.seat,
        "api": reverse("api-practice-play", args=[session.pk]),
        # the online table's socket protocol (practice.consumers); the API while it is down
        "ws": f"/ws/practice/{session.pk}/",
        "csrf": get_token(request),
        "my_table": summary_url,
        "time_zone": session.event.time_zone,
        "zone_label": "",
        "names": _names(session.seat),
        # docs/rules.md § Robots: an opponent robot's call is explained on a tap, and the
        # explanation links to the robots' system card
        "players": _players(session.seat),
        "explain": reverse("api-practice-explain", args=[session.pk]),
        "system_card": reverse("robots:system"),
        "strings": _strings(),
    }
    return render(
        request,
        "practice/table.html",
        {"session": session, "event": session.event, "config": config, "summary_url": summary_url},
    )


@login_required
def practice_summary(request: HttpRequest, session_id: int) -> HttpResponse:
    """The session board by board against the field, and its total."""
    session = _own(request, session_id)
    return render(
        request,
        "practice/summary.html",
        {"session": session, "event": session.event, **session_summary(session)},
    )
