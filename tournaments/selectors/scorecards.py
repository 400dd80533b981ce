"""A pair's scorecard: its boards, scores from its own side and points (one query)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Q

from ..models import Entry, Event, Result


@dataclass(frozen=True)
class ScorecardLine:
    round_number: int
    board_number: int
    side: str  # "NS" or "EW": where the pair sat
    status: str  # played, cut, adjusted
    contract: str
    declarer: str
    tricks: int | None
    lead: str
    score: int | None  # from the pair's own side: NS's score for NS, its mirror for EW
    points: float | None


def scorecards_get(*, event: Event) -> dict[int, list[ScorecardLine]]:
    """``{entry id: [lines by round and board]}`` for every entry of a finished event
    (after the event everything is public: ``docs/rules.md`` § Visibility)."""
    cards: dict[int, list[ScorecardLine]] = defaultdict(list)
    rows = (
        Result.objects.filter(board__event=event)
        .filter(Q(table__ns__isnull=False))
        .values_list(
            "table__round__number",
            "board__number",
            "table__ns_id",
            "table__ew_id",
            "status",
            "contract",
            "declarer",
            "tricks",
            "lead",
            "ns_score",
            "ns_points",
            "ew_points",
        )
        .order_by("table__round__number", "board__number")
    )
    for (
        number,
        board,
        ns_id,
        ew_id,
        status,
        contract,
        declarer,
        tricks,
        lead,
        score,
        nsp,
        ewp,
    ) in rows:
        for entry_id, side, own, points in (
            (ns_id, "NS", score, nsp),
            (ew_id, "EW", None if score is None else -score, ewp),
        ):
            if entry_id is None:
                continue
            cards[entry_id].append(
                ScorecardLine(
                    number, board, side, status, contract, declarer, tricks, lead, own, points
                )
            )
    return cards


def scorecard_entries_get(*, event: Event) -> list[Entry]:
    """The entries that took part, with their players (a scorecard each player)."""
    return list(
        Entry.objects.filter(event=event, registration_order__isnull=False)
        .exclude(status=Entry.Status.DECLINED)
        .exclude(status=Entry.Status.WITHDRAWN, withdrawn_after_round=0)
        .prefetch_related("members__player")
        .order_by("registration_order")
    )
