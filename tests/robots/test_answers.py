"""A robot answers a claim or an undo it is asked to agree to (docs/rules.md § Robots), so
a table with robots never waits on them."""

from __future__ import annotations

from robots import robot_act
from tableplay import Action, Table
from tableplay.views import table_view
from tests.tableplay.helpers import DEAL

GRAND = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def _table(deal: str, contract: str, lead: str) -> Table:
    table = Table(deal, "N", "None")
    for call in (contract, "P", "P", "P"):
        table.apply(Action("call", table.to_play, call))
    table.apply(Action("card", "E", lead))
    return table


def _answers(table: Table) -> dict[str, str | None]:
    found = {}
    for seat in "NESW":
        action = robot_act(table_view(table, seat), samples=6, budget=5)
        found[seat] = None if action is None else action.kind
    return found


def test_a_claim_every_layout_allows_is_accepted_and_ends_the_board():
    """The claimer's hand is faced (Law 68C), so the defenders know every card and accept
    the grand slam; a view without it (as before the hand was faced) cannot prove it."""
    table = _table(GRAND, "7NT", "ST")
    table.apply(Action("claim", "N", "13"))
    hidden = table_view(table, "E")
    hidden["hands"]["N"] = None
    assert robot_act(hidden, samples=6, budget=5).kind == "reject"
    assert _answers(table) == {"N": None, "E": "accept", "S": None, "W": "accept"}
    for seat in "EW":
        table.apply(robot_act(table_view(table, seat), samples=6, budget=5))
    assert table.phase == "over" and table.result.status == "claimed"
    assert table.result.tricks == 13


def test_a_correct_claim_that_depends_on_the_claimers_cards_is_accepted():
    """7S by North, East leads a club: North's six top trumps and side aces take all 13
    (trumps drawn in three rounds). Seen from West with North hidden, most layouts give
    North other cards: the robot rejected it; with North's hand faced it accepts."""
    deal = "N:AKQJT9.AKQ.AKQ.A 43.JT98.JT98.KQJ 8765.432.432.432 2.765.765.T98765"
    table = _table(deal, "7S", "CK")
    table.apply(Action("claim", "N", "13"))
    view = table_view(table, "W")
    assert view["hands"]["N"] == list(table.remaining["N"])
    hidden = {**view, "hands": {**view["hands"], "N": None}}
    assert robot_act(hidden, samples=6, budget=5).kind == "reject"
    assert _answers(table) == {"N": None, "E": "accept", "S": None, "W": "accept"}


def test_a_claim_of_tricks_the_defence_can_take_is_rejected():
    table = _table(DEAL, "1NT", "CA")  # East holds the clubs' top four
    table.apply(Action("claim", "N", "13"))
    assert _answers(table)["E"] == "reject"
    table.apply(robot_act(table_view(table, "E"), samples=6, budget=5))
    assert table.claim.rejected and robot_act(table_view(table, "W")) is None


def test_a_concession_is_accepted():
    table = _table(DEAL, "1NT", "CA")
    table.apply(Action("claim", "N", "0"))
    assert _answers(table) == {"N": None, "E": "accept", "S": None, "W": "accept"}


def test_a_defenders_claim_is_answered_by_declarer():
    table = _table(DEAL, "1NT", "CA")
    table.apply(Action("claim", "E", "0"))
    assert _answers(table) == {"N": "accept", "E": None, "S": None, "W": None}


def test_an_undo_is_accepted_by_the_opponents():
    table = Table(DEAL, "N", "None")
    table.apply(Action("call", "N", "1NT"))
    table.apply(Action("undo", "N"))
    assert _answers(table) == {"N": None, "E": "accept", "S": None, "W": "accept"}
    for seat in "EW":
        table.apply(robot_act(table_view(table, seat)))
    assert table.calls == [] and table.to_play == "N"


def _undo_asked(table: Table, seat: str) -> dict[str, str | None]:
    table.apply(Action("undo", seat))
    return _answers(table)


def test_a_side_gets_one_undo_a_board_from_the_robots():
    """A slip is put right once a side and board (docs/rules.md § Robots): North-South's
    second undo is rejected, East-West's first is still accepted."""
    table = Table(DEAL, "N", "None")
    table.apply(Action("call", "N", "1NT"))
    table.apply(Action("undo", "N"))
    for seat in "EW":
        table.apply(robot_act(table_view(table, seat)))
    table.apply(Action("call", "N", "1S"))
    table.apply(Action("call", "E", "P"))
    table.apply(Action("call", "S", "2S"))
    assert _undo_asked(table, "S") == {"N": None, "E": "reject", "S": None, "W": "reject"}
    table.apply(Action("reject", "E"))
    assert table.calls[-1].value == "2S" and table.undone == {"NS": 1, "EW": 0}
    table.apply(Action("call", "W", "P"))
    assert _undo_asked(table, "W") == {"N": "accept", "E": None, "S": "accept", "W": None}


def test_the_fallback_answers_an_undo_by_the_same_rule():
    """When no worker answers, the watchdog's simple choice is the same fair answer: a
    card that completed a trick is taken back once (it showed nothing hidden), a second
    undo of the side's is rejected."""
    from robots.turns import action_simple

    table = _table(DEAL, "1NT", "CA")  # North declares, South is dummy
    for card in ("C8", "C7", "C2"):
        table.apply(Action("card", table.actor, card))
    table.apply(Action("undo", "N"))
    assert action_simple(table_view(table, "E")) == Action("accept", "E")
    for seat in "EW":
        table.apply(action_simple(table_view(table, seat)))
    assert len(table.cards) == 3
    table.apply(Action("card", "N", "C2"))
    table.apply(Action("undo", "N"))
    assert action_simple(table_view(table, "E")) == Action("reject", "E")
