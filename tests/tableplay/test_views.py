"""What a seat sees of a claim (docs/rules.md § Online play, Claims): the claimer's hand
faced to the whole table while the claim waits, and the claimed result in the tricks."""

from __future__ import annotations

from tableplay import DIRECTOR, Action, Table, table_view

from .helpers import DEAL


def four_spades_by_north_led() -> Table:
    table = Table(DEAL, "N", "None")
    for call in ("1S", "P", "4S", "P", "P", "P"):
        table.apply(Action("call", table.to_play, call))
    table.apply(Action("card", "E", "CA"))  # South is dummy
    return table


def visible(table: Table, viewer: str) -> set[str]:
    return {seat for seat, hand in table_view(table, viewer)["hands"].items() if hand}


def test_a_claim_faces_the_claimers_hand_to_the_whole_table():
    table = four_spades_by_north_led()
    assert visible(table, "E") == {"E", "S"} and visible(table, "W") == {"W", "S"}
    table.apply(Action("claim", "N", "10"))
    for seat in "ESW":
        assert "N" in visible(table, seat)
        assert table_view(table, seat)["hands"]["N"] == list(table.remaining["N"])
    assert visible(table, "E") == {"E", "S", "N"}  # West's hand stays hidden
    assert table_view(table, "E")["hand_pbn"]["N"] == "AKQJ.T98.765.432"


def test_a_defenders_claim_faces_the_defenders_hand():
    table = four_spades_by_north_led()
    table.apply(Action("claim", "E", "3"))
    assert visible(table, "N") == {"N", "S", "E"}
    assert visible(table, "W") == {"W", "S", "E"}  # partner too, as at a physical table


def test_the_faced_hand_stays_faced_when_play_goes_on():
    table = four_spades_by_north_led()
    table.apply(Action("claim", "N", "13"))
    table.apply(Action("reject", "E"))
    assert "N" in visible(table, "W")  # waiting for the director
    table.apply(Action("rule", DIRECTOR, "play"))
    table.apply(Action("card", "N", "C8"))
    assert visible(table, "W") == {"W", "S", "N"}


def test_the_tricks_show_the_accepted_claim():
    table = four_spades_by_north_led()
    for card in ("C8", "C7", "C2"):  # East wins the first trick
        table.apply(Action("card", table.actor, card))
    assert table_view(table, "E")["tricks_won"] == {"NS": 0, "EW": 1}
    table.apply(Action("claim", "N", "10"))
    assert table_view(table, "E")["tricks_won"] == {"NS": 0, "EW": 1}  # not yet
    table.apply(Action("accept", "E"))
    table.apply(Action("accept", "W"))
    for seat in ("N", "E", "S", "W", None):
        assert table_view(table, seat)["tricks_won"] == {"NS": 10, "EW": 3}


def test_the_tricks_show_the_directors_ruling():
    table = four_spades_by_north_led()
    table.apply(Action("claim", "W", "4"))  # a defender's claim, the declaring side's rest
    table.apply(Action("reject", "N"))
    table.apply(Action("rule", DIRECTOR, "11"))
    assert table_view(table, "W")["tricks_won"] == {"NS": 11, "EW": 2}
