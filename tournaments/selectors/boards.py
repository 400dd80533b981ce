"""Reads about boards: the traveller. Who may see a board: ``visibility``."""

from __future__ import annotations

from django.db.models import Prefetch

from ..models import (
    Board,
    EntryMember,
    Event,
    Result,
)


def board_results_get(*, board: Board) -> list[Result]:
    """Every result of a board with both pairs' players, best NS score first."""
    results = list(
        Result.objects.filter(board=board)
        .select_related("table")
        .prefetch_related(
            Prefetch("table__ns__members", queryset=EntryMember.objects.select_related("player")),
            Prefetch("table__ew__members", queryset=EntryMember.objects.select_related("player")),
        )
    )
    return sorted(results, key=lambda r: (r.ns_score is None, -(r.ns_score or 0), r.table.number))


def board_get(*, event: Event, number: int) -> Board | None:
    return Board.objects.select_related("round").filter(event=event, number=number).first()
