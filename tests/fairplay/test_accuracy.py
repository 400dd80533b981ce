"""A player's accuracy (docs/rules.md § Accuracy and fair play) on a small fixture
worked out by hand: two boards at Alice's table, the same two at a second table (the
field), and a third table where a robot held West."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.robots import robot_user
from online.models import BoardPlay, PlayAction
from ratings.models import LeadAnalysis
from tests.factories import BoardFactory, EventFactory, RoundFactory, TableFactory, UserFactory
from tournaments.models import Event

from .conftest import analysed, pair

pytestmark = pytest.mark.django_db


@pytest.fixture
def boards():
    event = EventFactory(status=Event.Status.FINISHED)
    rnd = RoundFactory(event=event, number=1)
    people = {name: UserFactory(username=name) for name in "alice bob carol dave".split()}
    others = [UserFactory() for _ in range(8)]
    robot = robot_user("W")
    b1 = BoardFactory(round=rnd, event=event, number=1, par_score=420)
    b2 = BoardFactory(round=rnd, event=event, number=2, par_score=-620)
    mine = TableFactory(
        round=rnd, event=event, number=1,
        ns=pair(event, people["alice"], people["bob"]),
        ew=pair(event, people["carol"], people["dave"]),
    )  # fmt: skip
    field = TableFactory(
        round=rnd, event=event, number=2,
        ns=pair(event, others[0], others[1]), ew=pair(event, others[2], others[3]),
    )  # fmt: skip
    robots = TableFactory(
        round=rnd, event=event, number=3,
        ns=pair(event, others[4], others[5]), ew=pair(event, others[6], others[7]),
    )  # fmt: skip
    # Alice (N) declares board 1: seats E S W N | N E S W; her own second card (N) costs a
    # trick, and West's and East's defence one each.
    analysed(mine, b1, declarer="N", costs=[0, 0, 1, 0, 1, 1, 0, 0])
    # East declares board 2: seats S W N E | E S W N; Bob's (S) opening lead costs one.
    analysed(mine, b2, declarer="E", costs=[1, 0, 0, 0, 0, 0, 0, 0])
    # The field: nothing lost at table 2; NS there score par on board 2 (−620).
    analysed(field, b1, declarer="N", costs=[0] * 8)
    analysed(field, b2, declarer="E", costs=[0] * 8, ns_score=-620)
    # Table 3: the robot held West on board 1 and lost a trick with its first card.
    result = analysed(robots, b1, declarer="N", costs=[0, 0, 1, 0, 0, 0, 0, 0])
    play = BoardPlay.objects.create(table=robots, board=b1, result=result)
    PlayAction.objects.create(play=play, seq=1, seat="W", kind="card", value="CA", user=robot)
    LeadAnalysis.objects.create(
        board=b2, strain="H", leader="S", tricks={"DA": 3, "DK": 4}, best=4
    )  # Bob's lead mattered
    return people


def test_the_figures_of_a_declarer_and_defender(boards):
    from fairplay.accuracy import player_accuracy

    figures = player_accuracy(player=boards["alice"])
    me = figures["total"]["player"]
    assert figures["boards"] == 2
    # as declarer: S, N, N, S of board 1 (dummy's included), one error
    assert (me["declarer_cards"], me["declarer_errors"], me["declarer_rate"]) == (4, 1, 25.0)
    # in defence on board 2: North's two cards, no error; no opening lead of hers
    assert (me["defender_cards"], me["defender_errors"], me["leads"]) == (2, 0, 0)
    assert me["ddolar"] is None
    # par: board 1 420 = par (0 IMPs), board 2 −420 against −620 (+200: 5 IMPs)
    assert (me["par_boards"], me["par_mean"]) == (2, 2.5)
    field = figures["total"]["field"]
    # four declarer's cards at table 2 on each board, and at table 3 on board 1
    assert (field["declarer_cards"], field["declarer_errors"]) == (4 + 4 + 4, 0)
    # the robot's West cards are not the field's: table 3's defence is East's one card
    assert (field["defender_cards"], field["defender_errors"]) == (3 + 3 + 1, 0)
    # the field's NS: 0 IMPs on board 1 (table 2), 0 on board 2 (par)
    assert field["par_mean"] == 0.0
    robots = figures["total"]["robots"]
    assert (robots["defender_cards"], robots["defender_errors"]) == (2, 1)
    assert len(figures["weeks"]) == 1


def test_an_opening_lead_that_cost_a_trick_where_the_lead_mattered(boards):
    from fairplay.accuracy import player_accuracy

    me = player_accuracy(player=boards["bob"])["total"]["player"]
    assert (me["leads"], me["ddolar"], me["adjusted_leads"], me["addolar"]) == (1, 0.0, 1, 0.0)
    carol = player_accuracy(player=boards["carol"])["total"]["player"]
    # Carol's lead on board 1 cost nothing; no solved alternatives there: out of ADDOLAR
    assert (carol["leads"], carol["ddolar"], carol["adjusted_leads"]) == (1, 100.0, 0)
    # her defence on board 1: East's second card, an error
    assert (carol["defender_cards"], carol["defender_errors"]) == (1, 1)


def test_the_page_and_the_api_show_them(boards, client):
    page = client.get(reverse("fairplay:player_accuracy", args=["alice"]))
    assert page.status_code == 200
    assert b'data-figure="declarer"' in page.content and b"25.0%" in page.content
    assert b"<svg" in page.content
    api = client.get(reverse("api-player-accuracy", args=["alice"]))
    assert api.status_code == 200
    assert api.json()["total"]["player"]["declarer_rate"] == 25.0
    assert client.get(reverse("api-player-accuracy", args=["nobody"])).status_code == 404
    profile = client.get(reverse("ratings:player_detail", args=["alice"]))
    assert reverse("fairplay:player_accuracy", args=["alice"]).encode() in profile.content


@pytest.mark.parametrize("seed", range(6))
def test_a_sides_seats_add_up_to_the_sides_counts_of_the_analysis(seed):
    """Seat by seat (fairplay.cards) and side by side (analysis.stats) count alike."""
    import random

    from analysis.stats import BoardCosts, board_counts, card_seats
    from fairplay.cards import board_play
    from tableplay.records import play_tricks

    from .conftest import PLAY_E, PLAY_N

    rng = random.Random(seed)
    for contract, declarer, play in (("4S", "N", PLAY_N), ("4H", "E", PLAY_E)):
        costs = [rng.choice((0, 0, 1, 2)) for _ in range(8)]
        seats = board_play(contract=contract, declarer=declarer, play=play, card_costs=costs)
        order = [card for trick in play_tricks(play, contract[1]) for _seat, card in trick.cards]
        for side in ("NS", "EW"):
            theirs = board_counts(
                BoardCosts(side, declarer, card_seats(contract, declarer, order), costs)
            )
            mine = seats.side(side)
            assert theirs == {
                "leads": int(mine.lead is not None),
                "leads_dd_ok": int(bool(mine.lead)),
                "declarer_cards": mine.declarer_cards,
                "declarer_errors": mine.declarer_errors,
                "defender_cards": mine.defender_cards,
                "defender_errors": mine.defender_errors,
            }


def test_the_robots_three_seats_of_a_practice_board_count_for_the_robots(boards):
    """A practice board (the player South, robots elsewhere) of board 1: the robots'
    North declares (N and S cards both declarer's), East and West defend."""
    from django.utils import timezone

    from analysis.models import BoardAnalysis
    from fairplay.robots import robots_week
    from practice.models import PracticeBoard, PracticeSession
    from ratings.weeks import week_of
    from tournaments.models import Board

    board = Board.objects.get(number=1)
    session = PracticeSession.objects.create(player=boards["alice"], event=board.event, seat="S")
    played = ["HA", "DA", "CA", "SA", "SK", "HK", "DK", "CK"]  # E S W N | N E S W
    seats = "ESWNNESW"
    row = PracticeBoard.objects.create(
        session=session, board=board, position=1, status=PracticeBoard.Status.OVER,
        contract="4S", declarer="N", tricks=10, ns_score=420, ended_at=timezone.now(),
        actions=[[s, "card", c, ""] for s, c in zip(seats, played, strict=True)],
    )  # fmt: skip
    BoardAnalysis.objects.create(practice_board=row, card_costs=[1, 1, 0, 0, 1, 0, 0, 1])
    tally = robots_week(week_of(timezone.now()))
    # the event's robot (West, table 3): 2 defender cards, 1 error; practice: East's lead
    # (costs 1), West's and East's defence (W 0, E 0, W 1), and the declarer's four
    # cards (S 1, N 0, N 1, S 0): the robot North plays dummy's (the player's South)
    assert (tally.leads, tally.leads_ok) == (1, 0)
    assert (tally.defender_cards, tally.defender_errors) == (2 + 3, 1 + 1)
    assert (tally.declarer_cards, tally.declarer_errors) == (4, 2)
    assert tally.par_boards == 1  # East-West, both robots, on the practice board
