"""Law 77 table scores: published values and an independent brute-force reference."""

from __future__ import annotations

import itertools

import pytest

from scoring import STRAINS, Contract, contract_score

# (contract, vulnerable, tricks, expected declarer score) — published Law 77 values.
KNOWN = [
    # undoubled, made
    ("1C", False, 7, 70), ("1C", False, 8, 90), ("2C", False, 8, 90), ("3C", False, 9, 110),
    ("4C", False, 10, 130), ("5C", False, 11, 400), ("5C", True, 11, 600),
    ("6C", False, 12, 920), ("6C", True, 12, 1370), ("7C", False, 13, 1440),
    ("7C", True, 13, 2140), ("1D", True, 7, 70), ("5D", True, 12, 620),
    ("1H", False, 7, 80), ("2H", False, 8, 110), ("3H", True, 9, 140), ("4H", False, 10, 420),
    ("4H", True, 10, 620), ("5H", False, 11, 450), ("6H", True, 12, 1430),
    ("7H", False, 13, 1510), ("7S", True, 13, 2210), ("1S", False, 7, 80),
    ("4S", False, 10, 420), ("4S", False, 11, 450), ("4S", True, 11, 650),
    ("6S", False, 12, 980), ("1NT", False, 7, 90), ("1NT", True, 13, 270),
    ("2NT", False, 8, 120), ("3NT", False, 9, 400), ("3NT", True, 9, 600),
    ("3NT", False, 10, 430), ("3NT", True, 10, 630), ("4NT", False, 10, 430),
    ("5NT", True, 11, 660), ("6NT", False, 12, 990), ("6NT", True, 12, 1440),
    ("7NT", False, 13, 1520), ("7NT", True, 13, 2220),
    # doubled, made
    ("1CX", False, 7, 140), ("1CX", True, 7, 140), ("1CX", False, 8, 240), ("1CX", True, 8, 340),
    ("2CX", False, 8, 180), ("2CX", True, 8, 180), ("3CX", False, 9, 470), ("3CX", True, 9, 670),
    ("1NTX", False, 7, 180), ("1NTX", False, 8, 280), ("1NTX", True, 8, 380),
    ("2HX", False, 8, 470), ("2HX", True, 8, 670), ("2SX", False, 9, 570), ("2SX", True, 9, 870),
    ("4SX", False, 10, 590), ("4SX", True, 10, 790), ("4HX", False, 11, 690),
    ("4HX", True, 11, 990), ("3NTX", False, 9, 550), ("3NTX", True, 9, 750),
    ("6SX", False, 12, 1210), ("6SX", True, 12, 1660), ("7NTX", False, 13, 1790),
    ("7NTX", True, 13, 2490),
    # redoubled, made
    ("1CXX", False, 7, 230), ("1CXX", True, 7, 230), ("1CXX", False, 8, 430),
    ("1CXX", True, 8, 630), ("2CXX", False, 8, 560), ("2CXX", True, 8, 760),
    ("1HXX", False, 7, 520), ("1HXX", True, 7, 720), ("1HXX", False, 13, 1720),
    ("1HXX", True, 13, 3120), ("1NTXX", False, 7, 560), ("1NTXX", True, 7, 760),
    ("6SXX", False, 12, 1620), ("6SXX", True, 12, 2070), ("7NTXX", False, 13, 2280),
    ("7NTXX", True, 13, 2980),
    # undoubled, down
    ("4S", False, 9, -50), ("4S", True, 9, -100), ("5NT", False, 8, -150), ("5NT", True, 8, -300),
    ("7NT", True, 0, -1300), ("7NT", False, 0, -650), ("1C", False, 0, -350),
    # doubled, down: NV 100, 300, 500, 800, 1100, …; V 200, 500, 800, 1100, …
    ("4SX", False, 9, -100), ("4SX", False, 8, -300), ("4SX", False, 7, -500),
    ("4SX", False, 6, -800), ("4SX", False, 5, -1100), ("4SX", False, 4, -1400),
    ("4SX", True, 9, -200), ("4SX", True, 8, -500), ("4SX", True, 7, -800),
    ("4SX", True, 6, -1100), ("4SX", True, 5, -1400), ("5NTX", False, 8, -500),
    ("5NTX", True, 8, -800), ("7NTX", False, 0, -3500), ("7NTX", True, 0, -3800),
    # redoubled, down = twice doubled
    ("3NTXX", False, 8, -200), ("3NTXX", False, 7, -600), ("3NTXX", False, 6, -1000),
    ("3NTXX", False, 5, -1600), ("3NTXX", True, 8, -400), ("3NTXX", True, 7, -1000),
    ("3NTXX", True, 6, -1600), ("7NTXX", False, 0, -7000), ("7NTXX", True, 0, -7600),
]  # fmt: skip


def _split(text: str) -> tuple[int, str, int]:
    doubled = len(text) - len(text.rstrip("X"))
    return int(text[0]), text[1 : len(text) - doubled], doubled


@pytest.mark.parametrize(("contract", "vulnerable", "tricks", "expected"), KNOWN)
def test_known_values(contract: str, vulnerable: bool, tricks: int, expected: int) -> None:
    level, strain, doubled = _split(contract)
    assert contract_score(level, strain, doubled, vulnerable, tricks) == expected


def test_seed_examples() -> None:
    # 6S redoubled made: trick score 6 × 30 × 4 = 720, + 300 game + 500 slam + 100 insult.
    assert contract_score(6, "S", 2, False, 12) == 1620
    # 5NT with 8 tricks is down 3.
    assert contract_score(5, "NT", 0, False, 8) == -150
    assert contract_score(5, "NT", 1, False, 8) == -500


def _reference(level: int, strain: str, doubled: int, vul: bool, tricks: int) -> int:
    """Independent trick-by-trick Law 77 computation."""
    need = level + 6
    if tricks < need:
        total = 0
        for n in range(1, need - tricks + 1):
            if doubled == 0:
                total += 100 if vul else 50
            elif vul:
                total += (200 if n == 1 else 300) * doubled
            else:
                total += (100 if n == 1 else 200 if n <= 3 else 300) * doubled
        return -total
    per = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}[strain]
    trick_score = 0
    for n in range(1, level + 1):
        trick_score += (40 if strain == "NT" and n == 1 else per) * 2**doubled
    total = trick_score
    total += (500 if vul else 300) if trick_score >= 100 else 50
    total += {6: 750 if vul else 500, 7: 1500 if vul else 1000}.get(level, 0)
    total += {0: 0, 1: 50, 2: 100}[doubled]
    for _ in range(tricks - need):
        total += per if doubled == 0 else (200 if vul else 100) * doubled
    return total


ALL = list(itertools.product(range(1, 8), STRAINS, (0, 1, 2), (False, True), range(14)))


def test_full_table_against_reference() -> None:
    assert len(ALL) == 7 * 5 * 3 * 2 * 14
    for args in ALL:
        assert contract_score(*args) == _reference(*args), args


def test_full_table_consistency() -> None:
    for level, strain, doubled, vul in itertools.product(
        range(1, 8), STRAINS, (0, 1, 2), (False, True)
    ):
        row = [contract_score(level, strain, doubled, vul, t) for t in range(14)]
        # Strictly better with each extra trick; positive exactly when made.
        assert all(a < b for a, b in zip(row, row[1:], strict=False))
        assert all((s > 0) == (t >= level + 6) for t, s in enumerate(row))
        other = [contract_score(level, strain, doubled, not vul, t) for t in range(14)]
        for t in range(14):
            made = t >= level + 6
            hi, lo = (row[t], other[t]) if vul else (other[t], row[t])
            assert (hi >= lo) if made else (hi <= lo)  # vulnerable: more won, more lost
        if doubled == 2:
            doubled_row = [contract_score(level, strain, 1, vul, t) for t in range(level + 6)]
            assert row[: level + 6] == [2 * s for s in doubled_row]
        # Minor and major suit scores differ only by trick values; clubs == diamonds.
        if strain == "C":
            assert row == [contract_score(level, "D", doubled, vul, t) for t in range(14)]
        if strain == "H":
            assert row == [contract_score(level, "S", doubled, vul, t) for t in range(14)]


@pytest.mark.parametrize(
    ("args", "bad"),
    [
        ((0, "S", 0, False, 7), "level"),
        ((8, "S", 0, False, 7), "level"),
        ((4, "Z", 0, False, 10), "strain"),
        ((4, "S", 3, False, 10), "doubled"),
        ((4, "S", -1, False, 10), "doubled"),
        ((4, "S", 0, False, 14), "tricks"),
        ((4, "S", 0, False, -1), "tricks"),
        ((4, "S", 0, 2, 10), "vulnerable"),
        ((4.5, "S", 0, False, 10), "level"),
        ((4, "S", 0, "NS", 10), "vulnerable"),
    ],
)
def test_invalid_input(args: tuple, bad: str) -> None:
    with pytest.raises(ValueError, match=bad):
        contract_score(*args)


def test_lenient_input() -> None:
    assert contract_score(3, "n", 0, 1, 9) == 600  # "N" for NT, 0/1 for vulnerability
    assert contract_score(4, "♠", True, 0, 10) == 590  # bool as doubled count
    np = pytest.importorskip("numpy")
    assert contract_score(np.int64(4), "S", np.int8(0), np.bool_(True), np.int32(10)) == 620


def test_contract_dataclass() -> None:
    c = Contract(4, "s", 1)
    assert (c.level, c.strain, c.doubled) == (4, "S", 1)
    assert c.tricks_needed == 10 and c.strain_index == 3
    assert c.score(False, 10) == 590 and str(c) == "4SX"
    passed = Contract.passed_out()
    assert passed.is_passed_out and passed.score(True, 0) == 0 and str(passed) == "PASS"
    assert passed.strain_index == -1 and passed.tricks_needed == 0
    with pytest.raises(ValueError):
        Contract(0, None, 1)
    with pytest.raises(ValueError):
        Contract(8, "S")
    with pytest.raises(AttributeError):
        c.level = 5  # type: ignore[misc]
