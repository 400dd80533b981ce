"""The one director check (``docs/rules.md`` § Directors). Pages, the API, the admin
actions and the services all ask :func:`is_event_director`."""

from __future__ import annotations

from django.utils.translation import gettext as _

from .errors import PermissionDeniedError
from .models import Event


def is_event_director(*, user, event: Event | None = None) -> bool:
    """Directors are staff users (any event) and an event's own director.

    Without an event: whether the user may direct at all (create events), i.e. staff.
    """
    if user is None or not user.is_authenticated:
        return False
    if user.is_staff:
        return True
    return event is not None and event.director_id == user.pk


def director_required(*, user, event: Event | None = None) -> None:
    """Refuse anyone but a director of ``event`` (services: a 403 in the API, a message
    on a page)."""
    if not is_event_director(user=user, event=event):
        raise PermissionDeniedError(_("Only the event's director may do this."), code="director")


def may_manage_team(*, user, team) -> bool:
    """A team's captain manages it (roster, captain, name); so does a director (staff)."""
    if user is None or not user.is_authenticated:
        return False
    return user.pk == team.captain_id or is_event_director(user=user)
