"""Directors' actions on a ladder, each with an audit row (``docs/rules.md`` § Ladder)."""

from __future__ import annotations

import zoneinfo
from datetime import datetime

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from tournaments.errors import BridgeError, ConflictError, PermissionDeniedError
from tournaments.models import Team
from tournaments.permissions import is_event_director

from ..lock_objects import challenges_for_update, ladder_for_update
from ..models import Challenge, Ladder, Rung
from ..permissions import ladder_director_required
from . import notify
from .audit import ladder_log
from .positions import rung_move, rung_remove, rungs_append

LIMITS = {"k": (1, 50), "accept_days": (1, 60), "cooldown_days": (0, 365), "play_days": (1, 60)}


def ladder_settings_validate(**values) -> dict[str, str]:
    """Problems of the settings given, by field (the one check for pages and the API)."""
    problems = {}
    for name, (low, high) in LIMITS.items():
        if name in values and values[name] is not None:
            value = values[name]
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                problems[name] = _("Must be a whole number from %(low)d to %(high)d.") % {
                    "low": low,
                    "high": high,
                }
    if values.get("boards") is not None and values["boards"] not in (8, 12, 16):
        problems["boards"] = _("A match has 8, 12 or 16 boards.")
    if values.get("time_zone") is not None:
        try:
            zoneinfo.ZoneInfo(values["time_zone"])
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            problems["time_zone"] = _("Unknown time zone.")
    if "name" in values and not (values["name"] or "").strip():
        problems["name"] = _("A ladder needs a name.")
    return problems


def _refuse(problems: dict[str, str]) -> None:
    if problems:
        name, message = next(iter(problems.items()))
        raise BridgeError(message, code=name)


@transaction.atomic(durable=True)
def ladder_create(
    *,
    name: str,
    director: User,
    k: int = 3,
    accept_days: int = 3,
    cooldown_days: int = 7,
    play_days: int = 7,
    boards: int = 8,
    time_zone: str = "Asia/Shanghai",
    now: datetime | None = None,
) -> Ladder:
    """A new, empty ladder (only a director, i.e. staff, may create one)."""
    now = now or timezone.now()
    if not is_event_director(user=director):
        raise PermissionDeniedError(_("Only a director may create a ladder."), code="director")
    settings = dict(
        k=k,
        accept_days=accept_days,
        cooldown_days=cooldown_days,
        play_days=play_days,
        boards=boards,
        time_zone=time_zone,
    )
    _refuse(ladder_settings_validate(name=name, **settings))
    ladder = Ladder.objects.create(name=name.strip(), director=director, created_at=now, **settings)
    ladder_log(ladder=ladder, action="ladder_create", actor=director, now=now, data=settings)
    return ladder


def ladder_settings_set(
    *, ladder: Ladder, director: User, now: datetime | None = None, **values
) -> Ladder:
    """Set K, the deadlines, the cooldown, the boards or the time zone. Open challenges
    keep the deadlines they were given."""
    now = now or timezone.now()
    allowed = {"name", "k", "accept_days", "cooldown_days", "play_days", "boards", "time_zone"}
    values = {k: v for k, v in values.items() if k in allowed and v is not None}
    with transaction.atomic(durable=True):
        ladder = ladder_for_update(ladder.pk)
        ladder_director_required(user=director, ladder=ladder)
        _refuse(ladder_settings_validate(**values))
        old = {name: getattr(ladder, name) for name in values}
        for name, value in values.items():
            setattr(ladder, name, value.strip() if name == "name" else value)
        ladder.save(update_fields=list(values) or None)
        ladder_log(
            ladder=ladder,
            action="settings",
            actor=director,
            now=now,
            data={"old": old, "new": values},
        )
    return ladder


def ladder_teams_add(
    *, ladder: Ladder, teams: list[Team], director: User, now: datetime | None = None
) -> list[Rung]:
    """Teams join at the bottom, in the order given."""
    now = now or timezone.now()
    with transaction.atomic(durable=True):
        ladder = ladder_for_update(ladder.pk)
        ladder_director_required(user=director, ladder=ladder)
        ids = [t.pk for t in teams]
        if len(set(ids)) != len(ids):
            raise BridgeError(_("A team is listed twice."), code="same_team")
        if Rung.objects.filter(ladder=ladder, team_id__in=ids).exists():
            raise ConflictError(_("The team is already on this ladder."), code="already_on")
        rungs = rungs_append(ladder=ladder, team_ids=ids, now=now)
        ladder_log(
            ladder=ladder,
            action="teams_add",
            actor=director,
            now=now,
            data={"teams": ids[:100], "count": len(ids)},
        )
    return rungs


def ladder_team_remove(
    *, ladder: Ladder, team: Team, director: User, now: datetime | None = None
) -> None:
    """The team leaves the ladder: its open challenges are cancelled, the teams below
    move up one place."""
    now = now or timezone.now()
    with transaction.atomic(durable=True):
        ladder = ladder_for_update(ladder.pk)
        ladder_director_required(user=director, ladder=ladder)
        rung = Rung.objects.filter(ladder=ladder, team=team).first()
        if rung is None:
            raise BridgeError(_("The team is not on this ladder."), code="not_on_ladder")
        open_ids = list(
            Challenge.objects.filter(ladder=ladder, status__in=("open", "accepted"))
            .filter(Q(challenger=team) | Q(defender=team))
            .values_list("pk", flat=True)
        )
        for challenge in challenges_for_update(ladder=ladder, ids=open_ids):
            challenge.status = Challenge.Status.CANCELLED
            challenge.resolved_at = now
            challenge.save(update_fields=["status", "resolved_at"])
            notify.resolved(challenge)
        rung_remove(ladder=ladder, rung=rung, now=now)
        ladder_log(
            ladder=ladder,
            action="team_remove",
            actor=director,
            now=now,
            data={"team": team.pk, "position": rung.position, "cancelled": open_ids},
        )


def ladder_position_set(
    *, ladder: Ladder, team: Team, position: int, director: User, now: datetime | None = None
) -> None:
    """A director's correction: the team goes to ``position``, the teams in between
    move one place to make room."""
    now = now or timezone.now()
    with transaction.atomic(durable=True):
        ladder = ladder_for_update(ladder.pk)
        ladder_director_required(user=director, ladder=ladder)
        rung = Rung.objects.filter(ladder=ladder, team=team).first()
        if rung is None:
            raise BridgeError(_("The team is not on this ladder."), code="not_on_ladder")
        size = Rung.objects.filter(ladder=ladder).count()
        if not isinstance(position, int) or not 1 <= position <= size:
            raise BridgeError(
                _("The position must be from 1 to %(n)d.") % {"n": size}, code="position"
            )
        before = rung.position
        rung_move(
            ladder=ladder,
            rung=rung,
            to=position,
            now=now,
            kind="director",
            shifted_kind="director",
        )
        ladder_log(
            ladder=ladder,
            action="position_set",
            actor=director,
            now=now,
            data={"team": team.pk, "before": before, "after": position},
        )
