"""Reads of the stored analyses."""

from __future__ import annotations

from .models import BoardAnalysis

__all__ = ["ANALYSIS_FIELDS", "analyses_read"]

ANALYSIS_FIELDS = (
    "card_costs", "tricks_after", "claim_cost", "par_score", "imps_from_par", "missed_game",
    "missed_slam",
)  # fmt: skip


def analyses_read(*, result_ids) -> dict[int, dict]:
    """The stored analysis of each of ``result_ids`` that has one, by result id: one
    query (the board page, through ``tournaments.extensions.result_analyses``)."""
    rows = BoardAnalysis.objects.filter(result_id__in=list(result_ids)).values(
        "result_id", *ANALYSIS_FIELDS
    )
    return {row.pop("result_id"): row for row in rows}
