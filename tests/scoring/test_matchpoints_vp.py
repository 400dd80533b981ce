"""Matchpoints, Neuberg, VP scale, adjusted scores and board scoring."""

from __future__ import annotations

import pytest

from scoring import (
    adjusted_points,
    matchpoints,
    mp_percentages,
    neuberg,
    score_board,
    vp_wbf,
    vp_wbf_table,
)


def test_matchpoints() -> None:
    assert matchpoints([]) == []
    assert matchpoints([420]) == [0.0]
    assert matchpoints([420, 450, 420, -50]) == [3.0, 6.0, 3.0, 0.0]
    assert matchpoints([100, 100, 100]) == [2.0, 2.0, 2.0]
    assert matchpoints([-50, 620, 140, 170]) == [0.0, 6.0, 2.0, 4.0]


def test_percentages() -> None:
    assert mp_percentages([420]) == [50.0]
    assert mp_percentages([420, 450, 420, -50]) == [50.0, 100.0, 50.0, 0.0]
    assert mp_percentages([1, 2, 3, 4]) == [0.0, 100 / 3, 200 / 3, 100.0]


def test_neuberg() -> None:
    assert neuberg(4, 3, 5) == pytest.approx(5 * 5 / 3 - 1)
    assert neuberg(0, 1, 10) == 9.0  # a single result scores half of the top 18
    assert neuberg(7.5, 10, 10) == 7.5
    assert neuberg(0, 4, 2) == pytest.approx(-0.5)
    with pytest.raises(ValueError):
        neuberg(1, 0, 5)
    with pytest.raises(ValueError):
        neuberg(1, 5, 0)


@pytest.mark.parametrize(
    ("margin", "boards", "expected"),
    [
        (14, 16, (13.75, 6.25)), (-14, 16, (6.25, 13.75)), (40, 8, (19.74, 0.26)),
        (20, 14, (15.26, 4.74)), (0, 8, (10.0, 10.0)), (0, 16, (10.0, 10.0)),
        (1000, 16, (20.0, 0.0)), (-1000, 16, (0.0, 20.0)), (1, 8, (10.44, 9.56)),
        (43, 8, (20.0, 0.0)), (42, 8, (19.95, 0.05)),
    ],
)  # fmt: skip
def test_vp_cells(margin: int, boards: int, expected: tuple[float, float]) -> None:
    assert vp_wbf(margin, boards) == expected


def test_vp_correction_cells() -> None:
    # Plain rounding would give 13.74 and 19.73; the WBF tables are made concave.
    assert vp_wbf_table(16)[14] == 13.75 and vp_wbf_table(8)[40] == 19.74


@pytest.mark.parametrize("boards", [1, 2, 4, 6, 8, 10, 12, 14, 16, 20, 24, 28, 32, 48, 64])
def test_vp_table_shape(boards: int) -> None:
    row = vp_wbf_table(boards)
    assert row[0] == 10.0 and row[-1] == 20.0 and max(row[:-1]) < 20.0
    cents = [round(v * 100) for v in row]
    assert all(b > a for a, b in zip(cents, cents[1:], strict=False))
    steps = [b - a for a, b in zip(cents, cents[1:], strict=False)]  # concave: every row
    assert all(b <= a for a, b in zip(steps, steps[1:], strict=False))


def test_vp_bad_input() -> None:
    with pytest.raises(ValueError):
        vp_wbf(10, 0)
    with pytest.raises(ValueError):
        vp_wbf(1.5, 8)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        vp_wbf_table(0)


def test_adjusted_points() -> None:
    assert [adjusted_points(c, "mp") for c in ("A+", "A=", "A-")] == [60.0, 50.0, 40.0]
    assert [adjusted_points(c, "imp") for c in ("A+", "A=", "A-")] == [3.0, 0.0, -3.0]
    assert [adjusted_points(c, "ximp") for c in ("a+", "A", "A-")] == [3.0, 0.0, -3.0]
    assert adjusted_points("A+", "mp", mp_percent=(55, 50, 45)) == 55.0
    with pytest.raises(ValueError):
        adjusted_points("A++", "mp")
    with pytest.raises(ValueError):
        adjusted_points("A+", "vp")


def test_score_board() -> None:
    scores = [420, 450, -50, 420, 400]
    assert score_board(scores, "ximp") == [(x, -x) for x in [2.5, 3.75, -10.25, 2.5, 1.5]]
    assert score_board(scores, "imp") == [(0.0, 0.0), (1.0, -1.0), (-10.0, 10.0),
                                          (0.0, 0.0), (0.0, 0.0)]  # fmt: skip
    assert score_board(scores, "mp") == [(62.5, 37.5), (100.0, 0.0), (0.0, 100.0),
                                         (62.5, 37.5), (25.0, 75.0)]  # fmt: skip
    assert score_board([100], "mp") == [(50.0, 50.0)]
    assert score_board([100], "ximp") == [(0.0, 0.0)]
    assert score_board([], "imp") == []
    with pytest.raises(ValueError):
        score_board([1, 2], "vp")
    # No negative zeros on the EW side.
    assert str(score_board([100, 100], "ximp")[0][1]) == "0.0"
