"""What a new event's settings may be (``docs/rules.md`` § Formats): the ranges of its
numbers, the one check of them, and what a format's ``creation_check`` answers.

Imported by the services, the forms, the API and the formats alike; it imports none of
them, nor the format registry.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from django.utils import timezone
from django.utils.translation import gettext as _

from ..errors import BridgeError


@dataclass(frozen=True)
class Limits:
    """The inclusive range of a number an event is created with."""

    low: int | float
    high: int | float

    def __contains__(self, value) -> bool:
        try:
            number = float(value)
        except (TypeError, ValueError):
            return False
        return math.isfinite(number) and self.low <= number <= self.high


#: What an event may be created with: the one definition that ``event_create``, the page
#: form (``EventForm``) and the API (``POST /api/events/``) all take their ranges from.
EVENT_LIMITS: dict[str, Limits] = {
    "num_rounds": Limits(1, 50),
    "boards_per_round": Limits(1, 36),
    "round_minutes": Limits(0.05, 600),  # fractions allowed: a 15-second round is 0.25
    "gap_minutes": Limits(0, 600),
    "finish_threshold": Limits(0, 1),
}
#: How far ahead an event may start, and how far in the past (a form filled in slowly).
START_AHEAD_MAX = timedelta(days=730)
START_PAST_TOLERANCE = timedelta(minutes=5)


@dataclass(frozen=True)
class EventProblem:
    """Why an event cannot be created: the field, a stable code, the message."""

    field: str
    code: str
    message: str


def event_settings_validate(
    *,
    start_at: datetime | None = None,
    num_rounds: int | None = None,
    boards_per_round: int | None = None,
    round_minutes: float | None = None,
    gap_minutes: float | None = None,
    finish_threshold: float | Decimal | None = None,
    now: datetime | None = None,
) -> list[EventProblem]:
    """Every problem of an event's settings (the ones given; None: not checked).

    The one check of what an event may be: ``event_create`` refuses the first problem,
    the page form and the API serializer show each on its field.
    """
    problems: list[EventProblem] = []

    def out_of(name: str, value, code: str, message: str) -> None:
        if value is not None and (
            value not in EVENT_LIMITS[name]
            or (name in ("num_rounds", "boards_per_round") and float(value) != int(value))
        ):
            problems.append(EventProblem(name, code, message))

    out_of(
        "num_rounds",
        num_rounds,
        "rounds",
        _("The number of rounds must be between 1 and 50."),
    )
    out_of(
        "boards_per_round",
        boards_per_round,
        "boards",
        _("Boards per round must be between 1 and 36."),
    )
    minutes = _("A round lasts 0.05 to 600 minutes, with a gap of 0 to 600 minutes.")
    out_of("round_minutes", round_minutes, "round_minutes", minutes)
    out_of("gap_minutes", gap_minutes, "round_minutes", minutes)
    out_of(
        "finish_threshold",
        finish_threshold,
        "share",
        _("The finishing threshold is a share between 0 and 1."),
    )
    if start_at is not None:
        now = now or timezone.now()
        if start_at.tzinfo is None:
            problems.append(
                EventProblem("start_at", "naive_time", _("The start time needs a time zone."))
            )
        elif not now - START_PAST_TOLERANCE <= start_at <= now + START_AHEAD_MAX:
            problems.append(
                EventProblem(
                    "start_at",
                    "start_at",
                    _("The start time must be from now to two years ahead."),
                )
            )
    return problems


def event_settings_check(**settings) -> None:
    """``event_settings_validate`` for a service: a ``BridgeError`` of the first problem."""
    problems = event_settings_validate(**settings)
    if problems:
        raise BridgeError(problems[0].message, code=problems[0].code)


@dataclass(frozen=True)
class Creation:
    """What a format makes of a new event's settings (``Format.creation_check``): the
    event's scoring method, the options its ``creation_rows`` hook stores, and what the
    event's log says of the creation."""

    method: str
    rows: dict
    log: dict | None = None
