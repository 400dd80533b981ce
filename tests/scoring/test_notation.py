"""Contract, result and card notation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import (
    STRAINS,
    Contract,
    TableResult,
    format_contract,
    format_result,
    parse_contract,
    parse_result,
    validate_card,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("4SX", Contract(4, "S", 1)),
        ("3NTXX", Contract(3, "NT", 2)),
        ("3nt", Contract(3, "NT", 0)),
        ("3N", Contract(3, "NT", 0)),
        ("1nxx", Contract(1, "NT", 2)),
        ("4♠x", Contract(4, "S", 1)),
        ("6♥", Contract(6, "H", 0)),
        ("2♦XX", Contract(2, "D", 2)),
        ("7♣", Contract(7, "C", 0)),
        (" 5 d x ", Contract(5, "D", 1)),
        ("4S*", Contract(4, "S", 1)),
        ("PASS", Contract.passed_out()),
        ("pass", Contract.passed_out()),
        ("All Pass", Contract.passed_out()),
        ("P", Contract.passed_out()),
    ],
)
def test_parse_contract(text: str, expected: Contract) -> None:
    assert parse_contract(text) == expected


@pytest.mark.parametrize(
    "text", ["8S", "0S", "4Z", "4SXXX", "", "S4", "4", "NT", "4NTX X X", "44S", "4 NTT", None, 4]
)
def test_parse_contract_rejects(text: object) -> None:
    with pytest.raises(ValueError):
        parse_contract(text)  # type: ignore[arg-type]


def test_format_contract() -> None:
    assert format_contract(Contract(4, "S", 1)) == "4SX"
    assert format_contract(Contract(3, "NT", 2)) == "3NTXX"
    assert format_contract(Contract.passed_out()) == "PASS"
    assert format_contract(Contract(4, "H", 0), symbols=True) == "4♥"
    assert format_contract(Contract(3, "NT", 1), symbols=True) == "3NTX"


@pytest.mark.parametrize(
    ("text", "contract", "tricks", "declarer"),
    [
        ("4S=", Contract(4, "S"), 10, None),
        ("3NT+1", Contract(3, "NT"), 10, None),
        ("6HX-2", Contract(6, "H", 1), 10, None),
        ("4SN=", Contract(4, "S"), 10, "N"),
        ("4NS=", Contract(4, "NT"), 10, "S"),
        ("3NTN+1", Contract(3, "NT"), 10, "N"),
        ("4SXW-1", Contract(4, "S", 1), 9, "W"),
        ("4sx by w -1", Contract(4, "S", 1), 9, "W"),
        ("1CXX+6", Contract(1, "C", 2), 13, None),
        ("7NT-13", Contract(7, "NT"), 0, None),
        ("4♠E=", Contract(4, "S"), 10, "E"),
        ("N 4S=", Contract(4, "S"), 10, "N"),
        ("4S-1 W", Contract(4, "S"), 9, "W"),
        ("3NT+2 by E", Contract(3, "NT"), 11, "E"),
        ("PASS", Contract.passed_out(), 0, None),
    ],
)
def test_parse_result(text: str, contract: Contract, tricks: int, declarer: str | None) -> None:
    result = parse_result(text)
    assert result == TableResult(contract, tricks, declarer)


@pytest.mark.parametrize(
    "text",
    [
        "4S+4",
        "1C+7",
        "7NT-14",
        "4S-0",
        "4S+0",
        "4S",
        "8S=",
        "4Z=",
        "4SXXX=",
        "4SQ=",
        "=",
        "4S=1",
        "N4SE=",
        "4SN=E",
        "X4S=",
    ],
)
def test_parse_result_rejects(text: str) -> None:
    with pytest.raises(ValueError):
        parse_result(text)


def test_parse_result_declarer_argument() -> None:
    assert parse_result("4S=", declarer="e").declarer == "E"
    assert parse_result("4SE=", declarer="E").declarer == "E"
    with pytest.raises(ValueError):
        parse_result("4SN=", declarer="E")
    with pytest.raises(ValueError):
        parse_result("4S=", declarer="X")
    with pytest.raises(ValueError):
        parse_result("PASS", declarer="N")


def test_format_result() -> None:
    assert format_result(Contract(6, "H", 1), 10) == "6HX-2"
    assert format_result(Contract(3, "NT"), 10) == "3NT+1"
    assert format_result(Contract(4, "S"), 10) == "4S="
    assert format_result(Contract(4, "S"), 10, "N") == "4SN="
    assert format_result(Contract.passed_out(), 0) == "PASS"
    assert str(TableResult(Contract(2, "D", 1), 7, "w")) == "2DXW-1"
    assert TableResult(Contract(2, "D", 1), 7).overtricks == -1
    with pytest.raises(ValueError):
        format_result(Contract(4, "S"), 14)
    with pytest.raises(ValueError):
        TableResult(Contract(4, "S"), 14)
    with pytest.raises(ValueError):
        TableResult(Contract.passed_out(), 3)


contracts = st.builds(
    Contract, st.integers(1, 7), st.sampled_from(STRAINS), st.integers(0, 2)
) | st.just(Contract.passed_out())


@given(contracts)
def test_contract_round_trip(contract: Contract) -> None:
    assert parse_contract(format_contract(contract)) == contract
    assert parse_contract(format_contract(contract, symbols=True)) == contract
    assert parse_contract(format_contract(contract).lower()) == contract


@given(contracts, st.integers(0, 13), st.sampled_from([None, "N", "E", "S", "W"]))
def test_result_round_trip(contract: Contract, tricks: int, declarer: str | None) -> None:
    if contract.is_passed_out:
        tricks, declarer = 0, None
    text = format_result(contract, tricks, declarer)
    assert parse_result(text) == TableResult(contract, tricks, declarer)


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("SA", "SA"), ("HT", "HT"), ("D10", "DT"), ("♠A", "SA"), ("♥10", "HT"), ("c2", "C2"),
        ("AS", "SA"), ("10d", "DT"), ("kh", "HK"), (" sq ", "SQ"), ("♦J", "DJ"),
    ],
)  # fmt: skip
def test_validate_card(text: str, card: str) -> None:
    assert validate_card(text) == card


@pytest.mark.parametrize("text", ["S1", "SX", "ZA", "S11", "", "SAK", "A", "S", "1S", "T"])
def test_validate_card_rejects(text: str) -> None:
    with pytest.raises(ValueError):
        validate_card(text)
