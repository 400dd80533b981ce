"""Board number → dealer and vulnerability (standard 16-board cycle), and NS table scores."""

from __future__ import annotations

from scoring.contracts import Contract, _as_int
from scoring.notation import SEATS, parse_contract

__all__ = [
    "VULNERABILITIES",
    "board_dealer",
    "board_vulnerability",
    "is_vulnerable",
    "table_score",
    "vulnerability_includes",
]

#: The four vulnerability names used throughout the package.
VULNERABILITIES: tuple[str, ...] = ("None", "NS", "EW", "All")

# Boards 1-16 of the standard cycle.
_VUL_CYCLE: tuple[str, ...] = (
    "None", "NS", "EW", "All",
    "NS", "EW", "All", "None",
    "EW", "All", "None", "NS",
    "All", "None", "NS", "EW",
)  # fmt: skip


def _board_index(number: int) -> int:
    """Position 0..15 of a board in the 16-board cycle; ``ValueError`` if number < 1."""
    number = _as_int(number, "board number")
    if number < 1:
        raise ValueError(f"board numbers start at 1, got {number}")
    return (number - 1) % 16


def board_dealer(number: int) -> str:
    """Dealer of a board: "N", "E", "S", "W" for boards 1, 2, 3, 4, repeating.

    >>> board_dealer(1), board_dealer(6)
    ('N', 'E')
    """
    return SEATS[_board_index(number) % 4]


def board_vulnerability(number: int) -> str:
    """Vulnerability of a board: "None", "NS", "EW" or "All" (board n uses ((n-1) mod 16)+1).

    >>> board_vulnerability(1), board_vulnerability(7), board_vulnerability(17)
    ('None', 'All', 'None')
    """
    return _VUL_CYCLE[_board_index(number)]


def _side_of(side_or_seat: str) -> str:
    """Map a seat (N/E/S/W) or side (NS/EW) to its side "NS" or "EW"."""
    key = side_or_seat.strip().upper() if isinstance(side_or_seat, str) else None
    if key in ("N", "S", "NS"):
        return "NS"
    if key in ("E", "W", "EW"):
        return "EW"
    raise ValueError(f"expected a seat N/E/S/W or a side NS/EW, got {side_or_seat!r}")


def vulnerability_includes(vulnerability: str, side_or_seat: str) -> bool:
    """Whether a side/seat is vulnerable under a vulnerability name ("None"/"NS"/"EW"/"All")."""
    if vulnerability not in VULNERABILITIES:
        raise ValueError(f"vulnerability must be one of {VULNERABILITIES}, got {vulnerability!r}")
    return vulnerability == "All" or vulnerability == _side_of(side_or_seat)


def is_vulnerable(number: int, side_or_seat: str) -> bool:
    """Whether the seat (N/E/S/W) or side (NS/EW) is vulnerable on board ``number``.

    >>> is_vulnerable(2, "N"), is_vulnerable(2, "EW")
    (True, False)
    """
    return vulnerability_includes(board_vulnerability(number), side_or_seat)


def table_score(
    contract: Contract | str,
    declarer: str | None,
    tricks: int,
    board_number: int,
    *,
    vulnerability: str | None = None,
) -> int:
    """NS score (+ for NS) of a table result on a board.

    Args:
        contract: a :class:`Contract` or contract text ("4SX", "PASS").
        declarer: "N", "E", "S" or "W" (ignored, may be None, for a passed-out board).
        tricks: tricks taken by declarer.
        board_number: gives the vulnerability of the declaring side.
        vulnerability: the board's own ("None", "NS", "EW", "All"), when it is not the
            cycle's of ``board_number`` (a board a results file gives its own).

    A passed-out board scores 0.

    >>> table_score("4S", "E", 11, 2)
    -450
    >>> table_score("4S", "E", 11, 2, vulnerability="EW")
    -650
    """
    if isinstance(contract, str):
        contract = parse_contract(contract)
    if vulnerability is None:
        vulnerability = board_vulnerability(board_number)
    elif vulnerability not in VULNERABILITIES:
        raise ValueError(f"vulnerability must be one of {VULNERABILITIES}, got {vulnerability!r}")
    if contract.is_passed_out:
        return 0
    seat = declarer.strip().upper() if isinstance(declarer, str) else None
    if seat not in SEATS:
        raise ValueError(f"declarer must be N, E, S or W, got {declarer!r}")
    score = contract.score(vulnerability_includes(vulnerability, seat), tricks)
    return score if seat in ("N", "S") else -score
