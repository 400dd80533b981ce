"""The rules of the auction and of a trick, on plain values (docs/rules.md § Online play).

A call is "1C" … "7NT", "P", "X" or "XX"; the calls of an auction are (seat, call) pairs
in order; a trick is (seat, card) pairs from its leader.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring import Contract
from tableplay.cards import RANKS, bid_rank, seat_next, side

__all__ = [
    "Bidding",
    "auction_outcome",
    "bidding_after",
    "bidding_of",
    "bidding_refusal",
    "call_refusal",
    "trick_winner",
]


def auction_outcome(
    dealer: str, calls: list[tuple[str, str]]
) -> tuple[Contract | None, str | None]:
    """The final contract and declarer once the auction is over, else (None, None)."""
    values = [call for _, call in calls]
    if len(values) == 4 and values == ["P"] * 4:
        return Contract.passed_out(), None
    if len(values) < 4 or values[-3:] != ["P", "P", "P"]:
        return None, None
    doubled = 0
    for index in range(len(values) - 1, -1, -1):
        value = values[index]
        if value == "X":
            doubled = max(doubled, 1)
        elif value == "XX":
            doubled = 2
        elif value != "P":
            break
    strain = value[1:]
    declaring = side(seat_next(dealer, index))
    declarer = next(
        seat_next(dealer, i)
        for i, v in enumerate(values)
        if v not in ("P", "X", "XX") and v[1:] == strain and side(seat_next(dealer, i)) == declaring
    )
    return Contract(int(value[0]), strain, doubled), declarer


@dataclass(frozen=True)
class Bidding:
    """What the legality of the next call depends on: the last bid (seat, call) and the
    double or redouble (seat, "X" or "XX") made since it, each None when there is none.
    An engine keeps it call by call (:func:`bidding_after`) instead of reading the whole
    auction again."""

    last_bid: tuple[str, str] | None = None
    last_double: tuple[str, str] | None = None


def bidding_after(bidding: Bidding, caller: str, call: str) -> Bidding:
    """The bidding once ``caller`` has made ``call``."""
    if call in ("X", "XX"):
        return Bidding(bidding.last_bid, (caller, call))
    if call != "P":
        return Bidding((caller, call), None)
    return bidding


def bidding_of(calls: list[tuple[str, str]]) -> Bidding:
    """The bidding after ``calls``."""
    bidding = Bidding()
    for caller, value in calls:
        bidding = bidding_after(bidding, caller, value)
    return bidding


def bidding_refusal(bidding: Bidding, seat: str, call: str) -> str | None:
    """Why ``call`` by ``seat`` is illegal at ``bidding``, or None when it is legal."""
    last_bid, last_double = bidding.last_bid, bidding.last_double
    if call == "X":
        if last_bid is None or side(last_bid[0]) == side(seat) or last_double is not None:
            return "you may double only an opponent's undoubled bid"
    elif call == "XX":
        if last_double is None or last_double[1] != "X" or side(last_double[0]) == side(seat):
            return "you may redouble only an opponent's double"
    elif call != "P" and last_bid is not None and bid_rank(call) <= bid_rank(last_bid[1]):
        return f"{call} is not higher than {last_bid[1]}"
    return None


def call_refusal(calls: list[tuple[str, str]], seat: str, call: str) -> str | None:
    """Why ``call`` by ``seat`` after ``calls`` is illegal, or None when it is legal."""
    return bidding_refusal(bidding_of(calls), seat, call)


def trick_winner(trick: list[tuple[str, str]], trump: str | None) -> str:
    """The seat that wins a complete trick: the highest trump, else the highest card of
    the suit led."""
    led = trick[0][1][0]

    def strength(card: str) -> int:
        rank = 13 - RANKS.index(card[1])
        if trump in ("S", "H", "D", "C") and card[0] == trump:
            return 100 + rank
        return rank if card[0] == led else -1

    return max(trick, key=lambda seat_card: strength(seat_card[1]))[0]
