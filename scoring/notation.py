"""Text notation: contracts ("4SX", "3NTXX", "PASS"), results ("6HX-2", "4SN=") and cards."""

from __future__ import annotations

import re
from dataclasses import dataclass

from scoring.contracts import Contract, _as_int

__all__ = [
    "RANKS",
    "SEATS",
    "TableResult",
    "format_contract",
    "format_result",
    "parse_contract",
    "parse_result",
    "validate_card",
]

#: Seats clockwise from North.
SEATS: tuple[str, ...] = ("N", "E", "S", "W")
#: The thirteen ranks, high to low: the one rank string of the house (cards are suit then
#: rank, "SA" … "C2"; ``T`` is the ten).
RANKS: str = "AKQJT98765432"

_PASS_WORDS = frozenset({"PASS", "P", "PASSED", "PASSOUT", "PASSEDOUT", "ALLPASS", "AP"})
_SYMBOLS = str.maketrans(
    {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C", "*": "X"}
)

_CONTRACT_RE = re.compile(r"([1-7])(NT|N|S|H|D|C)(XX|X)?")
_RESULT_RE = re.compile(
    r"(?:(?:(?P<before>[NESW])(?:DECL?|:)?)?"
    r"(?P<contract>[1-7](?:NT|N|S|H|D|C)(?:XX|X)?)(?:(?:BY)?(?P<declarer>[NESW]))?"
    r"(?P<outcome>=|\+[1-6]|-(?:1[0-3]|[1-9]))(?:BY)?(?P<after>[NESW])?)"
    r"|(?P<pass>PASS|P|PASSED|PASSOUT|PASSEDOUT|ALLPASS|AP)"
)


def _clean(text: str) -> str:
    """Upper-case, map suit symbols to letters and "*" to "X", drop whitespace."""
    if not isinstance(text, str):
        raise ValueError(f"expected a string, got {text!r}")
    return re.sub(r"\s+", "", text.translate(_SYMBOLS).upper())


def parse_contract(text: str) -> Contract:
    """Parse a contract such as "4S", "4sx", "3NTXX", "3N", "4♠X" or "PASS".

    Returns :meth:`Contract.passed_out` for "PASS" (also "P", "AP", "all pass").
    Raises ``ValueError`` for anything that is not a real contract ("8S", "4Z", "4SXXX").

    >>> parse_contract("3nxx")
    Contract(level=3, strain='NT', doubled=2)
    """
    cleaned = _clean(text)
    if cleaned in _PASS_WORDS:
        return Contract.passed_out()
    match = _CONTRACT_RE.fullmatch(cleaned)
    if match is None:
        raise ValueError(f"not a contract: {text!r}")
    level, strain, doubles = match.groups()
    return Contract(int(level), strain, len(doubles or ""))


def format_contract(contract: Contract, symbols: bool = False) -> str:
    """Format a contract: "4SX", "3NTXX", "PASS"; with ``symbols=True`` "4♠X".

    >>> format_contract(Contract(3, "NT", 2))
    '3NTXX'
    """
    text = str(contract)
    if symbols and contract.strain in ("S", "H", "D", "C"):
        sym = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[contract.strain]
        text = f"{contract.level}{sym}{'X' * contract.doubled}"
    return text


def _check_seat(seat: str | None) -> str | None:
    """Normalise an optional seat letter; ``ValueError`` if not N, E, S or W."""
    if seat is None:
        return None
    if not isinstance(seat, str) or seat.strip().upper() not in SEATS:
        raise ValueError(f"seat must be N, E, S or W, got {seat!r}")
    return seat.strip().upper()


@dataclass(frozen=True)
class TableResult:
    """A table result: contract, tricks taken by declarer, optional declarer seat.

    For a passed-out board ``tricks`` is 0 and ``declarer`` is None.
    """

    contract: Contract
    tricks: int
    declarer: str | None = None

    def __post_init__(self) -> None:
        tricks = _as_int(self.tricks, "tricks")
        if not 0 <= tricks <= 13:
            raise ValueError(f"tricks must be 0..13, got {tricks}")
        if self.contract.is_passed_out and (tricks != 0 or self.declarer is not None):
            raise ValueError("a passed-out board has no declarer and no tricks")
        object.__setattr__(self, "tricks", tricks)
        object.__setattr__(self, "declarer", _check_seat(self.declarer))

    @property
    def overtricks(self) -> int:
        """Tricks over the contract (negative when down; 0 when passed out)."""
        return self.tricks - self.contract.tricks_needed if self.contract.level else 0

    def __str__(self) -> str:
        return format_result(self.contract, self.tricks, self.declarer)


def parse_result(text: str, declarer: str | None = None) -> TableResult:
    """Parse a result such as "4S=", "3NT+1", "6HX-2", "4SN=", "4SX by W -1" or "PASS".

    The declarer may be written before the contract ("N 4S="), after it ("4SN=",
    "4S by N ="), after the outcome ("4S=N") or given as ``declarer``; once only, and
    the text and the argument must agree when both are given.

    >>> r = parse_result("6hx-2")
    >>> r.contract, r.tricks
    (Contract(level=6, strain='H', doubled=1), 10)
    """
    match = _RESULT_RE.fullmatch(_clean(text))
    if match is None:
        raise ValueError(f"not a result: {text!r}")
    declarer = _check_seat(declarer)
    if match.group("pass"):
        if declarer is not None:
            raise ValueError("a passed-out board has no declarer")
        return TableResult(Contract.passed_out(), 0, None)
    contract = parse_contract(match.group("contract"))
    seats = [match.group(g) for g in ("before", "declarer", "after") if match.group(g)]
    if len(seats) > 1:
        raise ValueError(f"more than one declarer in {text!r}")
    written = seats[0] if seats else None
    if written and declarer and written != declarer:
        raise ValueError(f"declarer {written} in {text!r} disagrees with {declarer}")
    outcome = match.group("outcome")
    tricks = contract.tricks_needed + (0 if outcome == "=" else int(outcome))
    if not 0 <= tricks <= 13:
        raise ValueError(f"impossible trick count in {text!r}")
    return TableResult(contract, tricks, written or declarer)


def format_result(contract: Contract, tricks: int, declarer: str | None = None) -> str:
    """Format a result: "6HX-2", "3NT+1", "4S=", with a declarer "4SN=", or "PASS".

    >>> format_result(Contract(6, "H", 1), 10)
    '6HX-2'
    """
    if contract.is_passed_out:
        return "PASS"
    tricks = _as_int(tricks, "tricks")
    if not 0 <= tricks <= 13:
        raise ValueError(f"tricks must be 0..13, got {tricks}")
    diff = tricks - contract.tricks_needed
    outcome = "=" if diff == 0 else f"{diff:+d}"
    return f"{contract}{_check_seat(declarer) or ''}{outcome}"


_CARD_SUIT_FIRST = re.compile(r"([SHDC])(10|[AKQJT2-9])")
_CARD_RANK_FIRST = re.compile(r"(10|[AKQJT2-9])([SHDC])")


def validate_card(text: str) -> str:
    """Normalise a card (e.g. an opening lead) to suit + rank: "SA", "HT", "D2".

    Accepts either order ("AS" or "SA"), "10" for ten, lower case and suit symbols.
    Raises ``ValueError`` when the text is not one of the 52 cards.

    >>> validate_card("d10"), validate_card("♠A"), validate_card("kh")
    ('DT', 'SA', 'HK')
    """
    cleaned = _clean(text)
    match = _CARD_SUIT_FIRST.fullmatch(cleaned)
    if match:
        suit, rank = match.groups()
    else:
        match = _CARD_RANK_FIRST.fullmatch(cleaned)
        if match is None:
            raise ValueError(f"not a card: {text!r}")
        rank, suit = match.groups()
    rank = "T" if rank == "10" else rank
    assert rank in RANKS
    return suit + rank
