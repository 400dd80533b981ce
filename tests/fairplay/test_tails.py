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


@pytest.mark.parametrize("seed", range(6))
def test_trials_in_groups_give_the_distribution_of_the_trials_one_by_one(seed):
    rng = random.Random(seed)
    chances = [rng.random() for _ in range(rng.randint(1, 5))]
    counts = [rng.randint(0, 4) for _ in chances]
    one_by_one = [p for p, n in zip(chances, counts, strict=True) for _ in range(n)]
    grouped = pmf(chances, counts)
    assert grouped.tolist() == pytest.approx(_brute(one_by_one), abs=1e-12)
    for k in range(sum(counts) + 1):
        assert lower_tail(chances, k, counts) == pytest.approx(lower_tail(one_by_one, k))


def test_a_pairs_p_values_under_the_stated_model_by_hand():
    """Three boards; at the two other tables of each, one lead of two cost nothing, and
    their defenders erred on 2 of 6 cards. The pair (table 1) led right each time and
    played 3 cards a board in defence without an error."""
    from fairplay.screen import Field, Record, measure

    the_field = Field()
    mine = []
    for board in (1, 2, 3):
        the_field.add(board, 10 * board + 1, True, 3, 0)  # the pair's own table
        the_field.add(board, 10 * board + 2, True, 3, 1)
        the_field.add(board, 10 * board + 3, False, 3, 1)
        mine.append(Record(10 * board + 1, board, True, 3, 0, 0, 0))
    figures = measure(mine, the_field)
    # each lead: (1 + 1) / (2 + 2) = 0.5 → P(3 of 3) = 0.125
    assert figures["lead_expected"] == 50.0
    assert figures["p_leads"] == pytest.approx(0.5**3)
    # each card: (2 + 1) / (6 + 2) = 0.375 → P(no error in 9 cards) = 0.625 ** 9
    assert figures["defender_expected"] == 37.5
    assert figures["p_defence"] == pytest.approx(0.625**9)
    assert (figures["boards"], figures["leads_ok"], figures["defender_errors"]) == (3, 3, 0)
