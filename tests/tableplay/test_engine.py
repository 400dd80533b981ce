"""The table engine: auction, play, claims, undo and stale messages, on fixed boards."""

from __future__ import annotations

import pytest

from tableplay import DIRECTOR, Action, Table, TableError

from .helpers import DEAL

# North holds AKQJ of spades, East the top clubs, South the top diamonds, West the top hearts.


def auction(table: Table, *calls: str) -> Table:
    for call in calls:
        table.apply(Action("call", table.to_play, call))
    return table


def refused(table: Table, action: Action, code: str) -> None:
    before = (table.version, list(table.log), list(table.moves))
    with pytest.raises(TableError) as error:
        table.apply(action)
    assert error.value.code == code
    assert (table.version, table.log, table.moves) == before


def four_spades_by_north() -> Table:
    return auction(Table(DEAL, "N", "None"), "1S", "P", "4S", "P", "P", "P")


def test_the_dealer_calls_first_then_clockwise():
    table = Table(DEAL, "E", "None")
    assert table.to_play == "E"
    refused(table, Action("call", "N", "1C"), "out_of_turn")
    table.apply(Action("call", "E", "1C"))
    assert table.to_play == "S"


@pytest.mark.parametrize(
    ("calls", "bad"),
    [
        (["1S"], "1H"),  # lower strain at the same level
        (["1S"], "1S"),  # the same bid
        ([], "X"),  # nothing to double
        (["1S"], "XX"),  # nothing doubled
        (["1S", "P"], "X"),  # partner's bid
        (["1S", "X"], "X"),  # already doubled
        (["1S", "X", "P"], "XX"),  # own side's double cannot be redoubled... by the doubler's side
        (["1S", "X", "XX"], "X"),  # redoubled: no second double
        ([], "8S"),
        ([], "1Z"),
    ],
)
def test_illegal_calls_are_refused(calls, bad):
    table = auction(Table(DEAL, "N", "None"), *calls)
    refused(table, Action("call", table.to_play, bad), "illegal_call")


def test_four_passes_pass_the_board_out():
    table = auction(Table(DEAL, "N", "NS"), "P", "P", "P", "P")
    assert table.phase == "over"
    result = table.result
    assert (result.status, result.contract, result.ns_score) == ("passed_out", "PASS", 0)


def test_declarer_is_the_first_of_the_side_to_name_the_strain():
    table = auction(Table(DEAL, "N", "None"), "1S", "P", "2H", "P", "4S", "X", "XX", "P", "P", "P")
    assert table.phase == "play"
    assert (table.declarer, table.dummy) == ("N", "S")
    assert str(table.contract.level) + table.contract.strain == "4S"
    assert table.contract.doubled == 2
    # A new bid cancels a double.
    table = auction(Table(DEAL, "N", "None"), "1S", "X", "2S", "P", "P", "P")
    assert table.contract.doubled == 0


def test_opening_lead_from_declarers_left_and_declarer_plays_dummy():
    table = four_spades_by_north()
    assert table.to_play == "E"
    refused(table, Action("card", "S", "D7"), "out_of_turn")
    refused(table, Action("card", "E", "SA"), "not_in_hand")
    table.apply(Action("card", "E", "CA"))
    assert table.to_play == "S" and table.actor == "N"  # dummy's card, declarer's choice
    refused(table, Action("card", "S", "C8"), "out_of_turn")  # dummy never acts
    refused(table, Action("card", "N", "DA"), "revoke")  # dummy holds clubs
    table.apply(Action("card", "N", "C8"))
    table.apply(Action("card", "W", "C7"))
    table.apply(Action("card", "N", "C2"))
    assert table.trick_winners == ["E"] and table.to_play == "E"


def test_trumps_win_and_the_score_follows_the_laws():
    table = four_spades_by_north()
    # East leads clubs; South ruffs? South has clubs (T98): play everything out in order.
    while table.phase == "play":
        seat = table.to_play
        hand = table.remaining[seat]
        trick = table.current_trick
        follow = [c for c in hand if trick and c[0] == trick[0][1][0]]
        table.apply(Action("card", table.actor, (follow or hand)[0]))
    result = table.result
    assert result.status == "played"
    assert result.tricks == table.tricks_won("NS")
    assert sum(table.tricks_won(s) for s in ("NS", "EW")) == 13
    expected = {10: 420, 11: 450, 12: 480, 13: 510}.get(result.tricks, -50 * (10 - result.tricks))
    assert result.ns_score == expected
    assert result.lead == table.cards[0].value


def test_a_claim_accepted_by_both_defenders_ends_the_board():
    table = four_spades_by_north()
    table.apply(Action("card", "E", "CA"))
    refused(table, Action("claim", "N", "14"), "claim_too_many")
    refused(table, Action("claim", "S", "10"), "out_of_turn")  # dummy does not claim
    table.apply(Action("claim", "N", "10"))
    refused(table, Action("card", "N", "C8"), "claim_waiting")
    refused(table, Action("accept", "S", ""), "not_yours")
    table.apply(Action("accept", "E", ""))
    assert table.phase == "play"
    table.apply(Action("accept", "W", ""))
    result = table.result
    assert (result.status, result.tricks, result.ns_score, result.claim_after) == (
        "claimed",
        10,
        420,
        1,
    )


def test_a_defenders_concession_is_answered_by_declarer():
    table = four_spades_by_north()
    table.apply(Action("claim", "E", "0"))
    table.apply(Action("accept", "N", ""))
    assert table.result.tricks == 13


def test_a_rejected_claim_waits_for_the_director():
    table = four_spades_by_north()
    table.apply(Action("claim", "N", "13"))
    table.apply(Action("reject", "W", ""))
    refused(table, Action("accept", "E", ""), "nothing_to_answer")
    refused(table, Action("rule", "N", "13"), "not_yours")
    refused(table, Action("rule", DIRECTOR, "14"), "claim_too_many")
    table.apply(Action("rule", DIRECTOR, "12"))
    assert (table.result.status, table.result.tricks) == ("ruled", 12)


def test_the_director_may_let_play_go_on():
    table = four_spades_by_north()
    table.apply(Action("claim", "N", "13"))
    table.apply(Action("reject", "E", ""))
    table.apply(Action("rule", DIRECTOR, "play"))
    table.apply(Action("card", "E", "CA"))
    assert len(table.cards) == 1


def test_undo_needs_the_opponents_consent():
    table = auction(Table(DEAL, "N", "None"), "1S", "P")
    refused(table, Action("undo", "N", ""), "nothing_to_undo")  # East called last
    table.apply(Action("undo", "E", ""))
    refused(table, Action("call", "S", "2S"), "undo_waiting")
    refused(table, Action("accept", "W", ""), "not_yours")  # partner
    table.apply(Action("accept", "N", ""))
    assert len(table.calls) == 2
    table.apply(Action("accept", "S", ""))
    assert [c.value for c in table.calls] == ["1S"] and table.to_play == "E"


def test_a_refused_undo_keeps_the_call_and_declarer_may_undo_dummys_card():
    table = four_spades_by_north()
    table.apply(Action("card", "E", "CA"))
    table.apply(Action("card", "N", "C8"))  # dummy's card
    table.apply(Action("undo", "N", ""))
    table.apply(Action("reject", "W", ""))
    assert len(table.cards) == 2
    table.apply(Action("undo", "N", ""))
    table.apply(Action("accept", "E", ""))
    table.apply(Action("accept", "W", ""))
    assert len(table.cards) == 1 and table.to_play == "S"


def test_undo_can_be_turned_off():
    table = Table(DEAL, "N", "None", undo_allowed=False)
    table.apply(Action("call", "N", "1S"))
    refused(table, Action("undo", "N", ""), "undo_off")


def test_a_stale_or_duplicated_message_is_refused():
    table = Table(DEAL, "N", "None")
    table.apply(Action("call", "N", "1S"), version=0)
    refused_version = Action("call", "N", "1S")
    with pytest.raises(TableError) as error:
        table.apply(refused_version, version=0)  # the same message again
    assert error.value.code == "stale" and table.version == 1


def test_nothing_after_the_cut():
    table = auction(Table(DEAL, "N", "None"), "1S", "P")
    refused(table, Action("cut", "N", ""), "not_yours")
    table.apply(Action("cut", DIRECTOR, ""))
    assert table.result.status == "cut" and table.result.ns_score is None
    refused(table, Action("call", "S", "P"), "board_over")


def test_replay_rebuilds_the_same_state():
    table = four_spades_by_north()
    table.apply(Action("card", "E", "CA"))
    table.apply(Action("card", "N", "C8"))  # dummy's
    table.apply(Action("card", "W", "C5"))
    table.apply(Action("undo", "W", ""))
    table.apply(Action("accept", "N", ""))
    table.apply(Action("card", "W", "C6"))
    again = Table.replay(DEAL, "N", "None", table.log)
    assert (again.version, again.moves, again.to_play) == (table.version, table.moves, "N")
    assert again.undone == table.undone == {"NS": 0, "EW": 1}


def test_the_opening_lead_cannot_be_taken_back_once_dummy_is_faced():
    """East leads, sees dummy, and may not take the lead back (docs/rules.md § Online
    play, Undo): dummy cannot be hidden again."""
    table = four_spades_by_north()
    table.apply(Action("card", "E", "CA"))
    assert table.dummy_visible
    refused(table, Action("undo", "E", ""), "undo_shown")
    table.apply(Action("card", "N", "C8"))  # dummy's first card may still be undone
    table.apply(Action("undo", "N", ""))
    table.apply(Action("accept", "E", ""))
    table.apply(Action("accept", "W", ""))
    assert [c.value for c in table.cards] == ["CA"] and table.to_play == "S"
    refused(table, Action("undo", "E", ""), "undo_shown")  # the lead is back on top


def test_a_call_or_card_before_a_claim_cannot_be_taken_back():
    """The claim faced the claimer's hand: what came before it stays (and so does the
    faced hand, after the director lets play go on)."""
    table = four_spades_by_north()
    table.apply(Action("card", "E", "CA"))
    table.apply(Action("card", "N", "C8"))
    table.apply(Action("claim", "N", "10"))
    table.apply(Action("reject", "E", ""))
    table.apply(Action("rule", DIRECTOR, "play"))
    assert table.faced == {"N"}
    refused(table, Action("undo", "N", ""), "undo_shown")
    table.apply(Action("card", "W", "C5"))
    table.apply(Action("undo", "W", ""))  # a card after the claim may be
    table.apply(Action("accept", "N", ""))
    assert len(table.cards) == 2 and table.undone == {"NS": 0, "EW": 1}


def test_a_seat_answers_a_claim_once():
    """An answer sent again, at the version it saw or the newer one, is refused and not
    logged: the claim still waits for the other defender."""
    table = four_spades_by_north()
    table.apply(Action("card", "E", "CA"))
    table.apply(Action("claim", "N", "10"))
    seen = table.version
    table.apply(Action("accept", "E", ""), version=seen)
    for version in (seen, table.version):
        with pytest.raises(TableError) as error:
            table.apply(Action("accept", "E", ""), version=version)
        assert error.value.code == "already_answered"
    refused(table, Action("reject", "E", ""), "already_answered")
    assert [a.kind for a in table.log].count("accept") == 1 and table.phase == "play"
    table.apply(Action("accept", "W", ""))
    assert table.result.status == "claimed"


def test_a_seat_answers_an_undo_once():
    table = auction(Table(DEAL, "N", "None"), "1S")
    table.apply(Action("undo", "N", ""))
    table.apply(Action("accept", "E", ""))
    refused(table, Action("accept", "E", ""), "already_answered")
    refused(table, Action("reject", "E", ""), "already_answered")
    table.apply(Action("accept", "W", ""))
    assert table.calls == [] and table.undone == {"NS": 1, "EW": 0}


def test_both_defenders_accept_a_claim_at_once():
    """Both answer from the version at which the claim was made: each answer is about
    that claim, so the second is applied, not refused as stale; a repeated answer is."""
    from tableplay import Action, Table, TableError
    from tests.tableplay.helpers import DEAL

    table = Table(DEAL, "N", "None")
    for call in ("1S", "P", "P", "P"):
        table.apply(Action("call", table.to_play, call))
    table.apply(Action("card", "E", table.remaining["E"][0]))
    table.apply(Action("claim", "N", 13), version=table.version)
    seen = table.version
    table.apply(Action("accept", "E"), version=seen)
    with pytest.raises(TableError) as refused:
        table.apply(Action("accept", "E"), version=seen)  # the same answer again
    assert refused.value.code == "already_answered"
    table.apply(Action("accept", "W"), version=seen)
    assert table.phase == "over" and table.result.tricks == 13
