"""Who may direct an event: staff users and the event's own director."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied

from ..models import Event


def is_director(user, event: Event | None = None) -> bool:
    if not user.is_authenticated:
        return False
    return user.is_staff or (event is not None and event.is_directed_by(user))


def require_director(user, event: Event | None = None) -> None:
    """403 unless ``user`` directs ``event`` (or, without an event, is staff)."""
    if not is_director(user, event):
        raise PermissionDenied
