"""VP scales: the WBF 2013 continuous scale (repeated concavity walk), the whole-VP
scale derived from it and a director's table of margin bands."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import (
    VP_SCALES,
    vp_convert,
    vp_table_load,
    vp_wbf,
    vp_wbf_discrete,
    vp_wbf_table,
)


@pytest.mark.parametrize(
    ("margin", "boards", "expected"),
    [
        # One upward walk leaves 17.24 and 18.04: raising a cell breaks the step below.
        (41, 24, (17.25, 2.75)),
        (42, 18, (18.05, 1.95)),
        (-41, 24, (2.75, 17.25)),
        # Plain rounding gives 13.74; the WBF table has 13.75.
        (14, 16, (13.75, 6.25)),
    ],
)
def test_wbf_cells_after_repeated_walk(margin: int, boards: int, expected) -> None:
    assert vp_wbf(margin, boards) == expected


@pytest.mark.parametrize("boards", range(1, 65))
def test_wbf_rows_concave_and_rising(boards: int) -> None:
    cents = [round(v * 100) for v in vp_wbf_table(boards)]
    assert cents[0] == 1000 and cents[-1] == 2000
    steps = [b - a for a, b in zip(cents, cents[1:], strict=False)]
    assert all(s > 0 for s in steps)
    assert all(b <= a for a, b in zip(steps, steps[1:], strict=False))


@given(st.integers(-150, 150), st.integers(1, 64), st.sampled_from(["wbf2013", "wbf_discrete"]))
def test_scales_sum_to_20_and_rise(margin: int, boards: int, scale: str) -> None:
    won, lost = vp_convert(margin, boards, scale)
    assert won + lost == 20
    assert vp_convert(-margin, boards, scale) == (lost, won)
    assert vp_convert(margin + 1, boards, scale)[0] >= won
    assert (margin > 0) <= (won >= 10)


@given(st.integers(-150, 150), st.integers(1, 64))
def test_discrete_is_whole_and_near_continuous(margin: int, boards: int) -> None:
    won, lost = vp_wbf_discrete(margin, boards)
    assert won == int(won) and lost == int(lost)
    assert abs(won - vp_wbf(margin, boards)[0]) <= 0.5


def test_discrete_cells() -> None:
    assert vp_wbf_discrete(0, 16) == (10.0, 10.0)
    assert vp_wbf_discrete(14, 16) == (14.0, 6.0)  # 13.75 rounds to 14
    assert vp_wbf_discrete(1, 16) == (10.0, 10.0)  # 10.34 rounds to 10
    assert vp_wbf_discrete(200, 16) == (20.0, 0.0)


TABLE = [[0, 10], [3, 11], [8, 12], [14, 13], [20, 14], [30, 16], [50, 20]]


def test_director_table_bands() -> None:
    table = vp_table_load(TABLE)
    assert [table.vp(m)[0] for m in (0, 2, 3, 7, 8, 29, 30, 49, 50, 999)] == [
        10, 10, 11, 11, 12, 14, 16, 16, 20, 20,
    ]  # fmt: skip
    assert table.vp(-8) == (8.0, 12.0)
    assert vp_convert(9, 16, "table", table=table) == (12.0, 8.0)
    assert vp_table_load([[0, 10], [1, 10.5]]).vp(1) == (10.5, 9.5)


@pytest.mark.parametrize(
    "bands",
    [
        [],
        [[1, 10], [5, 12]],  # no draw band
        [[0, 11]],  # a draw is not 10-10
        [[0, 10], [5, 12], [5, 13]],  # margins must rise
        [[0, 10], [5, 12], [9, 11]],  # VPs must not fall
        [[0, 10], [5, 21]],  # more than 20
        [[0, 10], [5, "12"]],
        [[0, 10], [5, 12.345]],
        [[0, 10], [5]],
        [[0, 10], [2.5, 12]],
        [[0, 10], [5, float("nan")]],
        5,
    ],
)
def test_director_table_refused(bands) -> None:
    with pytest.raises(ValueError):
        vp_table_load(bands)


def test_convert_refuses() -> None:
    assert VP_SCALES == ("wbf2013", "wbf_discrete", "table")
    with pytest.raises(ValueError):
        vp_convert(3, 8, "wbf1994")
    with pytest.raises(ValueError):
        vp_convert(3, 8, "table")
    with pytest.raises(ValueError):
        vp_convert(3, 0, "wbf_discrete")
