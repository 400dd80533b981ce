"""The pages of a Mitchell or Howell event (``docs/rules.md`` § Movements): its movement
cards (a new one is made on the one new-event page, ``views/director.py``)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from tournaments.models import Event
from tournaments.selectors import entry_ids_of

from .selectors import MOVEMENT_KINDS, movement_cards_get


def movement_cards(request: HttpRequest, event_id: int) -> HttpResponse:
    """Movement cards (``docs/rules.md`` § Movements): each pair's table, direction,
    opponents and board set in every round; the user's own card first."""
    event = get_object_or_404(Event, pk=event_id)
    if event.kind not in MOVEMENT_KINDS:
        raise Http404
    cards = movement_cards_get(event=event)
    own = entry_ids_of(user=request.user, event=event)
    cards.sort(key=lambda c: c.entry.pk not in own)
    return render(
        request,
        "tournaments/movement_cards.html",
        {
            "event": event,
            "cards": cards,
            "own": own,
            "rounds": range(1, event.num_rounds + 1),
            "two_winners": any(c.field for c in cards),
        },
    )
