"""The engine keeps a board's auction and play up to date call by call and card by card:
after every action of random legal boards (with claims, rulings and undos) its state is
the state a fresh replay of the same actions reaches, and the state the auction and play
give when read again from the standing calls and cards; it rebuilds only after an
accepted undo; and a copy extended with more actions leaves the original as it was."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tableplay import SEATS, Action, Table, table_view
from tableplay.cards import seat_next
from tableplay.rules import auction_outcome, bidding_of, trick_winner

from .helpers import DEAL, random_deal
from .test_properties import random_action


def new_table(rng: random.Random) -> Table:
    return Table(
        random_deal(rng),
        rng.choice(SEATS),
        rng.choice(["None", "NS", "EW", "All"]),
        undo_allowed=rng.random() < 0.9,
    )


def state_of(table: Table) -> dict:
    """Everything a caller may read of a table, and what each seat and a spectator see."""
    return {
        "version": table.version,
        "log": list(table.log),
        "moves": list(table.moves),
        "calls": list(table.calls),
        "cards": list(table.cards),
        "contract": table.contract,
        "declarer": table.declarer,
        "bidding": table.bidding,
        "remaining": {seat: list(cards) for seat, cards in table.remaining.items()},
        "tricks": [list(trick) for trick in table.tricks],
        "trick_winners": list(table.trick_winners),
        "claim": table.claim,
        "undo": table.undo,
        "ending": table.ending,
        "faced": set(table.faced),
        "settled": table.settled,
        "undone": dict(table.undone),
        "phase": table.phase,
        "to_play": table.to_play,
        "actor": table.actor,
        "dummy": table.dummy,
        "current_trick": list(table.current_trick),
        "tricks_left": table.tricks_left,
        "tricks_won": (table.tricks_won("NS"), table.tricks_won("EW")),
        "dummy_visible": table.dummy_visible,
        "result": table.result,
        "views": {seat: table_view(table, seat) for seat in (*SEATS, None)},
    }


def read_again(table: Table) -> dict:
    """The auction and play read afresh from the standing calls and cards, as the engine
    did after every action before it kept them step by step."""
    calls = [m for m in table.moves if m.kind == "call"]
    cards = [m for m in table.moves if m.kind == "card"]
    pairs = [(c.seat, c.value) for c in calls]
    contract, declarer = auction_outcome(table.dealer, pairs)
    remaining = {seat: list(hand) for seat, hand in table.hands.items()}
    tricks, winners, trick = [], [], []
    leader = seat_next(declarer) if cards else None
    for move in cards:
        seat = seat_next(leader, len(trick))
        assert seat == move.seat
        remaining[seat].remove(move.value)
        trick.append((seat, move.value))
        if len(trick) == 4:
            leader = trick_winner(trick, contract.strain)
            tricks.append(trick)
            winners.append(leader)
            trick = []
    if trick:
        tricks.append(trick)
    return {
        "calls": calls,
        "cards": cards,
        "contract": contract,
        "declarer": declarer,
        "bidding": bidding_of(pairs),
        "remaining": remaining,
        "tricks": tricks,
        "trick_winners": winners,
    }


@settings(max_examples=120, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_the_state_after_every_action_is_a_fresh_replays(seed):
    rng = random.Random(seed)
    table = new_table(rng)
    steps = 0
    while table.phase != "over" and steps < 400:
        steps += 1
        table.apply(random_action(rng, table))
        fresh = Table.replay(
            table.deal, table.dealer, table.vulnerability, table.log,
            undo_allowed=table.undo_allowed,
        )  # fmt: skip
        state = state_of(table)
        assert state == state_of(fresh)
        assert {key: state[key] for key in read_again(table)} == read_again(table)


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_only_an_accepted_undo_rebuilds(seed):
    rng = random.Random(seed)
    table = new_table(rng)
    rebuilds = []
    derive = Table._derive

    def counted(self):
        rebuilds.append(self.version)
        derive(self)

    Table._derive = counted
    try:
        undone = 0
        while table.phase != "over" and len(table.log) < 400:
            table.apply(random_action(rng, table))
            undone_now = sum(table.undone.values())
            assert len(rebuilds) == undone_now, (rebuilds, table.log[-1])
            undone = undone_now
    finally:
        Table._derive = derive
    assert len(rebuilds) == undone


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_a_copy_extended_leaves_the_original_as_it_was(seed):
    rng = random.Random(seed)
    table = new_table(rng)
    kept: list[tuple[Table, dict]] = []
    while table.phase != "over" and len(table.log) < 400:
        if rng.random() < 0.3:
            kept.append((table, state_of(table)))
            table = table.copy()
            assert state_of(table) == kept[-1][1]
        table.apply(random_action(rng, table))
    for original, state in kept:
        assert state_of(original) == state
    fresh = Table.replay(
        table.deal, table.dealer, table.vulnerability, table.log, undo_allowed=table.undo_allowed
    )
    assert state_of(table) == state_of(fresh)


def test_a_copy_shares_no_waiting_claim_or_undo():
    """An answer to the copy's waiting claim or undo is not the original's."""
    table = Table(DEAL, "N", "None")
    for call in ("1C", "P", "P", "P"):
        table.apply(Action("call", table.to_play, call))
    table.apply(Action("card", "E", table.remaining["E"][0]))
    table.apply(Action("claim", "N", "12"))
    copy = table.copy()
    copy.apply(Action("accept", "E"))
    assert table.claim.accepted == set() and copy.claim.accepted == {"E"}
    table.apply(Action("reject", "W"))
    assert table.claim.rejected and not copy.claim.rejected
