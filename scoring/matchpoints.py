"""Matchpoints (2 per result beaten, 1 per tie), percentages and Neuberg's formula."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from fractions import Fraction

from scoring.contracts import _as_int

__all__ = ["matchpoints", "mp_factored", "mp_percentages", "neuberg"]


def matchpoints(scores: Sequence[int]) -> list[float]:
    """Matchpoints of each NS score: 2 for each result beaten, 1 for each tie (same order).

    The top is 2(n − 1); the points of n results sum to n(n − 1).

    >>> matchpoints([420, 450, 420, -50])
    [3.0, 6.0, 3.0, 0.0]
    """
    ordered = sorted(scores)
    result = []
    for score in scores:
        below = bisect_left(ordered, score)
        ties = bisect_right(ordered, score) - below - 1
        result.append(float(2 * below + ties))
    return result


def mp_percentages(scores: Sequence[int]) -> list[float]:
    """NS matchpoint percentages 0..100: MP / (2(n − 1)) · 100; a single result scores 50.

    Computed as 100·MP / top so that exact values (50, 25, …) stay exact. Not rounded.

    >>> mp_percentages([420, 450, 420, -50])
    [50.0, 100.0, 50.0, 0.0]
    """
    n = len(scores)
    if n == 1:
        return [50.0]
    top = 2 * (n - 1)
    return [100.0 * mp / top for mp in matchpoints(scores)]


def neuberg(mp: float, actual: int, expected: int) -> float:
    """Neuberg's formula: MP scored against ``actual`` results, rescaled to ``expected``.

    On the 2/1 scale: MP' = (MP + 1) · E / A − 1, computed exactly and rounded once,
    so ``neuberg(mp, n, n) == mp``.

    >>> neuberg(4, 3, 5)
    7.333333333333333
    """
    actual = _as_int(actual, "actual")
    expected = _as_int(expected, "expected")
    if actual < 1 or expected < 1:
        raise ValueError("actual and expected result counts must be >= 1")
    value = (Fraction(mp) + 1) * expected / actual - 1
    return float(value)


def mp_factored(scores: Sequence[int], expected: int, factoring: str = "neuberg") -> list[float]:
    """Raw matchpoints of each NS score on the scale of ``expected`` results (top
    2(E − 1)), for summing across boards of a movement.

    ``"neuberg"``: :func:`neuberg` from the results played to ``expected``;
    ``"played"``: the percentage over the results played, on that top (a single result
    scores 50% either way). With as many results as expected both give the plain MP.

    >>> [round(mp, 3) for mp in mp_factored([420, 450, 420], 4)]
    [1.667, 5.667, 1.667]
    >>> mp_factored([420, 450, 420], 4, "played")
    [1.5, 6.0, 1.5]
    """
    if factoring not in ("neuberg", "played"):
        raise ValueError(f"factoring must be 'neuberg' or 'played', got {factoring!r}")
    if not scores:
        return []
    actual = len(scores)
    if factoring == "neuberg":
        return [neuberg(mp, actual, expected) for mp in matchpoints(scores)]
    top = 2 * (expected - 1)
    return [p * top / 100 for p in mp_percentages(scores)]
