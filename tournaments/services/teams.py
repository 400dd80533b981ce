"""Teams: a team and its roster, team events, a team's entry in an event."""

from __future__ import annotations

import secrets
from datetime import datetime

from django.db import transaction
from django.utils.translation import gettext as _

import scoring
from accounts.models import User

from ..errors import BridgeError, ConflictError, PermissionDeniedError
from ..formats import format_for
from ..lock_objects import event_for_update
from ..models import Event, Team, TeamEntry, TeamMember, TeamsSettings
from ..models.teams import ROSTER_MAX, ROSTER_MIN
from ..pairing.roundrobin import round_robin_rounds
from ..permissions import is_event_director
from .audit import log_action
from .events import event_settings_validate
from .registration import _create_entry, players_enterable_check

TEAM_KINDS = (Event.Kind.TEAMS_SWISS, Event.Kind.TEAMS_RR)


def _roster_check(players: list[User]) -> None:
    if len({p.pk for p in players}) != len(players):
        raise BridgeError(_("A player is on the roster twice."), code="same_player")
    if not ROSTER_MIN <= len(players) <= ROSTER_MAX:
        raise BridgeError(
            _("A team has %(low)d to %(high)d players.") % {"low": ROSTER_MIN, "high": ROSTER_MAX},
            code="roster_size",
        )
    players_enterable_check(players=players)


@transaction.atomic
def team_create(*, name: str, captain: User, players: list[User]) -> Team:
    """A team of 4 to 6 players; the captain is one of them."""
    if not name.strip():
        raise BridgeError(_("A team needs a name."), code="name")
    _roster_check(players)
    if captain.pk not in {p.pk for p in players}:
        raise BridgeError(_("The captain must be on the roster."), code="captain")
    team = Team.objects.create(name=name.strip(), captain=captain)
    TeamMember.objects.bulk_create(
        TeamMember(team=team, player=p, position=i) for i, p in enumerate(players, 1)
    )
    return team


@transaction.atomic
def teams_event_create(
    *,
    name: str,
    kind: str,
    start_at: datetime,
    boards_per_round: int,
    num_rounds: int | None = None,
    teams: int | None = None,
    director: User | None = None,
    round_minutes: float = 60,
    gap_minutes: float = 5,
    vp_scale: str = TeamsSettings.Scale.WBF2013,
    vp_table: list | None = None,
    bye_vp: float = 12,
    adjusted_imps: tuple[int, int, int] = (3, 0, -3),
    seed: int | None = None,
) -> Event:
    """A Swiss teams or round-robin teams event open for registration until ``start_at``.

    A round robin's rounds follow from its number of teams (``teams``, or the teams
    entered when it starts); a Swiss teams event needs ``num_rounds``.
    """
    if kind not in TEAM_KINDS:
        raise BridgeError(_("Unknown kind of team event."), code="kind")
    if not name.strip():
        raise BridgeError(_("An event needs a name."), code="name")
    if kind == Event.Kind.TEAMS_RR:
        num_rounds = round_robin_rounds(teams) if teams and teams >= 2 else 1
    problems = event_settings_validate(
        start_at=start_at,
        num_rounds=num_rounds,
        boards_per_round=boards_per_round,
        round_minutes=round_minutes,
        gap_minutes=gap_minutes,
    )
    if num_rounds is None:
        raise BridgeError(_("The number of rounds must be between 1 and 50."), code="rounds")
    if problems:
        raise BridgeError(problems[0].message, code=problems[0].code)
    if vp_scale not in TeamsSettings.Scale.values:
        raise BridgeError(_("Unknown VP scale."), code="vp_scale")
    if vp_scale == TeamsSettings.Scale.TABLE:
        try:
            scoring.vp_table_load(vp_table or [])
        except ValueError as exc:
            raise BridgeError(
                _("The VP table is not valid: %(why)s") % {"why": exc}, code="vp_table"
            ) from exc
    try:
        bye = float(bye_vp)
    except (TypeError, ValueError):
        bye = -1.0
    if not 0 <= bye <= 20:
        raise BridgeError(_("The bye VPs must be between 0 and 20."), code="bye_vp")
    plus, average, minus = adjusted_imps
    event = Event.objects.create(
        name=name.strip(),
        kind=kind,
        start_at=start_at,
        director=director,
        method=Event.Method.IMP,
        next_transition_at=start_at,
    )
    format_for(event).settings_create(
        event=event,
        num_rounds=num_rounds,
        boards_per_round=boards_per_round,
        round_minutes=round_minutes,
        gap_minutes=gap_minutes,
        vp_scale=vp_scale,
        vp_table=vp_table or [],
        bye_vp=round(bye, 2),
        adjusted_plus=plus,
        adjusted_average=average,
        adjusted_minus=minus,
        seed=secrets.randbelow(2**31) if seed is None else seed,
    )
    log_action(event=event, actor=director, action="event_create")
    return event


@transaction.atomic
def team_enter(
    *, event: Event, team: Team, by: User, players: list[User] | None = None
) -> TeamEntry:
    """The captain (before the start) or the director enters ``team`` in a team event.

    The entry's members are the roster for this event: ``players`` (4 to 6 of the
    team's roster), by default the whole roster.
    """
    event = event_for_update(event.pk)
    if event.kind not in TEAM_KINDS:
        raise BridgeError(_("This is not a team event."), code="kind")
    is_director = is_event_director(user=by, event=event)
    if not is_director and by.pk != team.captain_id:
        raise PermissionDeniedError(
            _("Only the team's captain or the director may enter it."), code="captain"
        )
    if event.status == Event.Status.FINISHED:
        raise ConflictError(_("The event has finished."), code="finished")
    if not is_director and not event.registration_open:
        raise ConflictError(_("Registration for this event is closed."), code="closed")
    roster = [m.player for m in team.members.select_related("player")]
    players = roster if players is None else players
    if not {p.pk for p in players} <= {p.pk for p in roster}:
        raise BridgeError(_("Every player entered must be on the team's roster."), code="roster")
    _roster_check(players)
    if TeamEntry.objects.filter(event=event, team=team).exists():
        raise ConflictError(_("This team is already entered."), code="already_entered")
    entry = _create_entry(
        event=event,
        players=players,
        confirmed=True,
        late=event.status != Event.Status.REGISTRATION,
    )
    link = TeamEntry.objects.create(entry=entry, event=event, team=team)
    log_action(event=event, actor=by, action="team_enter", data={"entry": entry.pk})
    return link
