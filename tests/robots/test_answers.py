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
    """With the claimer's hand faced (Law 68C) the defenders know every card; a view
    without it cannot prove the grand slam, and the claim goes to the director."""
    table = _table(GRAND, "7NT", "ST")
    table.apply(Action("claim", "N", "13"))
    assert _answers(table) == {"N": None, "E": "reject", "S": None, "W": "reject"}
    for seat in "EW":
        view = table_view(table, seat)
        view["hands"]["N"] = list(table.remaining["N"])  # the claimer faces the hand
        action = robot_act(view, samples=6, budget=5)
        assert action.kind == "accept"
        table.apply(action)
    assert table.phase == "over" and table.result.status == "claimed"
    assert table.result.tricks == 13


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
