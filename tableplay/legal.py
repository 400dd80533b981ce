"""The calls and cards a seat may make now, by the engine's own rules: what the table
page enables in its bidding box and hand, and what a robot or a script chooses from."""

from __future__ import annotations

from tableplay.engine import Table
from tableplay.rules import bidding_refusal

__all__ = ["ALL_CALLS", "legal_calls", "legal_cards"]

#: Every call in the order of the bidding box: pass, the bids low to high, double, redouble.
ALL_CALLS: tuple[str, ...] = (
    "P",
    *(f"{level}{strain}" for level in range(1, 8) for strain in ("C", "D", "H", "S", "NT")),
    "X",
    "XX",
)


def _waiting(table: Table) -> bool:
    return table.claim is not None or table.undo is not None


def legal_calls(table: Table) -> list[str]:
    """The calls the seat to call may make; none outside the auction or while a claim
    or an undo waits for its answer."""
    if table.phase != "auction" or _waiting(table):
        return []
    seat = table.to_play
    return [call for call in ALL_CALLS if bidding_refusal(table.bidding, seat, call) is None]


def legal_cards(table: Table) -> list[str]:
    """The cards the seat to play may play (following suit when able); none outside
    the play or while a claim or an undo waits."""
    if table.phase != "play" or _waiting(table):
        return []
    hand = table.remaining[table.to_play]
    trick = table.current_trick
    if trick:
        follow = [card for card in hand if card[0] == trick[0][1][0]]
        if follow:
            return follow
    return list(hand)
