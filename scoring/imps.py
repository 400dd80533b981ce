"""IMPs: the WBF IMP table, datum ("Butler", total-IMP) scoring and cross-IMPs."""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Sequence
from fractions import Fraction

__all__ = [
    "IMP_THRESHOLDS",
    "butler_datum",
    "butler_imps",
    "butler_trim_count",
    "cross_imps",
    "imps",
]

#: Smallest absolute difference worth 1, 2, … 24 IMPs. The WBF table lists ranges of
#: multiples of 10 (20–40 → 1, 50–80 → 2, …); differences in between use the midpoints
#: (15, 45, 85, …, 3995) as bounds, a midpoint itself going to the higher IMP.
IMP_THRESHOLDS: tuple[int, ...] = (
    15, 45, 85, 125, 165, 215, 265, 315, 365, 425, 495, 595,
    745, 895, 1095, 1295, 1495, 1745, 1995, 2245, 2495, 2995, 3495, 3995,
)  # fmt: skip


def imps(difference: int | float) -> int:
    """Signed WBF IMPs for a score difference.

    >>> imps(420), imps(-430), imps(14), imps(15), imps(4000)
    (9, -10, 0, 1, 24)
    """
    if isinstance(difference, float) and math.isnan(difference):
        raise ValueError("difference is NaN")
    try:
        magnitude = abs(difference)
    except TypeError:
        raise ValueError(f"difference must be a number, got {difference!r}") from None
    value = bisect_right(IMP_THRESHOLDS, magnitude)
    return -value if difference < 0 else value


def butler_trim_count(n: int) -> int:
    """How many results are discarded at *each* end before averaging ``n`` results.

    Default (``docs/rules.md`` § Comparing results): none when n ≤ 3, else
    ⌈(n − 10)/15⌉ + 1 (at least 1): 4–10 results: 1, 11–25: 2, 26–40: 3, 41–55: 4, …

    >>> [butler_trim_count(n) for n in (3, 4, 10, 11, 25, 26, 40, 41)]
    [0, 1, 1, 2, 2, 3, 3, 4]
    """
    if n < 0:
        raise ValueError(f"n must be >= 0, got {n}")
    if n <= 3:
        return 0
    return max(1, -((10 - n) // 15) + 1)


def _round_tens_half_away(value: Fraction) -> int:
    """Round to the nearest multiple of 10, an exact 5 away from zero (−445 → −450)."""
    tens = math.floor(abs(value) / 10 + Fraction(1, 2))
    return -10 * tens if value < 0 else 10 * tens


def butler_datum(scores: Sequence[int]) -> int:
    """The datum of a board: the trimmed mean of the NS scores rounded to the nearest 10.

    :func:`butler_trim_count` results are dropped from each end; an exact 5 rounds away
    from zero. Raises ``ValueError`` for an empty board.

    >>> butler_datum([420, 450, -50, 420, 400])
    410
    """
    if len(scores) == 0:
        raise ValueError("a datum needs at least one score")
    ordered = sorted(scores)
    k = butler_trim_count(len(ordered))
    kept = ordered[k : len(ordered) - k]
    mean = sum((Fraction(s) for s in kept), Fraction(0)) / len(kept)
    return _round_tens_half_away(mean)


def butler_imps(scores: Sequence[int]) -> list[int]:
    """IMPs of each NS score against the board's :func:`butler_datum` (same order).

    >>> butler_imps([420, 450, -50, 420, 400])
    [0, 1, -10, 0, 0]
    """
    if len(scores) == 0:
        return []
    datum = butler_datum(scores)
    return [imps(s - datum) for s in scores]


def cross_imps(scores: Sequence[int]) -> list[float]:
    """Cross-IMPs: each NS score against every other by IMPs, the sum divided by n − 1.

    Not rounded. A single result scores ``[0.0]``.

    >>> cross_imps([420, 450, -50])
    [4.5, 6.0, -10.5]
    """
    n = len(scores)
    if n <= 1:
        return [0.0] * n
    totals = [0] * n
    for i in range(n):
        for j in range(i + 1, n):
            value = imps(scores[i] - scores[j])
            totals[i] += value
            totals[j] -= value
    return [total / (n - 1) for total in totals]
