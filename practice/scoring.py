"""A practice result against the real field (``docs/rules.md`` § Robots, *Practice*).

The practice result is scored as one more table of the board's field, by the event's
own method, with the formats' scoring (``tournaments.formats.base.board_points``):
matchpoints over the played results and the practice result, cross-IMPs against each
played result, HCP-par against the board's expected score. Under datum IMPs it scores
against the same datum as the field: the trimmed average of the played results that
the tables were scored against (a pool board: its datum, of its last scoring), which
the practice result does not move. Adjusted and cut results take no part, as in the
event. Nothing is written: the field's rows are copied into memory.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

import scoring
from tournaments.formats import format_for
from tournaments.formats.base import board_points
from tournaments.formats.pool.selectors import pool_board_facts
from tournaments.models import Board, Event, Result


@dataclass(frozen=True)
class FieldResult:
    contract: str
    declarer: str
    tricks: int | None
    ns_score: int


@dataclass(frozen=True)
class PracticeScore:
    #: For the player's side: MP % (0..100) under matchpoints, else IMPs.
    points: float
    method: str
    field: list[FieldResult]
    #: The NS datum the result was compared with (datum IMPs only).
    datum: int | None = None


def field_results(board: Board) -> list[FieldResult]:
    """The board's played results in the event, best NS score first (one query)."""
    return fields_of([board.pk]).get(board.pk, [])


def fields_of(board_ids) -> dict[int, list[FieldResult]]:
    """The played results of each of ``board_ids``, best NS score first (one query)."""
    rows = (
        Result.objects.filter(
            board_id__in=list(board_ids), status=Result.Status.PLAYED, ns_score__isnull=False
        )
        .order_by("board_id", "-ns_score", "pk")
        .values_list("board_id", "contract", "declarer", "tricks", "ns_score")
    )
    out: dict[int, list[FieldResult]] = {}
    for board_id, *row in rows:
        out.setdefault(board_id, []).append(FieldResult(*row))
    return out


def practice_score(
    *, event: Event, board: Board, ns_score: int, seat: str, field: list[FieldResult] | None = None
) -> PracticeScore:
    """Score ``ns_score`` (the practice table's NS score) on ``board`` against the
    event's field; the points are those of ``seat``'s side."""
    field = field_results(board) if field is None else field
    if event.method == Event.Method.IMP:
        datum = field_datum(event, board, field)
        datum = ns_score if datum is None else datum  # alone, a result is its own datum
        ns = float(scoring.imps(ns_score - datum))
        points = ns if seat in ("N", "S") else -ns
        return PracticeScore(points=points, method=event.method, field=field, datum=datum)
    rows = [
        Result(board_id=board.pk, status=Result.Status.PLAYED, ns_score=r.ns_score) for r in field
    ]
    mine = Result(board_id=board.pk, status=Result.Status.PLAYED, ns_score=ns_score)
    board_points([*rows, mine], event.method, hcp_table=event.hcp_par_table, factoring="played")
    points = mine.ns_points if seat in ("N", "S") else mine.ew_points
    return PracticeScore(points=float(points), method=event.method, field=field)


def field_datum(event: Event, board: Board, field: list[FieldResult]) -> int | None:
    """The NS datum the field's tables were scored against: a pool board's datum of its
    last scoring (``docs/rules.md`` § The scoring pool), else (and for a pool board not
    scored yet) the trimmed average of the played results; None without any."""
    if format_for(event).scores_on_arrival:
        facts = pool_board_facts(board=board)
        if facts is not None and facts["datum"] is not None:
            return facts["datum"]
    return scoring.butler_datum([r.ns_score for r in field]) if field else None


def is_matchpoints(method: str) -> bool:
    return method == Event.Method.MP


def points_text(points: float | None, method: str) -> str:
    """A practice score as shown: "62.5%" under matchpoints, "+3.5 IMPs" else."""
    if points is None:
        return "–"
    if is_matchpoints(method):
        return f"{points:.1f}%"
    number = f"{points:+.1f}" if points % 1 else f"{points:+.0f}"
    return _("%(points)s IMPs") % {"points": number}


def session_total(points: list[float], method: str) -> float | None:
    """A session's total: the average of the MP percentages, or the sum of the IMPs
    (as the event totals its boards, docs/rules.md § Swiss pairs)."""
    if not points:
        return None
    return sum(points) / len(points) if is_matchpoints(method) else sum(points)
