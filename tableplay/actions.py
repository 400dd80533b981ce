"""What is said at a table and what comes of it: an action, a refusal, a board's result,
and a claim or an undo waiting for its answer (the engine's values, ``tableplay.engine``).

Pure Python, no Django.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["ACTION_KINDS", "DIRECTOR", "Action", "BoardResult", "Claim", "TableError", "Undo"]

#: The seat name of the director's actions (a ruling, a cut).
DIRECTOR = "D"

ACTION_KINDS = ("call", "card", "claim", "accept", "reject", "undo", "rule", "cut")


class TableError(ValueError):
    """An action the table refuses: ``code`` says why, for the client that sent it."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Action:
    """One thing a seat (or the director, ``"D"``) does at the table.

    ``kind`` is one of ``call`` (value "1C" … "7NT", "P", "X", "XX"; ``alert`` the
    explanation of an alerted call), ``card`` ("SA"), ``claim`` (value: how many of the
    remaining tricks the claimer's side takes), ``accept`` / ``reject`` (the waiting claim
    or undo), ``undo`` (take back one's last call or card), ``rule`` (the director's
    ruling on a rejected claim: the declaring side's tricks, or "play" to play on) and
    ``cut`` (the director or the clock ends the board unfinished).
    """

    kind: str
    seat: str
    value: str = ""
    alert: str = ""


@dataclass(frozen=True)
class BoardResult:
    """A finished board: what the results service stores."""

    status: str  # "played", "claimed", "ruled", "passed_out" or "cut"
    contract: str | None  # "4S", "3NTX", "PASS"; None when cut in the auction
    declarer: str | None
    tricks: int | None  # the declaring side's tricks
    lead: str | None
    ns_score: int | None  # None when cut
    claim_after: int | None = None  # cards played before an accepted claim


@dataclass
class Claim:
    """A claim made: the claimer's tricks of those left, and who has answered it."""

    seat: str
    tricks: int  # of the remaining tricks, for the claimer's side
    since: int = 0  # the table's version once the claim was made
    accepted: set[str] = field(default_factory=set)
    rejected: bool = False


@dataclass
class Undo:
    """An undo asked: by whom, and who has agreed to it."""

    seat: str
    since: int = 0  # the table's version once the undo was asked
    accepted: set[str] = field(default_factory=set)
