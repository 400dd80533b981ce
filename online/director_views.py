"""The director's console page of online play (``docs/rules.md`` § Online play, *The
director*): a shell that ``online/static/online/director.js`` fills from the console's
JSON (``GET /api/events/<id>/online/tables/``, every 3 s) and whose buttons call the
console's POST endpoints. Only the event's director opens it: anyone else gets a 403
before anything of the event is read."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.errors import BridgeError

from .director import director_event_get


def _strings() -> dict[str, str]:
    """Every text the script shows, translated here."""
    return {
        "N": _("North"),
        "E": _("East"),
        "S": _("South"),
        "W": _("West"),
        "table": _("Table %(n)s"),
        "board": _("Board %(n)s"),
        "no_tables": _("No round is in play."),
        "phase_waiting": _("Not started"),
        "phase_auction": _("Auction, call %(n)s"),
        "phase_play": _("Play, trick %(n)s"),
        "phase_claim": _("Claim"),
        "phase_over": _("Over"),
        "phase_done": _("All boards played"),
        "used": _("Time on the board: %(t)s"),
        "connected": _("connected"),
        "gone": _("gone for %(n)s s"),
        "disconnected": _("disconnected"),
        "away": _("not connected yet"),
        "claim_waits": _(
            "Claim by %(seat)s: %(n)s of the remaining tricks (left: %(left)s). It was "
            "rejected and waits for your ruling."
        ),
        "claim_answer": _("Claim by %(seat)s: %(n)s of the remaining tricks (left: %(left)s)."),
        "declarer_tricks": _("Declaring side's tricks in all"),
        "rule": _("Rule"),
        "let_play": _("Let play go on"),
        "adjust": _("Adjusted score"),
        "ns": _("NS"),
        "ew": _("EW"),
        "reason": _("Reason"),
        "give": _("Give"),
        "substitute": _("Substitute"),
        "seat": _("Seat"),
        "username": _("User name"),
        "move_in": _("Move in"),
        "disconnections": _("Disconnections"),
        "none": _("None."),
        "outage": _("outage: no penalty"),
        "cancelled": _("cancelled"),
        "cancel": _("Cancel"),
        "disc_line": _("Table %(table)s, board %(board)s, %(seat)s: %(player)s"),
        "done": _("Done."),
        "failed": _("Refused: %(detail)s"),
        "offline": _("The console cannot reach the server: retrying."),
        "updated": _("Updated %(t)s"),
        "robot": _("robot"),
        "robot_in": _("Robot"),
        "robot_in_label": _("Move a robot into %(seat)s"),
        "robot_out": _("Remove robot"),
        "robot_out_label": _("Remove the robot from %(seat)s"),
    }


@login_required
def console_page(request: HttpRequest, event_id: int) -> HttpResponse:
    try:
        event = director_event_get(user=request.user, event_id=event_id)  # the director first
    except BridgeError as error:
        if error.status == 404:
            raise Http404(error.message) from None
        raise PermissionDenied(error.message) from None
    api = f"/api/events/{event.pk}/online/"
    config = {
        "event": event.pk,
        "console": f"{api}tables/",
        "table_api": f"{api}tables/",
        "cancel": f"{api}disconnections/cancel/",
        "table_page": reverse("online:table", args=[event.pk, 0]).replace("/0/", "/{id}/"),
        "csrf": get_token(request),
        "strings": _strings(),
        "poll_ms": 3000,
        # the robots app's endpoints (docs/rules.md § Robots, substitutes), by path
        "robots": event.robot_substitutes != "off",
    }
    return render(request, "online/director_console.html", {"event": event, "config": config})
