"""Reads of the stored analyses."""

from __future__ import annotations

from django.core.exceptions import ObjectDoesNotExist

from .models import BoardAnalysis
from .services import result_cards, result_contract

__all__ = ["ANALYSIS_FIELDS", "analyses_of"]

ANALYSIS_FIELDS = (
    "card_costs", "tricks_after", "claim_cost", "par_score", "imps_from_par", "missed_game",
    "missed_slam",
)  # fmt: skip


def _analysis_dict(row: BoardAnalysis, result) -> dict:
    played = result_contract(result)
    return {
        **{name: getattr(row, name) for name in ANALYSIS_FIELDS},
        "cards": result_cards(result, played[0]) if played else [],
    }


def analyses_of(*, results) -> dict[int, dict]:
    """The stored analysis of each of ``results`` that has one, by result id, with
    ``cards``: the cards of its play in the order played (``card_costs`` and
    ``tricks_after`` are parallel to them). No query for results loaded with their
    analysis joined (``tournaments.extensions.result_joins``: the board page and its
    API)."""
    out = {}
    for result in results:
        try:
            row = result.analysis
        except ObjectDoesNotExist:
            continue
        out[result.pk] = _analysis_dict(row, result)
    return out
