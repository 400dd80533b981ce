"""Dealer and vulnerability by board number; NS table scores."""

from __future__ import annotations

import pytest

from scoring import (
    Contract,
    board_dealer,
    board_vulnerability,
    is_vulnerable,
    table_score,
    vulnerability_includes,
)

VUL_1_16 = [
    "None", "NS", "EW", "All", "NS", "EW", "All", "None",
    "EW", "All", "None", "NS", "All", "None", "NS", "EW",
]  # fmt: skip


@pytest.mark.parametrize("number", range(1, 33))
def test_cycle(number: int) -> None:
    assert board_dealer(number) == "NESW"[(number - 1) % 4]
    assert board_vulnerability(number) == VUL_1_16[(number - 1) % 16]


def test_cycle_lists() -> None:
    assert [board_dealer(n) for n in range(1, 9)] == list("NESWNESW")
    assert [board_vulnerability(n) for n in range(17, 33)] == VUL_1_16
    assert board_vulnerability(1000) == VUL_1_16[999 % 16]


@pytest.mark.parametrize("bad", [0, -1, 1.5, "1"])
def test_bad_board_number(bad: object) -> None:
    with pytest.raises(ValueError):
        board_vulnerability(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        board_dealer(bad)  # type: ignore[arg-type]


def test_is_vulnerable() -> None:
    # Board 2: NS vulnerable; board 3: EW; board 4: both; board 1: none.
    assert is_vulnerable(2, "N") and is_vulnerable(2, "S") and is_vulnerable(2, "NS")
    assert not is_vulnerable(2, "E") and not is_vulnerable(2, "ew")
    assert is_vulnerable(3, "W") and not is_vulnerable(3, "N")
    assert all(is_vulnerable(4, s) for s in ("N", "E", "S", "W", "NS", "EW"))
    assert not any(is_vulnerable(1, s) for s in ("N", "E", "S", "W", "NS", "EW"))
    with pytest.raises(ValueError):
        is_vulnerable(1, "X")
    with pytest.raises(ValueError):
        vulnerability_includes("Both", "N")


def test_table_score() -> None:
    assert table_score("4S", "N", 10, 1) == 420
    assert table_score("4S", "S", 10, 2) == 620
    assert table_score("4S", "E", 10, 2) == -420
    assert table_score("4S", "W", 10, 3) == -620
    assert table_score(Contract(3, "NT", 1), "w", 7, 4) == 500  # 2 down doubled V, for NS
    assert table_score("6SXX", "N", 12, 1) == 1620
    assert table_score("PASS", None, 0, 7) == 0
    assert table_score(Contract.passed_out(), "N", 0, 7) == 0
    with pytest.raises(ValueError):
        table_score("4S", "X", 10, 1)
    with pytest.raises(ValueError):
        table_score("4S", None, 10, 1)
    with pytest.raises(ValueError):
        table_score("4S", "N", 14, 1)
    with pytest.raises(ValueError):
        table_score("4S", "N", 10, 0)


def test_table_score_under_the_boards_own_vulnerability() -> None:
    # board 1 is None by the cycle; a file may give it its own
    assert table_score("4S", "N", 10, 1, vulnerability="NS") == 620
    assert table_score("4S", "E", 10, 1, vulnerability="NS") == -420
    assert table_score("3NTX", "W", 7, 1, vulnerability="All") == 500
    with pytest.raises(ValueError):
        table_score("4S", "N", 10, 1, vulnerability="Both")
