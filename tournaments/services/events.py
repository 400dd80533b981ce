"""Creating events and importing their deals."""

from __future__ import annotations

import math
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import scoring
from accounts.models import User

from ..errors import BridgeError, ConflictError
from ..formats import format_for, formats, kinds_where
from ..lock_objects import event_for_update
from ..models import Event
from ..permissions import director_required
from ..timezones import default_time_zone, validate_time_zone
from .audit import log_action


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
#: The kinds ``event_create`` makes: pairs events in timed rounds.
PAIRS_KINDS = kinds_where(lambda f: f.creation == "pairs")
#: How far ahead an event may start, and how far in the past (a form filled in slowly).
START_AHEAD_MAX = timedelta(days=730)
START_PAST_TOLERANCE = timedelta(minutes=5)


def time_zone_checked(name: str | None) -> str:
    """An event's zone (``docs/rules.md`` § Times and places): a valid IANA name, or the
    site's zone when none is given."""
    if not name:
        return default_time_zone()
    try:
        validate_time_zone(name)
    except ValidationError as exc:
        raise BridgeError(exc.messages[0], code="time_zone") from exc
    return name


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
    lead_required: bool = True,
    online_play: bool = False,
    undo_allowed: bool = True,
    traveller_hidden: bool = False,
    time_zone: str | None = None,
    kind: str = Event.Kind.SWISS_PAIRS,
    arrow_switch: bool = False,
    mp_factoring: str | None = None,
) -> Event:
    """Create a pairs event (Swiss pairs, or a Mitchell or Howell movement) open for
    registration until ``start_at``.

    ``start_at`` lies between a few minutes ago and two years ahead; the numbers are in
    ``EVENT_LIMITS`` (see ``event_settings_validate``). ``arrow_switch`` (Mitchell) and
    ``mp_factoring`` (*default* ``"played"`` in Swiss pairs, ``"neuberg"`` in
    movements) says how a board played fewer times is matchpointed (``docs/rules.md``
    § Comparing results).
    """
    fmt = formats().get(kind)
    if fmt is None or fmt.creation != "pairs":
        raise BridgeError(_("Unknown kind of pairs event."), code="kind")
    movement = fmt.movement
    if mp_factoring is None:
        mp_factoring = "neuberg" if movement else "played"
    if mp_factoring not in ("neuberg", "played"):
        raise BridgeError(_("Unknown matchpoint factoring."), code="mp_factoring")
    if arrow_switch and not fmt.arrow_switch:
        raise BridgeError(_("Only a Mitchell has an arrow switch."), code="arrow_switch")
    if not name.strip():
        raise BridgeError(_("An event needs a name."), code="name")
    problems = event_settings_validate(
        start_at=start_at,
        num_rounds=num_rounds,
        boards_per_round=boards_per_round,
        round_minutes=round_minutes,
        gap_minutes=gap_minutes,
        finish_threshold=finish_threshold,
    )
    if problems:
        raise BridgeError(problems[0].message, code=problems[0].code)
    if method not in Event.Method.values:
        raise BridgeError(_("Unknown scoring method."), code="method")
    if bye_score not in Event.Adjustment.values:
        raise BridgeError(_("Unknown bye score."), code="bye_score")
    event = Event.objects.create(
        name=name.strip(),
        kind=kind,
        start_at=start_at,
        time_zone=time_zone_checked(time_zone),
        director=director,
        method=method,
        next_transition_at=start_at,
        lead_required=bool(lead_required),
        online_play=bool(online_play),
        undo_allowed=bool(undo_allowed),
        traveller_hidden=bool(traveller_hidden),
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
        mp_factoring=mp_factoring,
        **({"arrow_switch": bool(arrow_switch)} if movement else {}),
    )
    log_action(event=event, actor=director, action="event_create")
    return event


#: What a director may change while registration is open, and (†) at any time.
EDITABLE_EVENT = (
    "name",
    "start_at",
    "method",
    "lead_required",
    "online_play",
    "undo_allowed",
    "traveller_hidden",
)
ALWAYS_EDITABLE = {"name", "lead_required", "online_play", "undo_allowed", "traveller_hidden"}
EDITABLE_SETTINGS = (
    "num_rounds",
    "boards_per_round",
    "round_minutes",
    "gap_minutes",
    "finish_threshold",
    "bye_score",
    "vp_scale",
    "bye_vp",
    "broadcast",
    "arrow_switch",
    "mp_factoring",
)


@transaction.atomic(durable=True)
def event_update(*, event: Event, director: User, **changes) -> Event:
    """The director edits an event on its pages (``docs/rules.md`` § Directors): while
    registration is open its name, start time (rescheduling), schedule, method and
    settings; once play has begun only its name and table rules. Every change is
    checked by the one settings check, and logged."""
    event = event_for_update(event.pk)
    director_required(user=director, event=event)
    if event.status in (Event.Status.FINISHED, Event.Status.CANCELLED):
        raise ConflictError(_("The event is over: it can no longer change."), code="over")
    settings = event.settings
    changed = {
        k: v
        for k, v in changes.items()
        if v is not None
        and (hasattr(settings, k) if k in EDITABLE_SETTINGS else k in EDITABLE_EVENT)
        and v != getattr(settings if k in EDITABLE_SETTINGS else event, k)
    }
    if event.status != Event.Status.REGISTRATION:
        late = sorted(set(changed) - ALWAYS_EDITABLE)
        if late:
            raise ConflictError(
                _("Play has begun: only the name and the table rules can change now."),
                code="started",
            )
    if "name" in changed and not str(changed["name"]).strip():
        raise BridgeError(_("An event needs a name."), code="name")
    if "method" in changed and changed["method"] not in Event.Method.values:
        raise BridgeError(_("Unknown scoring method."), code="method")
    if changed.get("arrow_switch") and not format_for(event).arrow_switch:
        raise BridgeError(_("Only a Mitchell has an arrow switch."), code="arrow_switch")
    if "mp_factoring" in changed and changed["mp_factoring"] not in ("neuberg", "played"):
        raise BridgeError(_("Unknown matchpoint factoring."), code="mp_factoring")
    names = ("start_at", *EVENT_LIMITS)
    problems = event_settings_validate(**{n: changed[n] for n in names if n in changed})
    if problems:
        raise BridgeError(problems[0].message, code=problems[0].code)
    for name, value in changed.items():
        setattr(settings if name in EDITABLE_SETTINGS else event, name, value)
    settings_changed = [n for n in changed if n in EDITABLE_SETTINGS]
    if settings_changed:
        settings.save(update_fields=settings_changed)
    event_changed = [n for n in changed if n not in EDITABLE_SETTINGS]
    if event.status == Event.Status.REGISTRATION:
        event.next_transition_at = event.round_start(1)  # rescheduled: the clock follows
        event_changed.append("next_transition_at")
    if event_changed:
        event.save(update_fields=event_changed)
    if changed:
        log_action(
            event=event, actor=director, action="event_edit",
            data={"fields": sorted(changed)},
        )  # fmt: skip
    return event


@transaction.atomic(durable=True)
def event_cancel(*, event: Event, director: User) -> Event:
    """The director cancels an event while registration is open: nothing is played,
    no points are given, the scheduler never starts it."""
    event = event_for_update(event.pk)
    director_required(user=director, event=event)
    if event.status != Event.Status.REGISTRATION:
        raise ConflictError(
            _("Only an event that has not started can be cancelled."), code="started"
        )
    event.status = Event.Status.CANCELLED
    event.next_transition_at = None
    event.save(update_fields=["status", "next_transition_at"])
    log_action(event=event, actor=director, action="event_cancel")
    return event


@transaction.atomic(durable=True)
def event_hcp_par_table_set(*, event: Event, director: User, table: dict | None) -> Event:
    """The director loads the expected-score table an HCP-par event scores with
    (``docs/rules.md`` § HCP-par), or goes back to the shipped one (``table`` None):
    41 finite NS scores (HCP 0..40) for each vulnerability, ``{"expected": ...}`` or the
    mapping itself. Only before the start, so that every board scores with one table."""
    event = event_for_update(event.pk)
    director_required(user=director, event=event)
    if event.status != Event.Status.REGISTRATION:
        raise ConflictError(
            _("The expected-score table can only change before the start."), code="started"
        )
    if table is not None:
        if not isinstance(table, dict):
            raise BridgeError(_("The table must be a JSON object."), code="hcp_par_table")
        try:
            checked = scoring.validate_hcp_par_table(table.get("expected", table))
        except (TypeError, ValueError) as exc:
            raise BridgeError(
                _("Not an expected-score table: %(reason)s") % {"reason": exc},
                code="hcp_par_table",
            ) from exc
        table = {vul: list(row) for vul, row in checked.items()}
    event.hcp_par_table = table
    event.save(update_fields=["hcp_par_table"])
    log_action(event=event, actor=director, action="hcp_par_table", data={"own": bool(table)})
    return event
