"""Victory points: the WBF 2013 continuous 20-point scale, with the WBF concavity correction."""

from __future__ import annotations

import math
from functools import lru_cache

from scoring.contracts import _as_int

__all__ = ["vp_wbf", "vp_wbf_table"]

_TAU = (math.sqrt(5) - 1) / 2


@lru_cache(maxsize=128)
def _table_cents(boards: int) -> tuple[int, ...]:
    """Winner's VP in hundredths for margins 0, 1, … up to the first margin worth 20.00."""
    blitz = 15 * math.sqrt(boards)
    cents: list[int] = []
    margin = 0
    while True:
        vp = min(20.0, 10 + 10 * (1 - _TAU ** (3 * margin / blitz)) / (1 - _TAU**3))
        cents.append(min(2000, math.floor(vp * 100 + 0.5)))
        if cents[-1] >= 2000:
            break
        margin += 1
    # Make the table concave as the published WBF tables are: walking up the margins,
    # while the next step is larger than the previous one, add 0.01 to this cell.
    for m in range(1, len(cents) - 1):
        while cents[m + 1] - cents[m] > cents[m] - cents[m - 1]:
            cents[m] += 1
    return tuple(cents)


def vp_wbf_table(boards: int) -> list[float]:
    """The winner's VP for margins 0, 1, 2, … until 20.00 (one row of the WBF table).

    >>> vp_wbf_table(8)[:4]
    [10.0, 10.44, 10.86, 11.27]
    """
    boards = _as_int(boards, "boards")
    if boards < 1:
        raise ValueError(f"boards must be >= 1, got {boards}")
    return [c / 100 for c in _table_cents(boards)]


def vp_wbf(imp_margin: int, boards: int) -> tuple[float, float]:
    """VPs (this side, opponents) for an IMP margin over a match of ``boards`` boards.

    WBF 2013 continuous scale (B = 15√N, τ = (√5 − 1)/2), rounded to 2 decimals and made
    concave; a negative margin gives the smaller share; the pair always sums to 20.

    >>> vp_wbf(14, 16), vp_wbf(-14, 16), vp_wbf(0, 8)
    ((13.75, 6.25), (6.25, 13.75), (10.0, 10.0))
    """
    margin = _as_int(imp_margin, "imp_margin")
    boards = _as_int(boards, "boards")
    if boards < 1:
        raise ValueError(f"boards must be >= 1, got {boards}")
    table = _table_cents(boards)
    winner = table[min(abs(margin), len(table) - 1)]
    loser = 2000 - winner
    if margin < 0:
        winner, loser = loser, winner
    return winner / 100, loser / 100
