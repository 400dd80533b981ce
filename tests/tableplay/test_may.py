"""What else a seat may do, as the view says it (``may``, docs/online-play.md): the
engine's own answer for each seat, which the table page and the robots use instead of a
copy of the rules (docs/rules.md § Online play, Claims, Answers, Undo)."""

from __future__ import annotations

import pytest

from tableplay import DIRECTOR, Action, Table, TableError, table_view

from .helpers import DEAL


def may(table: Table, what: str) -> dict[str | None, bool]:
    return {seat: table_view(table, seat)["may"][what] for seat in ("N", "E", "S", "W", None)}


def seats(table: Table, what: str) -> str:
    """The seats that may ``what``, in order ("NW")."""
    return "".join(seat for seat, yes in may(table, what).items() if seat and yes)


def auction(table: Table, *calls: str) -> Table:
    for call in calls:
        table.apply(Action("call", table.to_play, call))
    return table


def four_spades_by_north(*, undo_allowed: bool = True) -> Table:
    """North declares 4S (South is dummy); East is on lead."""
    return auction(
        Table(DEAL, "N", "None", undo_allowed=undo_allowed), "1S", "P", "4S", "P", "P", "P"
    )


def test_a_spectator_may_nothing():
    table = auction(Table(DEAL, "N", "None"), "1S")
    table.apply(Action("undo", "N"))
    assert table_view(table, None)["may"] == {"claim": False, "undo": False, "answer": False}


def test_undo_is_the_last_callers_alone_in_the_auction():
    table = Table(DEAL, "N", "None")
    assert seats(table, "undo") == ""  # nothing to take back yet
    auction(table, "1S")
    assert seats(table, "undo") == "N"
    auction(table, "P")
    assert seats(table, "undo") == "E"
    table.apply(Action("undo", "E"))
    assert seats(table, "undo") == ""  # one waits already


def test_the_last_pass_may_be_taken_back_but_not_the_opening_lead():
    """The end of the auction shows only the contract; the opening lead faces dummy."""
    table = four_spades_by_north()
    assert seats(table, "undo") == "E"  # East's pass ended the auction
    table.apply(Action("card", "E", "CA"))
    assert seats(table, "undo") == ""  # undo_shown


def test_declarer_takes_back_dummys_card_and_dummy_never_does():
    table = four_spades_by_north()
    table.apply(Action("card", "E", "CA"))
    table.apply(Action("card", "N", "C8"))  # declarer plays dummy's (South's) card
    assert seats(table, "undo") == "N"
    with pytest.raises(TableError) as refused:
        table.apply(Action("undo", "S"))
    assert refused.value.code == "nothing_to_undo"
    table.apply(Action("card", "W", "C5"))
    assert seats(table, "undo") == "W"


def test_no_undo_where_the_event_turned_it_off():
    table = auction(Table(DEAL, "N", "None", undo_allowed=False), "1S")
    assert seats(table, "undo") == ""


def test_claim_is_for_the_play_and_not_for_dummy():
    table = auction(Table(DEAL, "N", "None"), "1S", "P")
    assert seats(table, "claim") == ""  # the auction
    auction(table, "4S", "P", "P", "P")
    assert seats(table, "claim") == "NEW"
    table.apply(Action("card", "E", "CA"))
    assert seats(table, "claim") == "NEW"
    table.apply(Action("claim", "N", "10"))
    assert seats(table, "claim") == ""  # one waits


def test_declarers_claim_is_answered_by_each_defender_once():
    table = four_spades_by_north()
    table.apply(Action("card", "E", "CA"))
    assert seats(table, "answer") == ""
    table.apply(Action("claim", "N", "10"))
    assert seats(table, "answer") == "EW"
    table.apply(Action("accept", "E"))
    assert seats(table, "answer") == "W"
    table.apply(Action("reject", "W"))
    assert seats(table, "answer") == ""  # the director rules
    table.apply(Action("rule", DIRECTOR, "play"))
    assert seats(table, "answer") == "" and seats(table, "claim") == "NEW"


def test_a_defenders_claim_is_answered_by_declarer_alone():
    table = four_spades_by_north()
    table.apply(Action("card", "E", "CA"))
    table.apply(Action("claim", "W", "3"))
    assert seats(table, "answer") == "N"


def test_an_undo_in_the_auction_is_answered_by_both_opponents():
    table = auction(Table(DEAL, "N", "None"), "1S")
    table.apply(Action("undo", "N"))
    assert seats(table, "answer") == "EW"


def test_an_undo_in_the_play_is_answered_by_the_opponents_but_dummy():
    table = four_spades_by_north()
    table.apply(Action("card", "E", "CA"))
    table.apply(Action("card", "N", "C8"))
    table.apply(Action("undo", "N"))
    assert seats(table, "answer") == "EW"
    table = four_spades_by_north()
    table.apply(Action("card", "E", "CA"))
    table.apply(Action("card", "N", "C8"))
    table.apply(Action("card", "W", "C5"))
    table.apply(Action("undo", "W"))
    assert seats(table, "answer") == "N"  # declarer; South is dummy


def test_the_board_over_nobody_may_anything():
    table = four_spades_by_north()
    table.apply(Action("card", "E", "CA"))
    table.apply(Action("claim", "N", "10"))
    table.apply(Action("accept", "E"))
    table.apply(Action("accept", "W"))
    for what in ("claim", "undo", "answer"):
        assert seats(table, what) == ""


def test_asking_changes_nothing_at_the_table():
    table = four_spades_by_north()
    table.apply(Action("card", "E", "CA"))
    table.apply(Action("claim", "N", "10"))
    before = [table_view(table, seat) for seat in ("N", "E", "S", "W", None)]
    version, log = table.version, list(table.log)
    for kind in ("claim", "undo", "reject"):
        for seat in "NESW":
            table.allows(Action(kind, seat, "0"))
    assert [table_view(table, seat) for seat in ("N", "E", "S", "W", None)] == before
    assert (table.version, table.log) == (version, log)
    table.apply(Action("accept", "E"))
    table.apply(Action("accept", "W"))
    assert table.result.status == "claimed"
