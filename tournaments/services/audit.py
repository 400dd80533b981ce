from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User

from ..errors import PermissionDeniedError
from ..models import Event, EventLog


def director_required(event: Event, user: User) -> None:
    """Refuse anyone but a director of ``event`` (staff or the event's director)."""
    if not event.is_directed_by(user):
        raise PermissionDeniedError(_("Only the event's director may do this."), code="director")


def log_action(
    *,
    event: Event,
    action: str,
    actor: User | None = None,
    data: dict | None = None,
    round_number: int | None = None,
    transition: str = "",
) -> EventLog:
    """Append to an event's audit log. A ``transition`` row is unique per event and round."""
    return EventLog.objects.create(
        event=event,
        action=action,
        actor=actor,
        data=data or {},
        round_number=round_number,
        transition=transition,
        at=timezone.now(),
    )
