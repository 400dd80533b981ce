"""The numpy bulk functions give exactly the numbers of the scalar ones."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import STRAINS, butler_datum, butler_imps, contract_score, cross_imps, imps
from scoring import matchpoints as scalar_matchpoints
from scoring.fast import (
    butler_datum_array,
    butler_imps_matrix,
    contract_scores_array,
    cross_imps_matrix,
    imps_array,
    matchpoints_matrix,
)

score = st.integers(-7600, 7600).map(lambda v: v - v % 10) | st.integers(-20000, 20000)


@st.composite
def score_matrices(draw: st.DrawFn) -> list[list[int]]:
    n = draw(st.integers(1, 45))
    rows = draw(st.integers(1, 6))
    pool = draw(st.lists(score, min_size=1, max_size=8))  # few values → many ties
    element = st.sampled_from(pool) | score
    return [draw(st.lists(element, min_size=n, max_size=n)) for _ in range(rows)]


def test_contract_scores_full_table() -> None:
    combos = list(itertools.product(range(1, 8), range(5), (0, 1, 2), (False, True), range(14)))
    level, strain, doubled, vul, tricks = (np.array(c) for c in zip(*combos, strict=True))
    result = contract_scores_array(level, strain, doubled, vul, tricks)
    assert result.dtype == np.int64
    assert result.tolist() == [contract_score(lv, STRAINS[s], d, bool(v), t)
                               for lv, s, d, v, t in combos]  # fmt: skip


def test_contract_scores_passed_out_and_errors() -> None:
    assert contract_scores_array([0, 4], [0, 3], [0, 0], [True, False], [0, 10]).tolist() == [
        0,
        420,
    ]
    for bad in (
        ([8], [0], [0], [0], [7]),
        ([1], [5], [0], [0], [7]),
        ([1], [0], [3], [0], [7]),
        ([1], [0], [0], [2], [7]),
        ([1], [0], [0], [0], [14]),
        ([1.5], [0], [0], [0], [7]),
    ):
        with pytest.raises(ValueError):
            contract_scores_array(*bad)


@given(st.lists(st.integers(-(10**6), 10**6), max_size=200))
def test_imps_array_int(diffs: list[int]) -> None:
    assert imps_array(np.array(diffs, dtype=np.int64)).tolist() == [imps(d) for d in diffs]


@given(st.lists(st.floats(-5000, 5000, allow_nan=False), max_size=100))
def test_imps_array_float(diffs: list[float]) -> None:
    assert imps_array(np.array(diffs, dtype=np.float64)).tolist() == [imps(d) for d in diffs]


def test_imps_array_every_difference() -> None:
    diffs = np.arange(-16000, 16001)
    assert imps_array(diffs).tolist() == [imps(int(d)) for d in diffs]
    with pytest.raises(ValueError):
        imps_array([float("nan")])


@pytest.mark.slow
@settings(max_examples=150)
@given(score_matrices())
def test_matrices_equal_scalar(rows: list[list[int]]) -> None:
    arr = np.array(rows, dtype=np.int64)
    assert cross_imps_matrix(arr).tolist() == [cross_imps(r) for r in rows]
    assert butler_imps_matrix(arr).tolist() == [butler_imps(r) for r in rows]
    assert butler_datum_array(arr).tolist() == [butler_datum(r) for r in rows]
    assert matchpoints_matrix(arr).tolist() == [scalar_matchpoints(r) for r in rows]


def test_matrices_wide_scores() -> None:
    rows = [[10**12, -(10**12), 5, 5], [0, 0, 3, -(10**11)]]
    arr = np.array(rows, dtype=np.int64)
    assert cross_imps_matrix(arr).tolist() == [cross_imps(r) for r in rows]
    assert butler_imps_matrix(arr).tolist() == [butler_imps(r) for r in rows]
    assert matchpoints_matrix(arr).tolist() == [scalar_matchpoints(r) for r in rows]


def test_matrices_edge_shapes() -> None:
    assert cross_imps_matrix(np.zeros((3, 1), dtype=int)).tolist() == [[0.0]] * 3
    assert matchpoints_matrix(np.zeros((0, 4), dtype=int)).shape == (0, 4)
    assert cross_imps_matrix(np.zeros((0, 4), dtype=int)).shape == (0, 4)
    assert butler_imps_matrix(np.zeros((0, 4), dtype=int)).shape == (0, 4)
    assert butler_imps_matrix(np.zeros((2, 0), dtype=int)).shape == (2, 0)
    with pytest.raises(ValueError):
        cross_imps_matrix([1, 2, 3])
    with pytest.raises(ValueError):
        matchpoints_matrix([[1.5, 2.0]])
