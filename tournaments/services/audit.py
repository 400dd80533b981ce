from __future__ import annotations

from django.utils import timezone

from accounts.models import User

from ..models import Event, EventLog


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
