"""The robots' part of the table page (``docs/rules.md`` § Robots, *Substitutes*): the
player a robot replaced is told so where the table would be, with a button to take the
seat back (theirs at once when no board is in play, else when the board in play ends)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from online.models import BoardPlay
from tournaments.errors import BridgeError

from .seating import seat_reclaim
from .selectors import replaced_seat
from .system.card import system_card


def seat_notice(request: HttpRequest, table) -> str | None:
    """What the table page shows the player a robot replaced (None: anyone else)."""
    row = replaced_seat(table=table, user=request.user)
    if row is None:
        return None
    playing = (
        BoardPlay.objects.filter(table=table, status=BoardPlay.Status.PLAYING)
        .select_related("board")
        .first()
    )
    context = {
        "row": row,
        "board_number": playing.board.number if playing else None,
        "reclaim": reverse("robots:reclaim", args=[table.event_id, table.pk]),
        "state_api": reverse("api-table-reclaim", args=[table.event_id, table.pk]),
    }
    return render_to_string("robots/seat_notice.html", context, request=request)


@login_required
@require_POST
def reclaim_page(request: HttpRequest, event_id: int, table_id: int) -> HttpResponse:
    """The notice's button: the seat back now, or when the board in play ends."""
    try:
        row = seat_reclaim(user=request.user, event_id=event_id, table_id=table_id)
    except BridgeError as error:
        messages.error(request, error.message)
    else:
        if row.release_requested:
            messages.success(request, _("Your seat is yours again when the board in play ends."))
        else:
            messages.success(request, _("Your seat is yours again."))
    return redirect("online:table", event_id, table_id)


def system_card_page(request: HttpRequest) -> HttpResponse:
    """The robots' system card (docs/rules.md § Robots, *Its bidding system*): every rule,
    from the data the robots bid and explain by, in the visitor's language."""
    return render(request, "robots/system_card.html", {"card": system_card(gettext)})
