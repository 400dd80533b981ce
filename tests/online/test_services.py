"""The online table's services: the seat check, every refusal of docs/online-play.md
(the table unchanged after each), and a board's end stored as a confirmed result."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from online import services
from online.models import BoardPlay, PlayAction
from online.state import snapshot_table
from tableplay.cards import seat_next
from tests.factories import UserFactory
from tournaments import services as tournament_services
from tournaments.errors import BridgeError
from tournaments.models import Result

from .conftest import play_out, seated_table

pytestmark = pytest.mark.django_db


def refused(online, code, fn):
    """``fn`` is refused with ``code`` and the table stays as it was."""
    before = online.snapshot()
    stored = PlayAction.objects.count()
    with pytest.raises(BridgeError) as caught:
        fn()
    assert caught.value.code == code, caught.value.message
    assert online.snapshot() == before
    assert PlayAction.objects.count() == stored
    return caught.value


def to_play(online, lead_suit_for_revoke=False):
    """Bid 1C by the dealer and pass it out to the play; returns the engine."""
    engine = online.engine()
    online.act(engine.to_play, "call", "1C")
    for _ in range(3):
        online.act(online.engine().to_play, "call", "P")
    return online.engine()


def test_a_seat_sees_its_own_hand_only_and_a_director_the_whole_table(online, director):
    view = services.table_state_get(
        user=online.players["N"], event_id=online.event.pk, table_id=online.table.pk
    )
    assert view["seat"] == "N" and view["phase"] == "auction" and view["version"] == 0
    assert view["hands"]["N"] and all(view["hands"][s] is None for s in "ESW")
    assert view["deal"] is None and view["board_number"] == 1
    whole = services.table_state_get(
        user=director, event_id=online.event.pk, table_id=online.table.pk
    )
    assert whole["seat"] is None and all(whole["hands"][s] for s in "NESW")


def test_an_outsider_is_refused_before_anything_is_said(online):
    outsider = UserFactory()
    with pytest.raises(BridgeError) as caught:
        services.table_state_get(user=outsider, event_id=online.event.pk, table_id=online.table.pk)
    assert caught.value.code == "not_seated" and caught.value.status == 403
    refused(online, "not_seated", lambda: online.act("N", "call", "1C", user=outsider))


def test_acting_for_another_seat_is_refused(online):
    dealer = online.engine().to_play
    other = seat_next(dealer)
    refused(online, "not_seated", lambda: online.act(other, "call", "1C", seat=dealer))


def test_a_call_out_of_turn_and_an_illegal_call_are_refused(online):
    dealer = online.engine().to_play
    refused(online, "out_of_turn", lambda: online.act(seat_next(dealer), "call", "1C"))
    online.act(dealer, "call", "2H")
    refused(online, "illegal_call", lambda: online.act(seat_next(dealer), "call", "1S"))
    refused(online, "illegal_call", lambda: online.act(seat_next(dealer), "call", "XX"))
    refused(online, "illegal_call", lambda: online.act(seat_next(dealer), "call", "8NT"))
    err = refused(online, "illegal_call", lambda: online.act(seat_next(dealer), "call", "X" * 40))
    assert err.status == 400


def test_a_card_not_in_hand_a_revoke_and_a_claim_of_too_many_are_refused(online):
    engine = to_play(online)
    leader = engine.to_play
    hands = engine.remaining
    # a lead that the next seat can follow while it holds another suit too
    nxt = seat_next(leader)
    lead = next(
        c for c in hands[leader]
        if any(d[0] == c[0] for d in hands[nxt]) and any(d[0] != c[0] for d in hands[nxt])
    )  # fmt: skip
    not_held = next(c for c in hands[nxt] if True)
    refused(online, "not_in_hand", lambda: online.act(leader, "card", not_held))
    refused(online, "out_of_turn", lambda: online.act(nxt, "card", hands[nxt][0]))
    online.act(leader, "card", lead)
    engine = online.engine()
    actor = engine.actor  # declarer plays dummy's card
    off_suit = next(c for c in engine.remaining[nxt] if c[0] != lead[0])
    refused(online, "revoke", lambda: online.act(actor, "card", off_suit))
    refused(online, "claim_too_many", lambda: online.act(engine.declarer, "claim", 14))


def test_an_answer_by_a_seat_that_does_not_answer_is_refused(online):
    engine = to_play(online)
    declarer = engine.declarer
    online.act(engine.to_play, "card", engine.remaining[engine.to_play][0])
    online.act(declarer, "claim", 12)
    partner_of_declarer = seat_next(declarer, 2)
    refused(online, "not_yours", lambda: online.act(partner_of_declarer, "accept"))


def test_a_replayed_or_duplicated_message_is_applied_once(online):
    dealer = online.engine().to_play
    online.act(dealer, "call", "1C", version=0)
    refused(online, "stale", lambda: online.act(dealer, "call", "1C", version=0))
    refused(online, "stale", lambda: online.act(seat_next(dealer), "call", "P", version=0))
    err = refused(online, "stale", lambda: online.act(seat_next(dealer), "call", "P", version=7))
    assert err.status == 409
    assert list(PlayAction.objects.values_list("seq", "kind", "value")) == [(1, "call", "1C")]


def test_an_unknown_action_and_a_value_of_the_wrong_type_are_refused(online):
    dealer = online.engine().to_play
    refused(online, "bad_action", lambda: online.act(dealer, "shout", "1C"))
    refused(online, "bad_message", lambda: online.act(dealer, "call", ["1C"]))
    refused(online, "not_yours", lambda: online.act(dealer, "rule", "9"))


def test_nothing_is_played_after_the_round_s_end_even_before_the_cut(online):
    dealer = online.engine().to_play
    rnd = online.table.round
    later = rnd.ends_at + timedelta(seconds=1)
    refused(online, "round_over", lambda: online.act(dealer, "call", "1C", now=later))
    tournament_services.round_close(event=online.event, number=1, open_next=False)
    err = refused(online, "round_over", lambda: online.act(dealer, "call", "1C", version=0))
    assert err.status == 409


def test_undo_is_refused_when_the_event_turns_it_off(make_event):
    event = make_event(pairs=4, start=True, online_play=True)
    event.undo_allowed = False
    event.save(update_fields=["undo_allowed"])
    online = seated_table(event)
    dealer = online.engine().to_play
    online.act(dealer, "call", "1C")
    refused(online, "undo_off", lambda: online.act(dealer, "undo"))


def test_an_undo_accepted_by_both_opponents_takes_the_call_back(online):
    dealer = online.engine().to_play
    online.act(dealer, "call", "1C")
    online.act(dealer, "undo")
    online.act(seat_next(dealer), "accept")
    view = online.act(seat_next(dealer, 3), "accept")
    assert view["auction"] == [] and view["version"] == 4 and view["undo"] is None
    assert PlayAction.objects.count() == 4  # every action kept, in order


def test_a_played_board_stores_a_confirmed_result_with_auction_and_play_then_the_next_starts(
    online,
):
    rng = random.Random(5)
    first = online.snapshot()
    play_out(online, rng)
    play = BoardPlay.objects.get(table=online.table, board_id=first["board"])
    assert play.status == BoardPlay.Status.OVER and play.ended_at is not None
    result = Result.objects.get(table=online.table, board_id=first["board"])
    assert play.result == result
    assert result.status == Result.Status.PLAYED and result.confirmed_at is not None
    engine = snapshot_table(
        {
            **first,
            "actions": [
                list(a) for a in play.actions.values_list("seat", "kind", "value", "alert")
            ],
        }
    )
    outcome = engine.result
    assert result.ns_score == outcome.ns_score
    assert result.contract == outcome.contract
    if outcome.contract != "PASS":
        assert result.tricks == outcome.tricks and result.lead == outcome.lead
        assert result.play.startswith(seat_next(outcome.declarer) + ":")
        assert len(result.play.split(":")[1].split()) == 52
    assert result.auction.startswith(first["dealer"] + ":")
    # the next board starts by itself, the version running on
    second = online.snapshot()
    assert second["board"] != first["board"] and second["board_number"] == 2
    assert second["base_version"] == play.version and second["actions"] == []
    dealer = snapshot_table(second).to_play
    view = online.act(dealer, "call", "1NT", version=play.version)
    assert view["version"] == play.version + 1 and view["board_number"] == 2


def test_the_last_board_ends_the_round_at_the_table(online):
    rng = random.Random(9)
    play_out(online, rng)
    play_out(online, rng)
    snap = online.snapshot()
    assert snap["next"]["round_over"] is True and snap["next"]["where"] == ""
    assert set(snap["next"]["seats"]) == set("NESW")  # where each seat goes next
    assert Result.objects.filter(table=online.table, status=Result.Status.PLAYED).count() == 2
    refused(
        online, "board_over", lambda: online.act("N", "call", "1C", version=snap["base_version"])
    )


def test_a_passed_out_board_scores_zero(online):
    for _ in range(4):
        online.act(online.engine().to_play, "call", "P")
    result = Result.objects.get(table=online.table)
    assert result.contract == "PASS" and result.ns_score == 0 and result.confirmed_at
    assert result.auction.endswith(":Pass Pass Pass Pass")


def test_an_accepted_claim_ends_the_board(online):
    engine = to_play(online)
    declarer = engine.declarer
    online.act(engine.to_play, "card", engine.remaining[engine.to_play][0])
    online.act(declarer, "claim", 7)
    defenders = [seat_next(declarer), seat_next(declarer, 3)]
    online.act(defenders[0], "accept")
    view = online.act(defenders[1], "accept")
    assert view["phase"] == "over" and view["result"]["status"] == "claimed"
    assert view["next"]["board_number"] == 2
    result = Result.objects.get(table=online.table)
    assert result.tricks == 7 and result.confirmed_at is not None


def test_the_director_rules_a_rejected_claim(online, director):
    engine = to_play(online)
    declarer = engine.declarer
    online.act(engine.to_play, "card", engine.remaining[engine.to_play][0])
    online.act(declarer, "claim", 13)
    online.act(seat_next(declarer), "reject")
    online.act(declarer, "rule", "8", user=director)
    result = Result.objects.get(table=online.table)
    assert result.tricks == 8 and result.status == Result.Status.PLAYED
    assert PlayAction.objects.filter(kind="rule", seat="D", user=director).count() == 1


def test_the_round_s_cut_cuts_the_boards_in_play_with_what_was_played(online):
    dealer = online.engine().to_play
    online.act(dealer, "call", "1C")
    online.act(seat_next(dealer), "call", "P")
    tournament_services.round_close(event=online.event, number=1, open_next=False)
    play = BoardPlay.objects.get(table=online.table)
    assert play.status == BoardPlay.Status.CUT
    assert list(play.actions.values_list("kind", "seat"))[-1] == ("cut", "D")
    cut = Result.objects.get(table=online.table, board=play.board)
    assert cut.status == Result.Status.CUT and cut.ns_score is None
    assert cut.entered_by is None and cut.auction == f"{dealer}:1C Pass"
    assert play.result == cut
    # the board not started is cut by the close as any unplayed board
    assert Result.objects.filter(table=online.table, status=Result.Status.CUT).count() == 2


def test_an_action_s_queries_are_bounded(online, django_assert_max_num_queries):
    dealer = online.engine().to_play
    online.act(dealer, "call", "1C")
    version = online.engine().version
    with django_assert_max_num_queries(11):
        online.act(seat_next(dealer), "call", "P", version=version)


def test_the_snapshot_is_what_a_restart_rebuilds(online):
    rng = random.Random(3)
    engine = online.engine()
    for _ in range(6):
        online.act(engine.to_play, "call", "P" if engine.calls else "1NT")
        engine = online.engine()
        if engine.phase != "auction":
            break
    assert online.engine().version == BoardPlay.objects.get(table=online.table).version_now()
    assert rng  # the state is only what is stored
    assert timezone.now()


def test_the_director_turns_undo_off_while_the_event_runs(online, director):
    tournament_services.event_update(event=online.event, director=director, undo_allowed=False)
    dealer = online.engine().to_play
    online.act(dealer, "call", "1C")
    refused(online, "undo_off", lambda: online.act(dealer, "undo"))


def test_reading_the_table_costs_a_few_queries(online, django_assert_max_num_queries):
    online.act(online.engine().to_play, "call", "1C")
    with django_assert_max_num_queries(10):
        services.table_state_get(
            user=online.players["N"], event_id=online.event.pk, table_id=online.table.pk
        )
