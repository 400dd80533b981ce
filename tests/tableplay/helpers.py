"""Random legal play for the engine's tests (and a seed so that failures repeat)."""

from __future__ import annotations

import random

from tableplay import SEATS, Action, Table
from tableplay.cards import RANKS, SUITS

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def random_deal(rng: random.Random) -> str:
    cards = [suit + rank for suit in SUITS for rank in RANKS]
    rng.shuffle(cards)
    hands = []
    for seat in range(4):
        hand = cards[seat * 13 : seat * 13 + 13]
        hands.append(
            ".".join(
                "".join(sorted((c[1] for c in hand if c[0] == s), key=RANKS.index)) for s in SUITS
            )
        )
    return "N:" + " ".join(hands)


def legal_calls(table: Table) -> list[str]:
    """Every call the engine should accept now (built without the engine's checker)."""
    seat = table.to_play
    last_bid, last_bidder, doubled, doubler = None, None, 0, None
    for call in table.calls:
        if call.value == "X":
            doubled, doubler = 1, call.seat
        elif call.value == "XX":
            doubled, doubler = 2, call.seat
        elif call.value != "P":
            last_bid, last_bidder, doubled = call.value, call.seat, 0
    strains = ["C", "D", "H", "S", "NT"]
    bids = [f"{level}{strain}" for level in range(1, 8) for strain in strains]
    start = 0 if last_bid is None else bids.index(last_bid) + 1
    calls = ["P", *bids[start:]]
    opponents = lambda a, b: (SEATS.index(a) - SEATS.index(b)) % 2 == 1  # noqa: E731
    if last_bid and doubled == 0 and opponents(seat, last_bidder):
        calls.append("X")
    if doubled == 1 and opponents(seat, doubler):
        calls.append("XX")
    return calls


def legal_cards(table: Table) -> list[str]:
    hand = table.remaining[table.to_play]
    trick = table.current_trick
    if trick:
        follow = [c for c in hand if c[0] == trick[0][1][0]]
        if follow:
            return follow
    return list(hand)


def random_call(table: Table, rng: random.Random) -> str:
    calls = legal_calls(table)
    # Mostly passes once the auction is going, so auctions end at realistic levels.
    if rng.random() < 0.55 or len(calls) == 1:
        return "P"
    return rng.choice(calls[1 : 1 + 6] + [c for c in calls if c in ("X", "XX")])


def play_random_board(rng: random.Random, deal: str | None = None) -> Table:
    """A whole board of random legal calls and cards."""
    table = Table(
        deal or random_deal(rng), rng.choice(SEATS), rng.choice(["None", "NS", "EW", "All"])
    )
    while table.phase == "auction":
        table.apply(Action("call", table.to_play, random_call(table, rng)))
    while table.phase == "play":
        table.apply(Action("card", table.actor, rng.choice(legal_cards(table))))
    return table
