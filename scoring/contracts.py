"""Contracts and the score of one table result (Laws of Duplicate Bridge 2017, Law 77).

All scores here are from the declaring side's point of view: positive when the contract
makes, negative when it goes down. :func:`scoring.boards.table_score` turns them into NS
scores.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Any

__all__ = [
    "STRAINS",
    "STRAINS_DESCENDING",
    "Contract",
    "contract_score",
    "normalize_strain",
]

#: Strains in bidding order (C < D < H < S < NT); the index is the ``strain_idx`` of
#: :func:`scoring.fast.contract_scores_array`.
STRAINS: tuple[str, ...] = ("C", "D", "H", "S", "NT")
#: The strains from the highest: the order of tables and double-dummy rows.
STRAINS_DESCENDING: tuple[str, ...] = tuple(reversed(STRAINS))

_STRAIN_ALIASES: dict[str, str] = {
    "C": "C",
    "D": "D",
    "H": "H",
    "S": "S",
    "N": "NT",
    "NT": "NT",
    "SA": "NT",  # sans atout
    "♣": "C",
    "♦": "D",
    "♥": "H",
    "♠": "S",
    "♧": "C",
    "♢": "D",
    "♡": "H",
    "♤": "S",
}


def normalize_strain(strain: str) -> str:
    """Return the canonical strain ("C", "D", "H", "S" or "NT") for a strain name.

    Accepts any case, "N" for notrump and the suit symbols. Raises ``ValueError``
    for anything else.

    >>> normalize_strain("n"), normalize_strain("♠")
    ('NT', 'S')
    """
    if not isinstance(strain, str):
        raise ValueError(f"strain must be a string, got {strain!r}")
    key = strain.strip().upper()
    try:
        return _STRAIN_ALIASES[key]
    except KeyError:
        raise ValueError(f"unknown strain {strain!r}; expected C, D, H, S or NT") from None


def _as_int(value: Any, name: str) -> int:
    """Return ``value`` as an ``int`` (ints, bools and numpy integers), else ``ValueError``."""
    try:
        return operator.index(value)
    except TypeError:
        raise ValueError(f"{name} must be an integer, got {value!r}") from None


def _as_bool(value: Any, name: str) -> bool:
    """Return ``value`` as a ``bool``; accepts bools (also numpy's) and the integers 0, 1."""
    if (
        getattr(getattr(value, "dtype", None), "kind", None) == "b"
        and getattr(value, "ndim", 1) == 0
    ):
        return bool(value)
    try:
        number = operator.index(value)
    except TypeError:
        raise ValueError(f"{name} must be a bool, got {value!r}") from None
    if number not in (0, 1):
        raise ValueError(f"{name} must be a bool (or 0/1), got {value!r}")
    return bool(number)


def _check_contract(level: Any, strain: Any, doubled: Any) -> tuple[int, str, int]:
    """Validate a (non passed-out) contract and return it normalised."""
    level = _as_int(level, "level")
    if not 1 <= level <= 7:
        raise ValueError(f"level must be 1..7, got {level}")
    strain = normalize_strain(strain)
    doubled = _as_int(doubled, "doubled")
    if doubled not in (0, 1, 2):
        raise ValueError(f"doubled must be 0, 1 (X) or 2 (XX), got {doubled}")
    return level, strain, doubled


def _odd_trick_value(strain: str) -> int:
    """Value of one odd trick (after the first, for NT) undoubled."""
    return 20 if strain in ("C", "D") else 30


def _doubled_undertricks(down: int, vulnerable: bool) -> int:
    """Penalty for ``down`` undertricks doubled (not redoubled)."""
    if vulnerable:
        return 200 + 300 * (down - 1)
    return 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)


def contract_score(level: int, strain: str, doubled: int, vulnerable: bool, tricks: int) -> int:
    """Score of a contract for the declaring side (Law 77).

    Args:
        level: contract level 1..7.
        strain: "C", "D", "H", "S" or "NT" ("N", lower case and suit symbols accepted).
        doubled: 0 undoubled, 1 doubled (X), 2 redoubled (XX).
        vulnerable: whether the declaring side is vulnerable (bool, or 0/1).
        tricks: tricks taken by declarer, 0..13.

    Returns:
        The declaring side's score, negative when the contract goes down.

    Raises:
        ValueError: for an impossible level, strain, doubling or trick count.

    >>> contract_score(6, "S", 2, False, 12)
    1620
    >>> contract_score(5, "NT", 0, False, 8)
    -150
    """
    level, strain, doubled = _check_contract(level, strain, doubled)
    vulnerable = _as_bool(vulnerable, "vulnerable")
    tricks = _as_int(tricks, "tricks")
    if not 0 <= tricks <= 13:
        raise ValueError(f"tricks must be 0..13, got {tricks}")

    need = level + 6
    multiplier = (1, 2, 4)[doubled]
    if tricks < need:
        down = need - tricks
        if doubled == 0:
            return -down * (100 if vulnerable else 50)
        return -_doubled_undertricks(down, vulnerable) * doubled

    odd = _odd_trick_value(strain)
    trick_score = (level * odd + (10 if strain == "NT" else 0)) * multiplier
    score = trick_score
    if trick_score >= 100:
        score += 500 if vulnerable else 300
    else:
        score += 50
    if level == 6:
        score += 750 if vulnerable else 500
    elif level == 7:
        score += 1500 if vulnerable else 1000
    score += 50 * doubled  # the "insult": 50 doubled, 100 redoubled
    overtricks = tricks - need
    if doubled == 0:
        score += overtricks * odd
    else:
        score += overtricks * (200 if vulnerable else 100) * doubled
    return score


@dataclass(frozen=True)
class Contract:
    """A final contract, or a passed-out board (``level == 0``, ``strain is None``).

    Build one with ``Contract(4, "S", 1)``, :meth:`Contract.passed_out` or
    :func:`scoring.notation.parse_contract`. ``strain`` is normalised ("n" → "NT").
    """

    level: int
    strain: str | None
    doubled: int = 0

    def __post_init__(self) -> None:
        if self.level == 0 and self.strain is None:
            if self.doubled != 0:
                raise ValueError("a passed-out board cannot be doubled")
            return
        level, strain, doubled = _check_contract(self.level, self.strain, self.doubled)
        object.__setattr__(self, "level", level)
        object.__setattr__(self, "strain", strain)
        object.__setattr__(self, "doubled", doubled)

    @classmethod
    def passed_out(cls) -> Contract:
        """The "contract" of a board passed out (four passes): scores 0 to both sides."""
        return cls(0, None, 0)

    @property
    def is_passed_out(self) -> bool:
        """True for a passed-out board."""
        return self.level == 0

    @property
    def tricks_needed(self) -> int:
        """Tricks declarer needs (level + 6); 0 for a passed-out board."""
        return 0 if self.is_passed_out else self.level + 6

    @property
    def strain_index(self) -> int:
        """Index of the strain in :data:`STRAINS` (0 = C … 4 = NT); -1 when passed out."""
        return -1 if self.strain is None else STRAINS.index(self.strain)

    def score(self, vulnerable: bool, tricks: int) -> int:
        """Declaring side's score with ``tricks`` taken (0 for a passed-out board)."""
        if self.is_passed_out:
            return 0
        assert self.strain is not None
        return contract_score(self.level, self.strain, self.doubled, vulnerable, tricks)

    def __str__(self) -> str:
        if self.is_passed_out:
            return "PASS"
        return f"{self.level}{self.strain}{'X' * self.doubled}"
