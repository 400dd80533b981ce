"""Reads of the ladders shared by the pages, the API and the team page."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Count, Max, Min, Q

from tournaments.models import Team

from .models import OPEN_STATUSES, Challenge, Ladder, PositionChange, Rung

FORM_LENGTH = 5


def ladder_list():
    return Ladder.objects.annotate(teams=Count("rungs")).order_by("name", "pk")


def ladder_get(*, ladder_id: int) -> Ladder | None:
    return Ladder.objects.select_related("director").filter(pk=ladder_id).first()


def ladder_order(*, ladder: Ladder) -> list[int]:
    """Team ids from position 1 down."""
    return list(
        Rung.objects.filter(ladder=ladder).order_by("position").values_list("team_id", flat=True)
    )


def positions_consistent(*, ladder: Ladder) -> bool:
    """The positions are exactly 1..N (one aggregate query)."""
    got = Rung.objects.filter(ladder=ladder).aggregate(
        n=Count("pk"),
        low=Min("position"),
        high=Max("position"),
        distinct=Count("position", distinct=True),
    )
    if got["n"] == 0:
        return True
    return got["low"] == 1 and got["high"] == got["n"] == got["distinct"]


def _open_challenges(ladder: Ladder, team_ids=None):
    qs = Challenge.objects.filter(ladder=ladder, status__in=OPEN_STATUSES).select_related(
        "challenger", "defender", "event"
    )
    if team_ids is not None:
        qs = qs.filter(Q(challenger_id__in=team_ids) | Q(defender_id__in=team_ids))
    return list(qs.order_by("issued_at", "pk"))


def form_of(team_id: int, challenge: Challenge) -> str:
    """``W``, ``L`` or ``D`` (a tie, or a match decided for no one) for ``team_id``."""
    if challenge.winner_id is None:
        return "D"
    return "W" if challenge.winner_id == team_id else "L"


def recent_form(*, ladder: Ladder, team_ids: list[int]) -> dict[int, list[str]]:
    """The last five results (played or forfeited challenges) of each team, newest first."""
    decided = (
        Challenge.objects.filter(ladder=ladder, status__in=("played", "forfeited"))
        .filter(Q(challenger_id__in=team_ids) | Q(defender_id__in=team_ids))
        .order_by("-resolved_at", "-pk")
        .only("challenger_id", "defender_id", "winner_id")
    )
    wanted = set(team_ids)
    form: dict[int, list[str]] = defaultdict(list)
    for c in decided.iterator(chunk_size=2000):
        for team_id in (c.challenger_id, c.defender_id):
            if team_id in wanted and len(form[team_id]) < FORM_LENGTH:
                form[team_id].append(form_of(team_id, c))
    return form


@dataclass
class LadderRow:
    rung: Rung
    open_as_challenger: Challenge | None = None
    open_as_defender: Challenge | None = None
    form: list[str] = field(default_factory=list)

    @property
    def team(self) -> Team:
        return self.rung.team


def ladder_rows(*, ladder: Ladder, offset: int = 0, limit: int = 100) -> list[LadderRow]:
    """One page of the ladder: positions, each team's open challenges and recent form
    (three queries, whatever the size)."""
    rungs = list(
        Rung.objects.filter(ladder=ladder)
        .select_related("team__captain")
        .order_by("position")[offset : offset + limit]
    )
    ids = [r.team_id for r in rungs]
    rows = {r.team_id: LadderRow(rung=r) for r in rungs}
    for c in _open_challenges(ladder, ids):
        if c.challenger_id in rows:
            rows[c.challenger_id].open_as_challenger = c
        if c.defender_id in rows:
            rows[c.defender_id].open_as_defender = c
    for team_id, letters in recent_form(ladder=ladder, team_ids=ids).items():
        rows[team_id].form = letters
    return [rows[i] for i in ids]


def open_challenges(*, ladder: Ladder) -> list[Challenge]:
    return _open_challenges(ladder)


def challenge_list(*, ladder: Ladder, status: str | None = None):
    qs = Challenge.objects.filter(ladder=ladder).select_related(
        "challenger", "defender", "winner", "event", "ladder"
    )
    if status == "open":
        qs = qs.filter(status__in=OPEN_STATUSES)
    elif status:
        qs = qs.filter(status=status)
    return qs.order_by("-issued_at", "-pk")


def challenge_get(*, challenge_id: int) -> Challenge | None:
    return (
        Challenge.objects.select_related(
            "ladder__director", "challenger__captain", "defender__captain", "winner", "event"
        )
        .filter(pk=challenge_id)
        .first()
    )


def team_history(*, ladder: Ladder, team_id: int):
    """Every change of the team's position on the ladder, oldest first."""
    return (
        PositionChange.objects.filter(ladder=ladder, team_id=team_id)
        .select_related("challenge__challenger", "challenge__defender", "event")
        .order_by("at", "pk")
    )


def rung_of(*, ladder: Ladder, team_id: int) -> Rung | None:
    return Rung.objects.filter(ladder=ladder, team_id=team_id).select_related("team").first()


def ladder_size(*, ladder: Ladder) -> int:
    return Rung.objects.filter(ladder=ladder).count()


def challengeable(*, ladder: Ladder, rung: Rung) -> list[Rung]:
    """The teams ``rung``'s team may challenge by range (at most K places above)."""
    return list(
        Rung.objects.filter(
            ladder=ladder, position__gte=rung.position - ladder.k, position__lt=rung.position
        )
        .select_related("team")
        .order_by("position")
    )


def captained_rungs(*, ladder: Ladder, user) -> list[Rung]:
    if not user.is_authenticated:
        return []
    return list(
        Rung.objects.filter(ladder=ladder, team__captain=user)
        .select_related("team")
        .order_by("position")
    )


@dataclass
class TeamLadderPosition:
    ladder: Ladder
    position: int
    size: int
    open_challenges: list[Challenge]


def ladder_positions_of(team: Team) -> list[TeamLadderPosition]:
    """Where ``team`` stands on every ladder, with its open challenges (as challenger
    or defender): for the team page. Three queries."""
    rungs = list(Rung.objects.filter(team=team).select_related("ladder").order_by("ladder__name"))
    if not rungs:
        return []
    ladder_ids = [r.ladder_id for r in rungs]
    sizes = dict(
        Rung.objects.filter(ladder_id__in=ladder_ids)
        .values_list("ladder_id")
        .annotate(n=Count("pk"))
        .values_list("ladder_id", "n")
    )
    open_by_ladder: dict[int, list[Challenge]] = defaultdict(list)
    for c in (
        Challenge.objects.filter(ladder_id__in=ladder_ids, status__in=OPEN_STATUSES)
        .filter(Q(challenger=team) | Q(defender=team))
        .select_related("challenger", "defender", "event")
        .order_by("issued_at", "pk")
    ):
        open_by_ladder[c.ladder_id].append(c)
    return [
        TeamLadderPosition(
            ladder=r.ladder,
            position=r.position,
            size=sizes.get(r.ladder_id, 0),
            open_challenges=open_by_ladder[r.ladder_id],
        )
        for r in rungs
    ]
