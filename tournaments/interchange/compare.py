"""Our scoring beside an imported file's (``docs/rules.md`` § Files).

An imported event keeps the file's scores; :func:`event_scoring_compare` scores it by
our rules, in memory, when the director asks, and lists where the two differ.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

import scoring
from accounts.models import User

from ..errors import BridgeError
from ..formats import format_for
from ..models import Event, Result
from ..permissions import director_required


@dataclass(frozen=True)
class ScoringDifference:
    """Where our scoring of an imported result differs from the file's: ``what`` is
    "score" (the NS score of the contract) or "points" (the board's MP or IMPs)."""

    board: int
    table: int
    round: int
    ns_pair: int | None
    ew_pair: int | None
    what: str
    file: float | int | None
    ours: float | int | None


def _our_score(result: Result) -> int | None:
    """The NS score of a result's contract by our scoring (None: not enough to say)."""
    contract = scoring.parse_contract(result.contract)
    if contract.is_passed_out:
        return 0
    if result.tricks is None or result.declarer not in scoring.SEATS:
        return None
    return scoring.table_score(
        contract, result.declarer, result.tricks, result.board.number,
        vulnerability=result.board.vulnerability,
    )  # fmt: skip


def event_scoring_compare(*, event: Event, actor: User) -> list[ScoringDifference]:
    """Score an imported event by our rules, in memory, beside the file's scores: every
    contract score and board point that differs (by more than the files' rounding,
    0.01). Nothing is written: an imported event keeps the file's scores."""
    director_required(user=actor, event=event)
    if event.source == Event.Source.BRIDGEHALL:
        raise BridgeError(_("Only an imported event is compared with its file."), code="source")
    results = list(
        Result.objects.filter(board__event=event)
        .exclude(status=Result.Status.CUT)
        .select_related("board", "table__round", "table__ns", "table__ew")
        .order_by("board__number", "table__round__number", "table__number")
    )
    given = {r.pk: (r.ns_points, r.ew_points) for r in results}
    sections: dict[str, list[Result]] = {}
    for r in results:  # each section is matchpointed apart (docs/rules.md § Files)
        sections.setdefault(r.table.section, []).append(r)
    for part in sections.values():
        _score_as_we_would(event, part)
    differences = []
    for r in results:
        where = {
            "board": r.board.number, "table": r.table.number, "round": r.table.round.number,
            "ns_pair": r.table.ns.registration_order,
            "ew_pair": r.table.ew.registration_order if r.table.ew else None,
        }  # fmt: skip
        if r.status == Result.Status.PLAYED:
            ours = _our_score(r)
            if ours != r.ns_score:
                differences.append(
                    ScoringDifference(**where, what="score", file=r.ns_score, ours=ours)
                )
        file_points = given[r.pk][0]
        if r.ns_points is not None and (
            file_points is None or abs(file_points - r.ns_points) > 0.0100001
        ):
            differences.append(
                ScoringDifference(
                    **where, what="points", file=file_points, ours=round(r.ns_points, 2)
                )
            )
    return differences


def _score_as_we_would(event: Event, results: list[Result]) -> None:
    """Set our points on ``results`` (one section's), in memory, by the event's format."""
    format_for(event).file_results_score(event=event, results=results)
