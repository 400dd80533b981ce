"""A team match's scoring and the teams' ranking (``docs/rules.md`` § Teams): a board's
outcome for the home team, a match's IMPs and VPs, the IMP quotient and the order of the
teams. Plain functions of the rows they are given; no query."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

import scoring

from ...models import Entry, Match, Result, TeamsSettings


@dataclass(frozen=True)
class BoardOutcome:
    """One board of a match: ``played``, ``cut`` or ``adjusted``; home's net IMPs."""

    status: str
    home_net: int | None


@dataclass(frozen=True)
class MatchScore:
    home_imps: int
    away_imps: int
    boards_scored: int
    home_vp: float
    away_vp: float


def board_outcome(
    open_result: Result | None, closed_result: Result | None, adjusted_imps: dict[str, int]
) -> BoardOutcome:
    """The board's outcome for the home team (NS in the open room, EW in the closed)."""
    for result, home, away in (
        (open_result, "ns_adjustment", "ew_adjustment"),
        (closed_result, "ew_adjustment", "ns_adjustment"),
    ):
        if result is not None and result.status == Result.Status.ADJUSTED:
            cap = max(abs(v) for v in adjusted_imps.values())
            net = adjusted_imps.get(getattr(result, home), 0) - adjusted_imps.get(
                getattr(result, away), 0
            )
            return BoardOutcome("adjusted", max(-cap, min(cap, net)))
    if (
        open_result is not None
        and closed_result is not None
        and open_result.status == Result.Status.PLAYED
        and closed_result.status == Result.Status.PLAYED
    ):
        return BoardOutcome("played", scoring.imps(open_result.ns_score - closed_result.ns_score))
    return BoardOutcome("cut", None)


def match_score(outcomes: Sequence[BoardOutcome], settings: TeamsSettings) -> MatchScore:
    """IMPs each way and VPs of a match from its boards' outcomes."""
    nets = [o.home_net for o in outcomes if o.home_net is not None]
    home = sum(n for n in nets if n > 0)
    away = -sum(n for n in nets if n < 0)
    if nets:
        table = scoring.vp_table_load(settings.vp_table) if settings.vp_scale == "table" else None
        home_vp, away_vp = scoring.vp_convert(
            home - away, len(nets), settings.vp_scale, table=table
        )
    else:
        home_vp = away_vp = 10.0
    return MatchScore(home, away, len(nets), home_vp, away_vp)


def imp_quotient(imps_for: int, imps_against: int) -> float:
    if imps_against == 0:
        return math.inf if imps_for else 1.0
    return imps_for / imps_against


def rank_teams(
    entries: Sequence[Entry], matches: Sequence[Match]
) -> tuple[list[Entry], dict[int, tuple[int, int]]]:
    """``entries`` best first by VPs, IMP quotient, head-to-head VPs among the teams
    still tied, registration order; and each entry's (IMPs won, IMPs lost)."""
    imps: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for m in matches:
        if m.away_id is None or m.home_imps is None:
            continue
        imps[m.home_id][0] += m.home_imps
        imps[m.home_id][1] += m.away_imps
        imps[m.away_id][0] += m.away_imps
        imps[m.away_id][1] += m.home_imps

    def key(e: Entry):
        won, lost = imps[e.pk]
        return (-round(e.total, 6), -imp_quotient(won, lost))

    ordered = sorted(entries, key=lambda e: (key(e), e.registration_order or 0))
    ranked: list[Entry] = []
    i = 0
    while i < len(ordered):
        j = i
        while j < len(ordered) and key(ordered[j]) == key(ordered[i]):
            j += 1
        group = ordered[i:j]
        if len(group) > 1:
            ids = {e.pk for e in group}
            h2h: dict[int, float] = defaultdict(float)
            for m in matches:
                if m.home_id in ids and m.away_id in ids and m.home_vp is not None:
                    h2h[m.home_id] += m.home_vp
                    h2h[m.away_id] += m.away_vp
            group.sort(key=lambda e: (-round(h2h[e.pk], 6), e.registration_order or 0))
        ranked.extend(group)
        i = j
    return ranked, {k: (v[0], v[1]) for k, v in imps.items()}
