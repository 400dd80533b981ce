"""WBF IMP table, datum (Butler) IMPs and cross-IMPs."""

from __future__ import annotations

import pytest

from scoring import IMP_THRESHOLDS, butler_datum, butler_imps, butler_trim_count, cross_imps, imps

# The SPEC table: (lowest, highest) multiple-of-10 difference for 0, 1, 2, … 23 IMPs.
RANGES = [
    (0, 10), (20, 40), (50, 80), (90, 120), (130, 160), (170, 210), (220, 260), (270, 310),
    (320, 360), (370, 420), (430, 490), (500, 590), (600, 740), (750, 890), (900, 1090),
    (1100, 1290), (1300, 1490), (1500, 1740), (1750, 1990), (2000, 2240), (2250, 2490),
    (2500, 2990), (3000, 3490), (3500, 3990),
]  # fmt: skip


@pytest.mark.parametrize(("value", "bounds"), list(enumerate(RANGES)))
def test_table_rows(value: int, bounds: tuple[int, int]) -> None:
    low, high = bounds
    for diff in range(low, high + 1, 10):
        assert imps(diff) == value
        assert imps(-diff) == -value


@pytest.mark.parametrize("diff", [4000, 4010, 5000, 7600, 15200, 10**9])
def test_top(diff: int) -> None:
    assert imps(diff) == 24 and imps(-diff) == -24


def test_midpoints() -> None:
    assert list(IMP_THRESHOLDS) == [
        (RANGES[k - 1][1] + RANGES[k][0]) // 2 for k in range(1, len(RANGES))
    ] + [3995]
    for value, bound in enumerate(IMP_THRESHOLDS, start=1):
        assert imps(bound) == value and imps(bound - 1) == value - 1
        assert imps(-bound) == -value and imps(-(bound - 1)) == -(value - 1)


@pytest.mark.parametrize(
    ("diff", "value"),
    [(15, 1), (14, 0), (45, 2), (44, 1), (3995, 24), (3994, 23), (0, 0), (5, 0), (85, 3),
     (84, 2), (425, 10), (424, 9), (14.9, 0), (15.0, 1), (-15.0, -1), (-14.99, 0)],
)  # fmt: skip
def test_non_multiples(diff: float, value: int) -> None:
    assert imps(diff) == value


def test_bad_difference() -> None:
    with pytest.raises(ValueError):
        imps(float("nan"))
    with pytest.raises(ValueError):
        imps("10")  # type: ignore[arg-type]


EXPECTED_TRIM = {n: 0 for n in range(1, 4)}
EXPECTED_TRIM.update({n: 1 for n in range(4, 11)})
EXPECTED_TRIM.update({n: 2 for n in range(11, 26)})
EXPECTED_TRIM.update({n: 3 for n in range(26, 41)})
EXPECTED_TRIM.update({n: 4 for n in range(41, 46)})


@pytest.mark.parametrize("n", range(1, 46))
def test_trim_count(n: int) -> None:
    assert butler_trim_count(n) == EXPECTED_TRIM[n]
    # The datum really ignores that many results at each end: make them absurd.
    k = EXPECTED_TRIM[n]
    middle = [100] * (n - 2 * k)
    assert butler_datum([-99990] * k + middle + [99990] * k) == 100


@pytest.mark.parametrize(
    ("scores", "datum"),
    [
        ([-445], -450), ([445], 450), ([-440, -450], -450), ([440, 450], 450),
        ([444], 440), ([-444], -440), ([446], 450), ([5], 10), ([-5], -10), ([4], 0), ([-4], 0),
        ([0, 0, 0, 10000], 0), ([420, 450, -50, 420, 400], 410), ([100, 110, 140], 120),
        ([-100, -110, -130, -1000], -120),  # trimmed -1000 and -100: mean -120
    ],
)  # fmt: skip
def test_datum(scores: list[int], datum: int) -> None:
    assert butler_datum(scores) == datum


def test_datum_empty() -> None:
    with pytest.raises(ValueError):
        butler_datum([])
    with pytest.raises(ValueError):
        butler_trim_count(-1)


def test_butler_imps() -> None:
    assert butler_imps([420, 450, -50, 420, 400]) == [0, 1, -10, 0, 0]
    assert butler_imps([]) == []
    assert butler_imps([620]) == [0]


def test_cross_imps() -> None:
    assert cross_imps([]) == []
    assert cross_imps([420]) == [0.0]
    assert cross_imps([420, -100]) == [11.0, -11.0]
    assert cross_imps([420, 450, -50]) == [4.5, 6.0, -10.5]
    assert cross_imps([100, 100, 100]) == [0.0, 0.0, 0.0]
    values = cross_imps([620, 170, 200, -100])
    assert values == [sum(imps(620 - s) for s in (170, 200, -100)) / 3, (-10 - 1 + 7) / 3,
                      (-9 + 1 + 7) / 3, (-12 - 7 - 7) / 3]  # fmt: skip
