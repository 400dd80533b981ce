"""Creating events and importing their deals."""

from __future__ import annotations

import secrets
from datetime import datetime

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User

from ..errors import BridgeError
from ..formats import format_for
from ..models import Event
from .audit import log_action


@transaction.atomic
def event_create(
    *,
    name: str,
    start_at: datetime,
    num_rounds: int,
    boards_per_round: int,
    director: User | None = None,
    round_minutes: float = 24,
    gap_minutes: float = 3,
    method: str = Event.Method.XIMP,
    finish_threshold: float = 0.70,
    bye_score: str = Event.Adjustment.AVERAGE,
    seed: int | None = None,
) -> Event:
    """Create a Swiss pairs event open for registration until ``start_at``."""
    if not name.strip():
        raise BridgeError(_("An event needs a name."), code="name")
    if not 1 <= num_rounds <= 50:
        raise BridgeError(_("The number of rounds must be between 1 and 50."), code="rounds")
    if not 1 <= boards_per_round <= 36:
        raise BridgeError(_("Boards per round must be between 1 and 36."), code="boards")
    if not 0.05 <= round_minutes <= 600 or not 0 <= gap_minutes <= 600:
        raise BridgeError(
            _("A round lasts 0.05 to 600 minutes, with a gap of 0 to 600 minutes."),
            code="round_minutes",
        )
    if method not in Event.Method.values:
        raise BridgeError(_("Unknown scoring method."), code="method")
    if not 0 <= float(finish_threshold) <= 1:
        raise BridgeError(_("The finishing threshold is a share between 0 and 1."), code="share")
    if bye_score not in Event.Adjustment.values:
        raise BridgeError(_("Unknown bye score."), code="bye_score")
    if start_at.tzinfo is None:
        raise BridgeError(_("The start time needs a time zone."), code="naive_time")
    event = Event.objects.create(
        name=name.strip(),
        kind=Event.Kind.SWISS_PAIRS,
        start_at=start_at,
        director=director,
        method=method,
        next_transition_at=start_at,
    )
    format_for(event).settings_create(
        event=event,
        num_rounds=num_rounds,
        boards_per_round=boards_per_round,
        round_minutes=round_minutes,
        gap_minutes=gap_minutes,
        finish_threshold=round(float(finish_threshold), 2),
        bye_score=bye_score,
        seed=secrets.randbelow(2**31) if seed is None else seed,
    )
    log_action(event=event, actor=director, action="event_create")
    return event
