"""``{% practice_link event %}``: where to practise an event's boards, for the event and
board pages (``docs/rules.md`` § Robots, *Practice*)."""

from __future__ import annotations

from django import template
from django.urls import reverse

from tournaments.models import Event

from ..selectors import practice_offered

register = template.Library()


@register.simple_tag
def practice_link(event: Event, board=None, retired: bool = False) -> str:
    """The practice start page of ``event`` once it has finished (of one ``board``: a
    finished event's, or a pool's board that is ``retired``), or "" when it may not be
    practised (yet). No query."""
    if not practice_offered(event):
        return ""
    finished = event.status == Event.Status.FINISHED
    url = reverse("practice:start", args=[event.pk])
    if board is None:
        return url if finished else ""
    return f"{url}?board={board.number}" if finished or retired else ""
