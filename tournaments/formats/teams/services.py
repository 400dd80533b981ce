"""Teams: a team and its roster, team events, a team's entry in an event."""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import TYPE_CHECKING

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

import scoring
from accounts.models import User

from ...errors import BridgeError, ConflictError, PermissionDeniedError
from ...lock_objects import event_for_update
from ...models import (
    Entry,
    EntryMember,
    Event,
    Lineup,
    Match,
    TableSeat,
    Team,
    TeamEntry,
    TeamMember,
    TeamsSettings,
)
from ...pairing.roundrobin import round_robin_rounds
from ...permissions import is_event_director, may_manage_team
from ...services.audit import log_action
from ...services.events import event_create
from ...services.registration import entry_create, players_enterable_check
from ..creation import Creation, event_settings_check
from .lineups import lineup_seats
from .models import ROSTER_MAX, ROSTER_MIN

if TYPE_CHECKING:
    from ..base import Format

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


@transaction.atomic(durable=True)
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


def _schedule_check(
    *,
    start_at: datetime,
    now: datetime,
    num_rounds: int | None,
    boards_per_round: int,
    round_minutes: float,
    gap_minutes: float,
) -> None:
    """A team event's schedule, by the one check of every event's settings."""
    if num_rounds is None:
        raise BridgeError(_("The number of rounds must be between 1 and 50."), code="rounds")
    event_settings_check(
        start_at=start_at,
        num_rounds=num_rounds,
        boards_per_round=boards_per_round,
        round_minutes=round_minutes,
        gap_minutes=gap_minutes,
        now=now,
    )


def _vp_settings_check(*, vp_scale: str, vp_table: list | None, bye_vp: float) -> float:
    """The VP scale (with the director's table for the table scale) and the bye VPs,
    returned as a number between 0 and 20."""
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
    return bye


def teams_creation_check(
    fmt: Format,
    *,
    start_at: datetime,
    now: datetime,
    boards_per_round: int,
    num_rounds: int | None = None,
    teams: int | None = None,
    round_minutes: float = 60,
    gap_minutes: float = 5,
    vp_scale: str = TeamsSettings.Scale.WBF2013,
    vp_table: list | None = None,
    bye_vp: float = 12,
    adjusted_imps: tuple[int, int, int] = (3, 0, -3),
    seed: int | None = None,
    broadcast: bool = True,
) -> Creation:
    """The settings of a Swiss teams or round-robin teams event (``docs/rules.md``
    § Teams), checked. A round robin's rounds follow from its number of teams
    (``teams``, or the teams entered when it starts); a Swiss teams event needs
    ``num_rounds``."""
    if fmt.kind == Event.Kind.TEAMS_RR:
        num_rounds = round_robin_rounds(teams) if teams and teams >= 2 else 1
    _schedule_check(
        start_at=start_at,
        now=now,
        num_rounds=num_rounds,
        boards_per_round=boards_per_round,
        round_minutes=round_minutes,
        gap_minutes=gap_minutes,
    )
    bye = _vp_settings_check(vp_scale=vp_scale, vp_table=vp_table, bye_vp=bye_vp)
    plus, average, minus = adjusted_imps
    rows = {
        "num_rounds": num_rounds,
        "boards_per_round": boards_per_round,
        "round_minutes": round_minutes,
        "gap_minutes": gap_minutes,
        "vp_scale": vp_scale,
        "vp_table": vp_table or [],
        "bye_vp": round(bye, 2),
        "adjusted_plus": plus,
        "adjusted_average": average,
        "adjusted_minus": minus,
        "seed": secrets.randbelow(2**31) if seed is None else seed,
        "broadcast": bool(broadcast),
    }
    return Creation(method=Event.Method.IMP, rows=rows)


def teams_event_create(
    *, name: str, kind: str, start_at: datetime, director: User | None = None, **settings
) -> Event:
    """A Swiss teams or round-robin teams event open for registration until ``start_at``
    (``event_create``; the settings are ``teams_creation_check``'s).

    Runs inside a ladder's acceptance of a challenge and the admin's save, so its own
    transaction is not durable.
    """
    if kind not in TEAM_KINDS:
        raise BridgeError(_("Unknown kind of team event."), code="kind")
    return event_create(
        name=name,
        kind=kind,
        start_at=start_at,
        director=director,
        within_transaction=True,
        **settings,
    )


@transaction.atomic
def team_enter(
    *, event: Event, team: Team, by: User, players: list[User] | None = None
) -> TeamEntry:
    """The captain (before the start) or the director enters ``team`` in a team event.

    The entry's members are the roster for this event: ``players`` (4 to 6 of the
    team's roster), by default the whole roster. Runs inside a ladder's acceptance of a
    challenge too, so its own transaction is not durable.
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
    entry = entry_create(
        event=event,
        players=players,
        confirmed=True,
        late=event.status != Event.Status.REGISTRATION,
    )
    link = TeamEntry.objects.create(entry=entry, event=event, team=team)
    log_action(event=event, actor=by, action="team_enter", data={"entry": entry.pk})
    return link


@transaction.atomic(durable=True)
def team_update(
    *, team: Team, by: User, name: str | None = None, players: list[User], captain: User
) -> Team:
    """The captain (or a staff member) changes the team's name, roster or captain.

    Entries already made keep the roster they were made with (``docs/rules.md`` § Teams).
    """
    if not may_manage_team(user=by, team=team):
        raise PermissionDeniedError(
            _("Only the team's captain may change the team."), code="captain"
        )
    if name is not None:
        if not name.strip():
            raise BridgeError(_("A team needs a name."), code="name")
        team.name = name.strip()
    _roster_check(players)
    if captain.pk not in {p.pk for p in players}:
        raise BridgeError(_("The captain must be on the roster."), code="captain")
    team.captain = captain
    team.save(update_fields=["name", "captain"])
    team.members.all().delete()
    TeamMember.objects.bulk_create(
        TeamMember(team=team, player=p, position=i) for i, p in enumerate(players, 1)
    )
    return team


def _lineup_round(event: Event, round_number: int | None) -> int:
    """The round a line-up is for: the next round to be seated (by default), or the
    round in play while the team has not sat down at its match yet."""
    next_number = event.current_round + 1
    if round_number is None:
        last = next_number > event.num_rounds and event.status == Event.Status.RUNNING
        round_number = event.current_round if last else next_number
    if round_number == next_number and next_number <= event.num_rounds:
        return round_number
    if round_number == event.current_round and event.status == Event.Status.RUNNING:
        return round_number
    raise ConflictError(
        _("A line-up can be handed in for the next round, or for the round in play."),
        code="lineup_round",
    )


@transaction.atomic(durable=True)
def lineup_submit(
    *,
    event: Event,
    entry: Entry,
    by: User,
    open_pair: list[User],
    closed_pair: list[User],
    round_number: int | None = None,
    now: datetime | None = None,
) -> Lineup:
    """The captain (or the director) hands in who sits in which room for a round: two
    players in the open room, two in the closed room, four different players of the
    entry. Until the round is seated it may be changed; a line-up for the round in play
    is taken only while none of its seats is taken, and is seated at once."""
    now = now or timezone.now()
    event = event_for_update(event.pk)
    link = TeamEntry.objects.filter(entry=entry, event=event).select_related("team").first()
    if link is None:
        raise BridgeError(_("This is not a team of this event."), code="not_a_team")
    if not is_event_director(user=by, event=event) and by.pk != link.team.captain_id:
        raise PermissionDeniedError(
            _("Only the team's captain or the director hands in its line-up."), code="captain"
        )
    if event.status == Event.Status.FINISHED:
        raise ConflictError(_("The event has finished."), code="finished")
    if entry.status == Entry.Status.WITHDRAWN:
        raise ConflictError(_("This team has withdrawn."), code="withdrawn")
    number = _lineup_round(event, round_number)
    players = [*open_pair, *closed_pair]
    if len(open_pair) != 2 or len(closed_pair) != 2:
        raise BridgeError(_("Each room needs two players."), code="lineup_size")
    if len({p.pk for p in players}) != 4:
        raise BridgeError(_("A player can't play in both rooms."), code="both_rooms")
    members = set(EntryMember.objects.filter(entry=entry).values_list("player_id", flat=True))
    if not {p.pk for p in players} <= members:
        raise BridgeError(_("Every player of a line-up must be on the team."), code="roster")
    match = None
    if number == event.current_round:
        match = (
            Match.objects.filter(round__event=event, round__number=number, away__isnull=False)
            .filter(Q(home=entry) | Q(away=entry))
            .first()
        )
        if match is None:
            raise ConflictError(_("This team has no match in this round."), code="no_match")
        taken = TableSeat.objects.filter(
            table_id__in=[match.open_table_id, match.closed_table_id],
            player_id__in=members,
        )
        if taken.exists():
            raise ConflictError(
                _("The team has sat down at its match: the line-up can no longer change."),
                code="seated",
            )
    pairs = {
        "open_first": open_pair[0],
        "open_second": open_pair[1],
        "closed_first": closed_pair[0],
        "closed_second": closed_pair[1],
    }
    lineup, _created = Lineup.objects.update_or_create(
        event=event,
        round_number=number,
        entry=entry,
        defaults={**pairs, "submitted_by": by, "submitted_at": now},
    )
    if match is not None:
        TableSeat.objects.bulk_create(lineup_seats(match, lineup))
    log_action(
        event=event,
        actor=by,
        action="lineup_submit",
        round_number=number,
        data={"entry": entry.pk, "open": [p.pk for p in open_pair],
              "closed": [p.pk for p in closed_pair]},
    )  # fmt: skip
    return lineup
