"""High-card points and HCP-par scoring ("贴点"): IMPs against the expected NS score.

The expected NS score per (NS combined HCP 0..40, vulnerability) is data: the default
table ships as ``scoring/data/hcp_par.json`` (rebuild it with
``python -m scoring.build_hcp_par``); a director may supply another one.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from scoring.boards import VULNERABILITIES
from scoring.contracts import _as_int
from scoring.imps import imps
from scoring.notation import SEATS, validate_card

__all__ = [
    "DEFAULT_HCP_PAR_PATH",
    "HCP_PAR_DISCONNECTION",
    "HCP_POINTS",
    "HcpParTable",
    "deal_hcp",
    "expected_score",
    "hcp",
    "hcp_par_imps",
    "load_hcp_par_table",
    "validate_hcp_par_table",
]

#: Expected NS score: vulnerability name ("None", "NS", "EW", "All") → 41 values, index =
#: NS combined HCP.
HcpParTable = Mapping[str, Sequence[float]]

#: IMPs an HCP-par event takes from a pair's total for each disconnection.
HCP_PAR_DISCONNECTION = 20

#: The shipped default table.
DEFAULT_HCP_PAR_PATH: Path = Path(__file__).resolve().parent / "data" / "hcp_par.json"

#: High-card points of each honour (A=4, K=3, Q=2, J=1; the other ranks count 0): the one
#: points table of the house.
HCP_POINTS: Mapping[str, int] = {"A": 4, "K": 3, "Q": 2, "J": 1}
_SUITS = "SHDC"


def _pbn_hand_cards(hand: str) -> list[str]:
    """Cards of a PBN hand "AKQ2.J95.T84.K73" (spades, hearts, diamonds, clubs)."""
    holdings = hand.strip().upper().replace("10", "T").split(".")
    if len(holdings) != 4:
        raise ValueError(f"a PBN hand has four suits separated by '.', got {hand!r}")
    cards = []
    for suit, holding in zip(_SUITS, holdings, strict=True):
        holding = "" if holding == "-" else holding
        cards.extend(validate_card(suit + rank) for rank in holding)
    return cards


def hcp(hand: str | Iterable[str]) -> int:
    """High-card points (A=4, K=3, Q=2, J=1) of one hand.

    ``hand`` is a PBN hand ("AKQ2.J95.T84.K73", suits S.H.D.C, "-" or nothing for a void)
    or an iterable of cards ("SA", "HK", "♦Q", …). Duplicate cards or more than 13 cards
    raise ``ValueError``.

    >>> hcp("AKQ2.J95.T84.K73"), hcp(["SA", "HK"])
    (13, 7)
    """
    if isinstance(hand, str):
        cards = _pbn_hand_cards(hand)
    else:
        cards = [validate_card(card) for card in hand]
    if len(set(cards)) != len(cards):
        raise ValueError("a hand cannot hold the same card twice")
    if len(cards) > 13:
        raise ValueError(f"a hand has at most 13 cards, got {len(cards)}")
    return sum(HCP_POINTS.get(card[1], 0) for card in cards)


def deal_hcp(pbn: str) -> dict[str, int]:
    """HCP of each seat of a PBN deal ("N:hand hand hand hand", first seat then clockwise).

    >>> deal_hcp("N:AKQJ.AKQJ.AKQJ.A T987.T987.T987.K 6543.6543.6543.Q 2.2.2.JT98765432")
    {'N': 34, 'E': 3, 'S': 2, 'W': 1}
    """
    text = pbn.strip()
    if len(text) < 2 or text[1] != ":" or text[0].upper() not in SEATS:
        raise ValueError(f"a PBN deal starts with the first seat and ':', got {pbn!r}")
    hands = text[2:].split()
    if len(hands) != 4:
        raise ValueError(f"a PBN deal has four hands, got {len(hands)}")
    first = SEATS.index(text[0].upper())
    result: dict[str, int] = {}
    seen: set[str] = set()
    for offset, hand in enumerate(hands):
        cards = _pbn_hand_cards(hand)
        if seen.intersection(cards) or len(set(cards)) != len(cards):
            raise ValueError("a card appears twice in the deal")
        seen.update(cards)
        result[SEATS[(first + offset) % 4]] = hcp(cards)
    return result


def validate_hcp_par_table(table: HcpParTable) -> dict[str, tuple[float, ...]]:
    """Check a table has 41 finite numbers for each of the four vulnerabilities; return it."""
    checked: dict[str, tuple[float, ...]] = {}
    for vul in VULNERABILITIES:
        if vul not in table:
            raise ValueError(f"HCP-par table lacks vulnerability {vul!r}")
        row = tuple(float(v) for v in table[vul])
        if len(row) != 41 or not all(math.isfinite(v) for v in row):
            raise ValueError(f"HCP-par row {vul!r} needs 41 finite values (HCP 0..40)")
        checked[vul] = row
    return checked


def load_hcp_par_table(path: str | Path | None = None) -> dict[str, tuple[float, ...]]:
    """Load an expected-score table (default: the shipped ``scoring/data/hcp_par.json``).

    The JSON file holds ``{"expected": {"None": [41 numbers], "NS": [...], "EW": [...],
    "All": [...]}, ...}`` (other keys describe how it was built) or just the mapping.
    """
    with open(path or DEFAULT_HCP_PAR_PATH, encoding="utf-8") as handle:
        data = json.load(handle)
    return validate_hcp_par_table(data.get("expected", data))


_default_table: dict[str, tuple[float, ...]] | None = None


def _default() -> dict[str, tuple[float, ...]]:
    """The shipped table, loaded once."""
    global _default_table
    if _default_table is None:
        _default_table = load_hcp_par_table()
    return _default_table


def expected_score(ns_hcp: int, vulnerability: str, table: HcpParTable | None = None) -> float:
    """Expected NS score for NS's combined HCP and the board's vulnerability."""
    ns_hcp = _as_int(ns_hcp, "ns_hcp")
    if not 0 <= ns_hcp <= 40:
        raise ValueError(f"ns_hcp must be 0..40, got {ns_hcp}")
    if vulnerability not in VULNERABILITIES:
        raise ValueError(f"vulnerability must be one of {VULNERABILITIES}, got {vulnerability!r}")
    source = _default() if table is None else table
    return float(source[vulnerability][ns_hcp])


def hcp_par_imps(
    ns_score: int, ns_hcp: int, vulnerability: str, table: HcpParTable | None = None
) -> int:
    """HCP-par result of a table: IMP(NS score − expected NS score) for NS; EW gets the negative.

    Args:
        ns_score: the table's NS score.
        ns_hcp: combined HCP of North and South (0..40).
        vulnerability: the board's vulnerability ("None", "NS", "EW", "All").
        table: expected NS scores; the shipped default when None.

    >>> table = {v: [0] * 20 + [110] + [400] * 20 for v in ("None", "NS", "EW", "All")}
    >>> hcp_par_imps(420, 25, "None", table), hcp_par_imps(-100, 20, "NS", table)
    (1, -5)
    """
    return imps(ns_score - expected_score(ns_hcp, vulnerability, table))
