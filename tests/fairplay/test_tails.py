"""The Poisson-binomial tails of the fair-play screen (docs/rules.md § Accuracy and fair
play, the model) against brute force: every outcome of a few trials enumerated."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from fairplay.tails import lower_tail, pmf, smoothed, upper_tail


def _brute(chances):
    dist = [0.0] * (len(chances) + 1)
    for outcome in itertools.product((0, 1), repeat=len(chances)):
        chance = math.prod(p if hit else 1 - p for p, hit in zip(chances, outcome, strict=True))
        dist[sum(outcome)] += chance
    return dist


@pytest.mark.parametrize("seed", range(12))
def test_the_distribution_and_both_tails_match_brute_force(seed):
    rng = random.Random(seed)
    chances = [rng.random() for _ in range(rng.randint(1, 9))]
    brute = _brute(chances)
    assert pmf(chances).tolist() == pytest.approx(brute, abs=1e-12)
    for k in range(len(chances) + 1):
        assert upper_tail(chances, k) == pytest.approx(sum(brute[k:]), abs=1e-12)
        assert lower_tail(chances, k) == pytest.approx(sum(brute[: k + 1]), abs=1e-12)


def test_the_edges():
    assert upper_tail([0.5, 0.5], 0) == 1.0
    assert upper_tail([0.5, 0.5], 3) == 0.0
    assert lower_tail([0.5, 0.5], -1) == 0.0
    assert upper_tail([0.5] * 20, 20) == pytest.approx(0.5**20)
    assert lower_tail([0.3] * 10, 0) == pytest.approx(0.7**10)
    assert pmf([]).tolist() == [1.0]


def test_the_smoothing_never_makes_a_board_certain():
    assert smoothed(0, 0) == 0.5
    assert smoothed(3, 3) == 0.8
    assert smoothed(0, 8) == 0.1
