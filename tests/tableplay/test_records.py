"""The stored record of a board's auction and play (tableplay.records): PBN's layout of
the tricks, from the opening leader round the table, to and from the order of play."""

from __future__ import annotations

import random

import pytest

from tableplay.records import (
    auction_calls,
    auction_complete,
    auction_record,
    play_record,
    play_rows,
    play_tricks,
    trump_of,
)
from tests.tableplay.helpers import play_random_board


def test_the_winner_leads_the_next_trick_but_the_row_keeps_the_seats_order():
    # West leads S2; North wins with SA and leads H4 to trick 2 (spades trumps)
    played = ["S2", "SA", "S3", "SK", "H4", "H5", "H6", "H7"]
    record = play_record("W", played, "S")

    # row 2 is written W N E S: West's H7 first though North led it
    assert record == "W:S2 SA S3 SK H7 H4 H5 H6"
    tricks = play_tricks(record, "S")
    assert [t.leader for t in tricks] == ["W", "N"]
    assert [c for t in tricks for _, c in t.cards] == played
    assert tricks[0].winner == "N"


def test_a_short_last_trick_is_filled_with_not_played_cards():
    record = play_record("E", ["D2", "DA", "D3"], None)

    assert record == "E:D2 DA D3 -"
    assert play_rows(record) == ("E", [["D2", "DA", "D3", "-"]])
    (trick,) = play_tricks(record, None)
    assert trick.winner is None and len(trick.cards) == 3


@pytest.mark.parametrize(
    ("record", "calls", "complete"),
    [
        ("N:1C Pass 1NT Pass 3NT AP", ["1C", "P", "1NT", "P", "3NT", "P", "P", "P"], True),
        ("E:AP", ["P"] * 4, True),
        ("S:Pass AP", ["P"] * 4, True),
        ("W:1S X XX Pass", ["1S", "X", "XX", "P"], False),
        ("", [], False),
    ],
)  # fmt: skip
def test_auction_calls(record, calls, complete):
    assert auction_calls(record)[1] == calls
    assert auction_complete(record) is complete


def test_trump_of_a_contract():
    assert [trump_of(c) for c in ("4SX", "3NT", "7CXX", "PASS", "")] == ["S", None, "C", None, None]


@pytest.mark.parametrize("seed", range(40))
def test_random_boards_go_to_the_record_and_back(seed):
    table = play_random_board(random.Random(seed))
    cards = [c.value for c in table.cards]
    calls = [c.value for c in table.calls]

    auction = auction_record(table.dealer, calls)
    assert auction_calls(auction) == (table.dealer, calls) and auction_complete(auction)
    if table.declarer is None:
        return
    leader = table.cards[0].seat
    trump = trump_of(str(table.contract)) if table.contract else None
    tricks = play_tricks(play_record(leader, cards, trump), trump)
    assert [(s, c) for t in tricks for s, c in t.cards] == [(c.seat, c.value) for c in table.cards]
    won = sum(
        1 for t in tricks if t.winner in (table.declarer, "NESW"["NESW".index(table.declarer) - 2])
    )
    assert won == table.tricks_won("NS" if table.declarer in "NS" else "EW")
