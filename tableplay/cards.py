"""Seats, cards and calls as text, and a deal read from PBN.

A card is its suit letter then its rank ("SA", "HT", "C2"); a call is "1C" … "7NT", "P",
"X" or "XX" (docs/rules.md § Online play). Pure Python: no Django, no endplay.
"""

from __future__ import annotations

import re

from scoring import RANKS, STRAINS

__all__ = [
    "RANKS",
    "SEATS",
    "SUITS",
    "card_parse",
    "call_parse",
    "deal_parse",
    "partner",
    "seat_next",
    "side",
]

SEATS: tuple[str, ...] = ("N", "E", "S", "W")
#: Suits in PBN order (spades first); the ranks, high to low, are ``scoring.RANKS``.
SUITS: tuple[str, ...] = ("S", "H", "D", "C")

_CALL_RE = re.compile(r"([1-7])(NT|S|H|D|C)")


def seat_next(seat: str, steps: int = 1) -> str:
    """The seat ``steps`` places clockwise of ``seat``."""
    return SEATS[(SEATS.index(seat) + steps) % 4]


def partner(seat: str) -> str:
    """The seat opposite ``seat``."""
    return seat_next(seat, 2)


def side(seat: str) -> str:
    """ "NS" or "EW"."""
    return "NS" if seat in ("N", "S") else "EW"


def card_parse(text: object) -> str:
    """A card in canonical form ("SA"); ``ValueError`` for anything else.

    Accepts "sa", "S10" and "10S"-free forms only: suit first, then rank.
    """
    if not isinstance(text, str):
        raise ValueError(f"a card is text such as 'SA', got {text!r}")
    cleaned = text.strip().upper().replace("10", "T")
    if len(cleaned) != 2 or cleaned[0] not in SUITS or cleaned[1] not in RANKS:
        raise ValueError(f"not a card: {text!r}")
    return cleaned


def call_parse(text: object) -> str:
    """A call in canonical form ("1NT", "P", "X", "XX"); ``ValueError`` for anything else."""
    if not isinstance(text, str):
        raise ValueError(f"a call is text such as '1NT' or 'P', got {text!r}")
    cleaned = text.strip().upper()
    if cleaned in ("PASS", "P"):
        return "P"
    if cleaned in ("X", "D", "DBL"):
        return "X"
    if cleaned in ("XX", "R", "RDBL"):
        return "XX"
    if cleaned.endswith("N") and not cleaned.endswith("NT"):
        cleaned += "T"
    if not _CALL_RE.fullmatch(cleaned):
        raise ValueError(f"not a call: {text!r}")
    return cleaned


def bid_rank(call: str) -> int:
    """Order of a bid: 1C = 0 … 7NT = 34."""
    return (int(call[0]) - 1) * 5 + STRAINS.index(call[1:])


def deal_parse(pbn: str) -> dict[str, tuple[str, ...]]:
    """The four hands of a PBN deal ("N:AKQ.T98.765.432 …"), each a tuple of cards.

    Raises ``ValueError`` unless the deal holds each of the 52 cards exactly once.
    """
    if not isinstance(pbn, str) or len(pbn) < 2 or pbn[1] != ":" or pbn[0] not in SEATS:
        raise ValueError(f"not a PBN deal: {pbn!r}")
    parts = pbn[2:].split()
    if len(parts) != 4:
        raise ValueError("a PBN deal has four hands")
    hands: dict[str, tuple[str, ...]] = {}
    for offset, text in enumerate(parts):
        suits = text.split(".")
        if len(suits) != 4:
            raise ValueError(f"a hand has four suits: {text!r}")
        cards = tuple(
            suit + rank for suit, holding in zip(SUITS, suits, strict=True) for rank in holding
        )
        hands[seat_next(pbn[0], offset)] = tuple(card_parse(card) for card in cards)
    every = [card for hand in hands.values() for card in hand]
    if len(every) != 52 or len(set(every)) != 52:
        raise ValueError("a deal holds each of the 52 cards exactly once")
    return hands


def hand_pbn(cards: tuple[str, ...] | list[str]) -> str:
    """A hand as PBN ("AKQ.T98.765.432"), ranks high to low in each suit."""
    return ".".join(
        "".join(sorted((c[1] for c in cards if c[0] == suit), key=RANKS.index)) for suit in SUITS
    )
