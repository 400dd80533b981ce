"""The Poisson-binomial distribution of the fair-play screen (``docs/rules.md`` §
Accuracy and fair play, the model): the number of successes of independent trials,
each with its own chance. Exact, by the dynamic programme over the trials (no normal
approximation): the distribution after k trials is the one after k − 1, times 1 − p
unchanged and times p shifted by one. Pure: numpy only."""

from __future__ import annotations

import math
from collections.abc import Iterable
from itertools import repeat

import numpy as np


def pmf(chances: Iterable[float], counts: Iterable[int] | None = None) -> np.ndarray:
    """P(S = s) for s = 0 … n, S the number of successes of the trials. With ``counts``,
    the trials come in groups: ``counts[i]`` trials of chance ``chances[i]`` each (a
    binomial, folded in at once: the same distribution as the trials one by one)."""
    out = np.ones(1)
    for p, count in zip(chances, counts if counts is not None else repeat(1), strict=False):
        p = min(1.0, max(0.0, float(p)))
        if count == 1:
            step = np.empty(len(out) + 1)
            step[:-1] = out * (1.0 - p)
            step[-1] = 0.0
            step[1:] += out * p
            out = step
        elif count > 1:
            k = np.arange(count + 1)
            binomial = np.array([math.comb(count, int(i)) for i in k], dtype=float)
            binomial *= p**k * (1.0 - p) ** (count - k)
            out = np.convolve(out, binomial)
    return out


def upper_tail(chances: Iterable[float], successes: int, counts=None) -> float:
    """P(S ≥ successes): how often chance alone does at least as well."""
    dist = pmf(chances, counts)
    if successes <= 0:
        return 1.0
    return float(min(1.0, dist[successes:].sum()))


def lower_tail(chances: Iterable[float], successes: int, counts=None) -> float:
    """P(S ≤ successes): how often chance alone does at most as many."""
    dist = pmf(chances, counts)
    if successes < 0:
        return 0.0
    return float(min(1.0, dist[: successes + 1].sum()))


def smoothed(hits: int, trials: int) -> float:
    """A board's chance from the field's record on it, ``(k + 1) / (n + 2)`` (Laplace's
    rule: a board the field played once is never certain)."""
    return (hits + 1) / (trials + 2)
