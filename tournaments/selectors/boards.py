"""Reads about boards: the traveller. Who may see a board: ``visibility``."""

from __future__ import annotations

from django.db.models import Prefetch

from ..extensions import result_joins
from ..models import (
    Board,
    EntryMember,
    Event,
    Result,
    TableSeat,
)


def board_results_get(*, board: Board) -> list[Result]:
    """Every result of a board with both pairs' players, best NS score first (and what
    other apps join to it: ``extensions.result_joins``)."""
    results = list(
        Result.objects.filter(board=board)
        .select_related("table", *result_joins)
        .prefetch_related(
            Prefetch("table__ns__members", queryset=EntryMember.objects.select_related("player")),
            Prefetch("table__ew__members", queryset=EntryMember.objects.select_related("player")),
        )
    )
    return sorted(results, key=lambda r: (r.ns_score is None, -(r.ns_score or 0), r.table.number))


def table_seats_get(*, table_ids) -> dict[int, list[TableSeat]]:
    """The players each table names seat by seat (N, E, S, W), in one query: the four
    players of a pool's or an individual event's table, a team's line-up."""
    seats: dict[int, list[TableSeat]] = {}
    rows = TableSeat.objects.filter(table_id__in=list(table_ids)).select_related("player")
    for s in sorted(rows, key=lambda s: "NESW".index(s.seat)):
        seats.setdefault(s.table_id, []).append(s)
    return seats


def board_get(*, event: Event, number: int) -> Board | None:
    return Board.objects.select_related("round").filter(event=event, number=number).first()
