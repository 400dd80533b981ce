"""Page actions: call a service, then tell the user how it went; the director pages'
event (refused to anyone but its director) and the way back to the director page."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect

from ..errors import BridgeError
from ..models import Event
from ..permissions import is_event_director


def perform(
    request: HttpRequest,
    action: Callable[[], object],
    done: str = "",
    *,
    level: int = messages.SUCCESS,
) -> bool:
    """Run ``action``; its refusal (a ``BridgeError``) becomes an error message, success
    the ``done`` message. Returns whether it succeeded."""
    try:
        action()
    except BridgeError as exc:
        messages.error(request, exc.message)
        return False
    if done:
        messages.add_message(request, level, done)
    return True


def event_for_director(request: HttpRequest, event_id: int) -> Event:
    """The event of a director page; 404 when there is none, 403 to anyone else."""
    event = get_object_or_404(Event, pk=event_id)
    if not is_event_director(user=request.user, event=event):
        raise PermissionDenied
    return event


def director_back(event: Event) -> HttpResponse:
    """Back to the event's director page after an action."""
    return redirect("tournaments:event_director", event_id=event.pk)
