"""Property-based tests (hypothesis) of the scalar scoring functions."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from scoring import (
    butler_imps,
    cross_imps,
    imps,
    matchpoints,
    mp_percentages,
    neuberg,
    score_board,
    vp_wbf,
)

# NS scores as they occur: multiples of 10 in the Law 77 range, plus odd values.
scores = st.integers(-7600, 7600).map(lambda v: v - v % 10) | st.integers(-8000, 8000)
boards = st.lists(scores, min_size=1, max_size=45)


@given(boards)
def test_matchpoints_sum(values: list[int]) -> None:
    n = len(values)
    mp = matchpoints(values)
    assert sum(mp) == n * (n - 1)
    assert all(0 <= p <= 2 * (n - 1) for p in mp)
    pct = mp_percentages(values)
    assert all(0 <= p <= 100 for p in pct)
    if n == 1:
        assert pct == [50.0]


@given(boards)
def test_matchpoints_order(values: list[int]) -> None:
    mp = matchpoints(values)
    for a, pa in zip(values, mp, strict=True):
        for b, pb in zip(values, mp, strict=True):
            assert (a > b) == (pa > pb) and (a == b) == (pa == pb)


@given(boards)
def test_cross_imps_sum_to_zero(values: list[int]) -> None:
    result = cross_imps(values)
    assert abs(sum(result)) < 1e-9
    assert all(-24 <= v <= 24 for v in result)


@given(st.integers(-(10**6), 10**6) | st.floats(-1e6, 1e6, allow_nan=False))
def test_imps_antisymmetric(diff: float) -> None:
    assert imps(-diff) == -imps(diff)
    assert 0 <= imps(abs(diff)) <= 24


@given(st.integers(0, 10**5), st.integers(0, 10**5))
def test_imps_monotone(a: int, b: int) -> None:
    if a <= b:
        assert imps(a) <= imps(b)


@given(boards)
def test_butler_imps_bounded(values: list[int]) -> None:
    assert all(-24 <= v <= 24 for v in butler_imps(values))
    assert len(butler_imps(values)) == len(values)


@given(st.integers(-200, 200), st.integers(1, 64))
def test_vp_pairs(margin: int, boards_played: int) -> None:
    won, lost = vp_wbf(margin, boards_played)
    assert round(won + lost, 2) == 20.0 and abs(won + lost - 20) < 1e-9
    assert (won > lost) == (margin > 0) and (won == lost) == (margin == 0)
    assert 0 <= lost <= 20 and 0 <= won <= 20
    assert vp_wbf(-margin, boards_played) == (lost, won)
    assert vp_wbf(margin + 1, boards_played)[0] >= won


@given(
    st.floats(0, 1000, allow_nan=False) | st.integers(0, 1000).map(float),
    st.integers(1, 200),
)
def test_neuberg_identity(mp: float, n: int) -> None:
    assert neuberg(mp, n, n) == mp


@given(st.integers(1, 50), st.integers(1, 50), st.data())
def test_neuberg_keeps_percentage(actual: int, expected: int, data: st.DataObject) -> None:
    mp = data.draw(st.integers(0, 2 * (actual - 1)))
    scaled = neuberg(mp, actual, expected)
    # (MP + 1) / A == (MP' + 1) / E : the share of "top + 1" is kept.
    assert abs((scaled + 1) / expected - (mp + 1) / actual) < 1e-12


@given(boards, st.sampled_from(["mp", "imp", "ximp"]))
def test_score_board_sides(values: list[int], method: str) -> None:
    result = score_board(values, method)
    assert len(result) == len(values)
    for ns, ew in result:
        assert ns + ew == (100.0 if method == "mp" else 0.0)
