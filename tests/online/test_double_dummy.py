"""A board cut during the play, scored by the tricks won plus the double-dummy result of
the rest (docs/rules.md § Online play, the clock): positions whose answer is obvious."""

from __future__ import annotations

from online.double_dummy import cut_result_double_dummy, cut_tricks_double_dummy
from tableplay import DIRECTOR, Action, Table

# North holds every spade, East every heart, South every diamond, West every club.
DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def _table(contract: str, cards: list[str]) -> Table:
    table = Table(DEAL, "N", "None")
    for seat, call in zip("NESW", [contract, "P", "P", "P"], strict=True):
        table.apply(Action("call", seat, call))
    for card in cards:
        table.apply(Action("card", table.actor, card))
    return table


def test_seven_spades_takes_every_trick_from_any_point():
    # East leads a heart; North ruffs every trick, so the rest is all North's.
    for cards in ([], ["HA"], ["HA", "DA"], ["HA", "DA", "CA", "S2", "SA"]):
        assert cut_tricks_double_dummy(_table("7S", cards)) == 13


def test_seven_notrumps_by_north_takes_nothing():
    # East's hearts run: declarer never wins a trick (cut with North's card next).
    assert cut_tricks_double_dummy(_table("7NT", ["HA", "DA", "CA"])) == 0


def test_tricks_already_won_count_and_the_score_is_a_played_boards():
    # 7S, North ruffed the first trick: one won, the other twelve double dummy.
    table = _table("7S", ["HA", "DA", "CA", "S2", "S3"])
    assert table.tricks_won("NS") == 1
    table.apply(Action("cut", DIRECTOR))
    result = cut_result_double_dummy(table)
    assert (result.contract, result.declarer, result.tricks, result.lead) == ("7S", "N", 13, "HA")
    assert result.ns_score == 1510


def test_nothing_to_score_in_the_auction():
    table = Table(DEAL, "N", "None")
    table.apply(Action("call", "N", "1S"))
    assert cut_tricks_double_dummy(table) is None
    assert cut_result_double_dummy(table) is None
