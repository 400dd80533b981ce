"""Creating events and importing their deals."""

from __future__ import annotations

import inspect
from datetime import datetime
from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import scoring
from accounts.models import User

from ..errors import BridgeError, ConflictError
from ..formats import format_for, formats
from ..formats.creation import (  # noqa: F401 (the settings' names, as they always were)
    EVENT_LIMITS,
    START_AHEAD_MAX,
    START_PAST_TOLERANCE,
    Creation,
    EventProblem,
    Limits,
    event_settings_check,
    event_settings_validate,
)
from ..lock_objects import event_for_update
from ..models import Event
from ..permissions import director_required
from ..timezones import default_time_zone, validate_time_zone
from .audit import log_action

if TYPE_CHECKING:
    from ..formats.base import Format


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


def _settings_fit(fmt: Format, settings: dict) -> None:
    """Refuse settings that the format does not have, or a setting it needs and was not
    given (the keyword arguments of its ``creation_check``, which names each one),
    before anything is checked."""
    params = inspect.signature(fmt.creation_check).parameters
    label = Event.Kind(fmt.kind).label
    unknown = sorted(set(settings) - set(params))
    if unknown:
        raise BridgeError(
            _("A %(kind)s event has no setting %(names)s.")
            % {"kind": label, "names": ", ".join(unknown)},
            code="settings",
        )
    missing = [
        name
        for name, p in params.items()
        if p.default is p.empty and name not in settings and name not in ("start_at", "now")
    ]
    if missing:
        raise BridgeError(
            _("A %(kind)s event needs %(names)s.") % {"kind": label, "names": ", ".join(missing)},
            code="settings",
        )


#: The spectators' delay, in seconds (docs/rules.md § Online play, spectators).
SPECTATOR_DELAY_RANGE = (1, 3600)


def online_settings_check(
    *, spectators: str | None = None, spectator_delay=None, robot_substitutes: str | None = None
) -> None:
    """The online table's settings a director chose are ones the table knows."""
    if spectators is not None and spectators not in Event.Spectators.values:
        raise BridgeError(_("Unknown spectators setting."), code="spectators")
    if robot_substitutes is not None and robot_substitutes not in Event.RobotSubstitutes.values:
        raise BridgeError(_("Unknown robot substitutes setting."), code="robot_substitutes")
    low, high = SPECTATOR_DELAY_RANGE
    if spectator_delay is not None and not low <= int(spectator_delay) <= high:
        raise BridgeError(
            _("The spectators' delay is from one second to one hour."), code="spectator_delay"
        )


def event_create(
    *,
    name: str,
    start_at: datetime,
    kind: str = Event.Kind.SWISS_PAIRS,
    user: User | None = None,
    director: User | None = None,
    time_zone: str | None = None,
    lead_required: bool = True,
    online_play: bool | None = None,
    undo_allowed: bool = True,
    traveller_hidden: bool = False,
    spectators: str = Event.Spectators.OFF,
    spectator_delay: int = 120,
    cut_double_dummy: bool = False,
    chat_allowed: bool = False,
    robot_substitutes: str = Event.RobotSubstitutes.DIRECTOR,
    now: datetime | None = None,
    within_transaction: bool = False,
    **settings,
) -> Event:
    """Create an event of any format from its settings (``docs/rules.md`` § Formats):
    open for registration until ``start_at``, or, for a format on its own clock, from
    ``start_at`` on. The one way every page, API endpoint, command and the admin create
    an event.

    ``user`` asks for it and must be a director (``docs/rules.md`` § Directors), checked
    before anything else; None: the product itself (a ladder's match, the admin's save,
    a simulation). ``director`` directs the event (*default* ``user``). The format
    checks ``settings`` (``Format.creation_check``) and stores its own rows
    (``Format.creation_rows``) in the event's transaction. ``online_play`` None: the
    format's default. The transaction is durable unless ``within_transaction`` (a
    ladder's acceptance of a challenge and the admin's save hold their own).
    """
    fmt = formats().get(kind)
    if fmt is None or fmt.creation == "import":
        raise BridgeError(_("Unknown kind of event."), code="kind")
    if user is not None:
        director_required(user=user)
    if not name.strip():
        raise BridgeError(_("An event needs a name."), code="name")
    _settings_fit(fmt, settings)
    creation = fmt.creation_check(start_at=start_at, now=now or timezone.now(), **settings)
    online_settings_check(
        spectators=spectators, spectator_delay=spectator_delay,
        robot_substitutes=robot_substitutes,
    )  # fmt: skip
    zone = time_zone_checked(time_zone)
    with transaction.atomic(durable=not within_transaction):
        event = Event.objects.create(
            name=name.strip(),
            kind=kind,
            start_at=start_at,
            time_zone=zone,
            director=director or user,
            method=creation.method,
            next_transition_at=start_at,
            lead_required=bool(lead_required),
            online_play=fmt.online_play if online_play is None else bool(online_play),
            undo_allowed=bool(undo_allowed),
            traveller_hidden=bool(traveller_hidden),
            spectators=spectators,
            spectator_delay=int(spectator_delay),
            cut_double_dummy=bool(cut_double_dummy),
            chat_allowed=bool(chat_allowed),
            robot_substitutes=robot_substitutes,
        )
        fmt.creation_rows(event=event, **creation.rows)
        log_action(event=event, actor=director or user, action="event_create", data=creation.log)
    return event


#: What a director may change while registration is open, and (†) at any time.
#: The online table's settings (docs/rules.md § Online play): table rules, so always.
ONLINE_SETTINGS = (
    "spectators", "spectator_delay", "cut_double_dummy", "chat_allowed", "undo_allowed",
    "robot_substitutes",
)  # fmt: skip
EDITABLE_EVENT = (
    "name", "start_at", "method", "lead_required", "online_play", "traveller_hidden",
    *ONLINE_SETTINGS,
)  # fmt: skip
ALWAYS_EDITABLE = {"name", "lead_required", "online_play", "traveller_hidden", *ONLINE_SETTINGS}
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
    online_settings_check(
        spectators=changed.get("spectators"), spectator_delay=changed.get("spectator_delay"),
        robot_substitutes=changed.get("robot_substitutes"),
    )  # fmt: skip
    if changed.get("arrow_switch") and not format_for(event).arrow_switch:
        raise BridgeError(_("Only a Mitchell has an arrow switch."), code="arrow_switch")
    if "mp_factoring" in changed and changed["mp_factoring"] not in ("neuberg", "played"):
        raise BridgeError(_("Unknown matchpoint factoring."), code="mp_factoring")
    names = ("start_at", *EVENT_LIMITS)
    event_settings_check(**{n: changed[n] for n in names if n in changed})
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
