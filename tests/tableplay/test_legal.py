"""The legal calls and cards the page enables and robots choose from agree with an
independent reference (tests/tableplay/helpers.py) and with what the engine accepts."""

from __future__ import annotations

import copy
import random

import pytest

from tableplay import Action, Table, TableError
from tableplay.legal import ALL_CALLS, legal_calls, legal_cards
from tableplay.views import table_view
from tests.tableplay import helpers
from tests.tableplay.helpers import DEAL, random_call, random_deal


def _accepted(table: Table, action: Action) -> bool:
    trial = copy.deepcopy(table)
    try:
        trial.apply(action)
    except TableError:
        return False
    return True


@pytest.mark.parametrize("seed", range(12))
def test_legal_moves_are_exactly_what_the_engine_accepts(seed):
    rng = random.Random(seed)
    table = Table(random_deal(rng), rng.choice("NESW"), "None")
    while table.phase == "auction":
        legal = legal_calls(table)
        assert sorted(legal) == sorted(helpers.legal_calls(table))
        assert legal_cards(table) == []
        for call in ALL_CALLS:
            assert _accepted(table, Action("call", table.to_play, call)) == (call in legal)
        table.apply(Action("call", table.to_play, random_call(table, rng)))
    while table.phase == "play":
        legal = legal_cards(table)
        assert sorted(legal) == sorted(helpers.legal_cards(table))
        assert legal_calls(table) == []
        for card in table.remaining[table.to_play]:
            assert _accepted(table, Action("card", table.actor, card)) == (card in legal)
        table.apply(Action("card", table.actor, rng.choice(legal)))


def test_only_the_seat_that_acts_is_offered_moves():
    table = Table(DEAL, "N", "None")
    for call in ("1S", "P", "P", "P"):
        table.apply(Action("call", table.to_play, call))
    # N declares, E leads: E is offered cards, nobody else is.
    views = {seat: table_view(table, seat)["legal"] for seat in "NESW"}
    assert views["E"]["cards"] and views["E"]["calls"] == []
    assert all(views[s] == {"calls": [], "cards": []} for s in "NSW")
    assert table_view(table, None)["legal"] == {"calls": [], "cards": []}
    table.apply(Action("card", "E", views["E"]["cards"][0]))
    # Dummy (S) is to play: declarer is offered dummy's cards.
    assert set(table_view(table, "N")["legal"]["cards"]) <= set(table.remaining["S"])
    assert table_view(table, "S")["legal"]["cards"] == []


def test_nothing_is_offered_while_a_claim_waits():
    table = Table(DEAL, "N", "None")
    for call in ("1S", "P", "P", "P"):
        table.apply(Action("call", table.to_play, call))
    table.apply(Action("card", "E", legal_cards(table)[0]))
    table.apply(Action("claim", "N", 13))
    assert legal_cards(table) == []
    assert table_view(table, "N")["legal"] == {"calls": [], "cards": []}
