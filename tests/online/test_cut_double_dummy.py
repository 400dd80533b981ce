"""A board the round's cut stops during the play, with the director's setting on, is
scored by the tricks already won plus the double-dummy result of the rest (docs/rules.md
§ Online play, the clock); off, it is cut as any unfinished board."""

from __future__ import annotations

import pytest

from online.models import BoardPlay
from tournaments import services as tournament_services
from tournaments.models import Board, Result

pytestmark = pytest.mark.django_db

# North holds every spade, East every heart, South every diamond, West every club.
DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def _seven_spades_cut_after_one_trick(online, *, dd: bool) -> Result:
    online.event.cut_double_dummy = dd
    online.event.save(update_fields=["cut_double_dummy"])
    board_id = online.snapshot()["board"]
    Board.objects.filter(pk=board_id).update(deal=DEAL, dealer="N")
    for seat, call in zip("NESW", ["7S", "P", "P", "P"], strict=True):
        online.act(seat, "call", call)
    for seat, card in (("E", "HA"), ("N", "DA"), ("W", "CA"), ("N", "S2"), ("N", "SA")):
        online.act(seat, "card", card)  # declarer plays dummy's (South's) cards
    tournament_services.round_close(event=online.event, number=1, open_next=False)
    return Result.objects.get(table=online.table, board_id=board_id)


def test_on_the_cut_board_gets_a_played_confirmed_result_double_dummy(online):
    result = _seven_spades_cut_after_one_trick(online, dd=True)
    assert result.status == Result.Status.PLAYED and result.confirmed_at is not None
    assert (result.contract, result.declarer, result.tricks) == ("7S", "N", 13)
    assert result.ns_score in (1510, 2210)
    assert result.auction == "N:7S Pass Pass Pass"
    assert result.play.startswith("E:HA DA CA S2 ")  # the play so far is kept
    play = BoardPlay.objects.get(table=online.table, board_id=result.board_id)
    assert play.result == result and play.status != BoardPlay.Status.PLAYING


def test_off_the_cut_board_is_cut_with_no_score(online):
    result = _seven_spades_cut_after_one_trick(online, dd=False)
    assert result.status == Result.Status.CUT and result.ns_score is None
    assert result.play.startswith("E:HA DA CA S2 ")


def test_on_a_board_cut_in_the_auction_is_cut_as_before(online):
    online.event.cut_double_dummy = True
    online.event.save(update_fields=["cut_double_dummy"])
    dealer = online.engine().to_play
    online.act(dealer, "call", "1C")
    tournament_services.round_close(event=online.event, number=1, open_next=False)
    result = Result.objects.get(table=online.table, board_id=online.snapshot()["board"])
    assert result.status == Result.Status.CUT and result.ns_score is None
