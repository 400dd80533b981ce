"""A side's fair-play figures over boards, from each card's cost (``docs/rules.md`` § The
analysis of the play): the one counting that ``simulate_event --analysis``, the player's
accuracy and the directors' fair-play screen share.

Over the boards played with a contract (not passed out), for one side of each:

* ``leads``: the boards it defended that have an opening lead; ``leads_dd_ok``: those
  whose lead cost nothing;
* ``declarer_cards``/``declarer_errors``: the cards it played as declarer (dummy's
  included), and those that cost a trick or more (a card costing two is one error);
* ``defender_cards``/``defender_errors``: the cards it played in defence, the opening
  lead left out, and those that cost.

No Django.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tableplay.cards import seat_next, side
from tableplay.records import trump_of
from tableplay.rules import trick_winner

__all__ = ["FAIR_PLAY_FIELDS", "BoardCosts", "board_counts", "card_seats", "fair_play_counts"]

FAIR_PLAY_FIELDS = (
    "leads", "leads_dd_ok", "declarer_cards", "declarer_errors", "defender_cards",
    "defender_errors",
)  # fmt: skip


def card_seats(contract: str, declarer: str, play: list[str]) -> list[str]:
    """The seat that played each card of ``play`` (the cards in the order played)."""
    trump = trump_of(contract)
    leader = seat_next(declarer)
    seats: list[str] = []
    trick: list[tuple[str, str]] = []
    for card in play:
        seat = seat_next(leader, len(trick))
        seats.append(seat)
        trick.append((seat, card))
        if len(trick) == 4:
            leader = trick_winner(trick, trump)
            trick = []
    return seats


@dataclass(frozen=True)
class BoardCosts:
    """One board as a side played it: ``side`` ("NS"/"EW") the side counted, the
    contract's ``declarer``, the seat of each card and each card's cost."""

    side: str
    declarer: str
    seats: list[str]
    costs: list[int]


def board_counts(board: BoardCosts) -> dict[str, int]:
    """The figures of one board for its side (every field, 0 where it has none)."""
    out = dict.fromkeys(FAIR_PLAY_FIELDS, 0)
    declaring = side(board.declarer) == board.side
    for i, (seat, cost) in enumerate(zip(board.seats, board.costs, strict=True)):
        if side(seat) != board.side:
            continue
        if declaring:
            out["declarer_cards"] += 1
            out["declarer_errors"] += cost > 0
        elif i == 0:  # the opening lead
            out["leads"] += 1
            out["leads_dd_ok"] += cost == 0
        else:
            out["defender_cards"] += 1
            out["defender_errors"] += cost > 0
    return out


def fair_play_counts(boards: Iterable[BoardCosts]) -> dict[str, int]:
    """The figures summed over ``boards`` (each a board played with a contract)."""
    total = dict.fromkeys(FAIR_PLAY_FIELDS, 0)
    for board in boards:
        for key, value in board_counts(board).items():
            total[key] += value
    return total
