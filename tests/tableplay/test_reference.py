"""The engine against an independent reference: endplay's auction and trick logic.

On many random deals, random legal auctions end in the contract and declarer that
endplay's ``Contract.from_auction`` finds, and at every card of random legal play the
engine allows exactly the cards endplay's ``Deal.legal_moves`` allows, the same seat is
to play, and the declaring side ends with the same tricks.
"""

from __future__ import annotations

import random

from endplay.types import Bid, Contract, Deal, Denom, Penalty, Player

from tableplay import Action, Table
from tableplay.cards import SEATS, SUITS

from .helpers import legal_calls, legal_cards, random_call, random_deal

PLAYERS = dict(zip(SEATS, (Player.north, Player.east, Player.south, Player.west), strict=True))
DENOMS = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades}
DENOMS["NT"] = Denom.nt


def endplay_call(call: str) -> Bid:
    return Bid(call)  # endplay reads the same notation: "P", "X", "XX", "1NT"


def card_text(card) -> str:
    return SUITS[int(card.suit)] + "AKQJT98765432"[15 - int(card.rank.value).bit_length()]


def test_auctions_agree_with_endplay():
    rng = random.Random(2026)
    for _ in range(400):
        dealer = rng.choice(SEATS)
        table = Table(random_deal(rng), dealer, "None")
        while table.phase == "auction":
            assert table.to_play is not None
            table.apply(Action("call", table.to_play, random_call(table, rng)))
        reference = Contract.from_auction(
            PLAYERS[dealer], [endplay_call(c.value) for c in table.calls]
        )
        if table.contract.is_passed_out:
            assert reference.is_passout()
            continue
        assert PLAYERS[table.declarer] == reference.declarer
        assert table.contract.level == reference.level
        assert DENOMS[table.contract.strain] == reference.denom
        assert (
            table.contract.doubled
            == {
                Penalty.passed: 0,
                Penalty.doubled: 1,
                Penalty.redoubled: 2,
            }[reference.penalty]
        )


def test_every_illegal_call_is_refused_and_every_legal_one_accepted():
    rng = random.Random(7)
    every = [
        "P",
        "X",
        "XX",
        *[f"{lv}{s}" for lv in range(1, 8) for s in ("C", "D", "H", "S", "NT")],
    ]
    for _ in range(60):
        table = Table(random_deal(rng), rng.choice(SEATS), "All")
        while table.phase == "auction":
            allowed = set(legal_calls(table))
            for call in every:
                probe = Table.replay(table.deal, table.dealer, table.vulnerability, table.log)
                try:
                    probe.apply(Action("call", probe.to_play, call))
                    accepted = True
                except ValueError:
                    accepted = False
                assert accepted == (call in allowed), (call, [c.value for c in table.calls])
            table.apply(Action("call", table.to_play, random_call(table, rng)))


def test_play_agrees_with_endplay_card_by_card():
    rng = random.Random(11)
    played = 0
    for _ in range(150):
        table = Table(random_deal(rng), rng.choice(SEATS), "None")
        while table.phase == "auction":
            table.apply(Action("call", table.to_play, random_call(table, rng)))
        if table.phase != "play":
            continue
        reference = Deal.from_pbn(table.deal)
        reference.trump = DENOMS[table.contract.strain]
        reference.first = PLAYERS[SEATS[(SEATS.index(table.declarer) + 1) % 4]]
        while table.phase == "play":
            assert PLAYERS[table.to_play] == reference.curplayer
            mine = sorted(legal_cards(table))
            theirs = sorted(card_text(c) for c in reference.legal_moves())
            assert mine == theirs
            card = rng.choice(mine)
            table.apply(Action("card", table.actor, card))
            reference.play(next(c for c in reference.legal_moves() if card_text(c) == card))
            played += 1
        declaring = "NS" if table.declarer in ("N", "S") else "EW"
        assert table.result.tricks == table.tricks_won(declaring)
    assert played > 50 * 52
