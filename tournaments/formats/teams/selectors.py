"""Reads about teams: team pages, a team event's standings and matches, line-ups."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch, Q, QuerySet

from accounts.models import User

from ...models import Entry, Event, Lineup, Match, Round, Team, TeamEntry, TeamMember
from ...permissions import is_event_director
from ...selectors.visibility import entry_ids_of
from .scores import imp_quotient, rank_teams


@dataclass
class TeamRow:
    place: int | None
    entry: Entry
    team: Team | None
    vp: float
    imps_for: int
    imps_against: int
    quotient: float | None  # None: no IMPs lost (infinitely good) or nothing played
    matches: int


def teams_list() -> QuerySet[Team]:
    return Team.objects.select_related("captain").prefetch_related(
        Prefetch("members", queryset=TeamMember.objects.select_related("player"))
    )


def team_get(*, team_id: int) -> Team | None:
    return teams_list().filter(pk=team_id).first()


def teams_captained_by(*, user: User) -> QuerySet[Team]:
    if not user.is_authenticated:
        return Team.objects.none()
    return Team.objects.filter(captain=user)


def team_entries_get(*, team: Team) -> list[TeamEntry]:
    """The team's entries in events, newest first, with the event."""
    return list(
        TeamEntry.objects.filter(team=team)
        .select_related("entry", "event")
        .order_by("-event__start_at", "-pk")
    )


def matches_get(*, event: Event | None = None, entry_ids=None) -> QuerySet[Match]:
    """Matches with both teams' names (two queries with the teams), by round."""
    qs = Match.objects.select_related(
        "round", "event", "home__team_entry__team", "away__team_entry__team"
    ).order_by("event_id", "round__number", "number")
    if event is not None:
        qs = qs.filter(event=event)
    if entry_ids is not None:
        qs = qs.filter(Q(home_id__in=entry_ids) | Q(away_id__in=entry_ids))
    return qs


def team_standings_get(*, event: Event) -> list[TeamRow]:
    """Every team of the event best first (VPs, IMP quotient, head-to-head,
    registration: ``docs/rules.md`` § Teams); places once a round has closed."""
    entries = list(
        Entry.objects.filter(event=event, registration_order__isnull=False)
        .exclude(status=Entry.Status.DECLINED)
        .select_related("team_entry__team")
    )
    # Scored matches: those of closed rounds (VPs are written at the close), and byes.
    closed = list(Match.objects.filter(event=event, home_vp__isnull=False))
    if event.status == Event.Status.FINISHED:
        ranked = sorted(entries, key=lambda e: (e.rank is None, e.rank or 0, e.registration_order))
        _, imps = rank_teams(entries, closed)
    else:
        ranked, imps = rank_teams(entries, closed)
    played: dict[int, int] = {}
    for m in closed:
        for side in (m.home_id, m.away_id):
            if side is not None:
                played[side] = played.get(side, 0) + 1
    rows = []
    for i, entry in enumerate(ranked, 1):
        won, lost = imps.get(entry.pk, (0, 0))
        quotient = imp_quotient(won, lost)
        link = getattr(entry, "team_entry", None)
        place = entry.rank if event.status == Event.Status.FINISHED else (i if closed else None)
        rows.append(
            TeamRow(
                place=place,
                entry=entry,
                team=link.team if link else None,
                vp=entry.total,
                imps_for=won,
                imps_against=lost,
                quotient=None if quotient == float("inf") or not (won or lost) else quotient,
                matches=played.get(entry.pk, 0),
            )
        )
    return rows


def lineups_visible_to(*, user: User, event: Event, round_number: int) -> list[Lineup]:
    """The line-ups of a round that ``user`` may see: every one once the round has been
    seated (the match has started) or for the director; before that only their own
    team's (``docs/rules.md`` § Teams). At most four queries, whatever the field."""
    lineups = lineups_get(event=event, round_number=round_number)
    if is_event_director(user=user, event=event):
        return lineups
    if Round.objects.filter(event=event, number=round_number).exists():
        return lineups
    own = entry_ids_of(user=user, event=event)
    return [lu for lu in lineups if lu.entry_id in own]


def lineups_get(*, event: Event, round_number: int) -> list[Lineup]:
    return list(
        Lineup.objects.filter(event=event, round_number=round_number).select_related(
            "entry", "open_first", "open_second", "closed_first", "closed_second"
        )
    )
