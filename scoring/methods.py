"""Scoring one board by a named method: the helper the rest of the product uses."""

from __future__ import annotations

from collections.abc import Sequence

from scoring.imps import butler_imps, cross_imps
from scoring.matchpoints import mp_percentages

__all__ = ["SCORING_METHODS", "score_board"]

#: Method names: cross-IMPs, total IMPs against the datum, matchpoint percentages.
SCORING_METHODS: tuple[str, ...] = ("ximp", "imp", "mp")


def score_board(ns_scores: Sequence[int], method: str) -> list[tuple[float, float]]:
    """Score every result of one board; returns ``(ns_points, ew_points)`` per result.

    * ``"ximp"``: :func:`scoring.cross_imps`, EW = −NS.
    * ``"imp"``: :func:`scoring.butler_imps` (datum IMPs), EW = −NS.
    * ``"mp"``: matchpoint percentage 0..100 (a single result scores 50), EW = 100 − NS.

    Values keep full float precision (no rounding). An empty board gives ``[]``.

    >>> score_board([420, 450, 420, -50], "mp")
    [(50.0, 50.0), (100.0, 0.0), (50.0, 50.0), (0.0, 100.0)]
    """
    if method not in SCORING_METHODS:
        raise ValueError(f"method must be one of {SCORING_METHODS}, got {method!r}")
    if len(ns_scores) == 0:
        return []
    if method == "mp":
        return [(p, 100.0 - p) for p in mp_percentages(ns_scores)]
    values = cross_imps(ns_scores) if method == "ximp" else butler_imps(ns_scores)
    return [(float(v), 0.0 - v) for v in values]
