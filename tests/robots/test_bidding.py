"""The robots' bidding (docs/rules.md § Robots): the system's main calls, and on any deal
every call is legal and the auction ends."""

from __future__ import annotations

import random

import pytest

from robots import robot_act
from robots.bidding import call_choose, hand_shape, hcp_range
from tableplay import Table
from tableplay.views import table_view
from tests.tableplay.helpers import random_deal


def _hand(pbn: str) -> list[str]:
    return [
        suit + rank for suit, ranks in zip("SHDC", pbn.split("."), strict=True) for rank in ranks
    ]


def _call(auction: list[str], pbn: str, dealer: str = "N") -> str:
    """The call of the seat to act after ``auction`` (from ``dealer``), holding ``pbn``."""
    seats = "NESW"
    start = seats.index(dealer)
    me = seats[(start + len(auction)) % 4]
    view = {
        "to_play": me,
        "hands": {me: _hand(pbn)},
        "auction": [{"seat": seats[(start + i) % 4], "call": c} for i, c in enumerate(auction)],
        "legal": {
            "calls": ["P", "X", "XX"]
            + [f"{n}{s}" for n in range(1, 8) for s in ("C", "D", "H", "S", "NT")]
        },
    }
    return call_choose(view)


def test_hand_shape():
    assert hand_shape(_hand("AKQ2.K32.K32.432")) == (15, {"S": 4, "H": 3, "D": 3, "C": 3}, True)
    assert hand_shape(_hand("AKQ32.K32.Q32.43"))[2] is True
    assert hand_shape(_hand("AKQ32.K3.Q3.5432"))[2] is False


@pytest.mark.parametrize(
    ("auction", "hand", "call"),
    [
        ([], "AKQ2.K32.K32.432", "1NT"),  # 15-17 balanced
        ([], "AK432.K32.Q32.43", "1S"),  # five-card major
        ([], "AK32.K32.Q32.432", "1C"),  # no five-card major, 3-3 minors
        ([], "AK32.K2.Q432.432", "1D"),  # 4-3 minors: the longer
        ([], "AKQ2.AK2.AQ2.K32", "2C"),  # 22+
        ([], "AKQ2.AK2.Q32.K32", "2NT"),  # 20-21 balanced
        ([], "32.KQJ932.32.432", "2H"),  # weak two
        ([], "2.32.KQJ9432.432", "3D"),  # preempt
        ([], "32.Q432.Q32.5432", "P"),
        (["1NT", "P"], "K432.Q432.K2.432", "2C"),  # Stayman
        (["1NT", "P", "2C", "P"], "AQ2.K432.K32.432", "2H"),  # Stayman answer
        (["1NT", "P", "2C", "P"], "AQ2.K32.K432.432", "2D"),
        (["1NT", "P"], "32.Q32.K432.Q432", "P"),
        (["1NT", "P"], "K32.Q32.K432.Q43", "3NT"),
        (["1H", "P"], "K32.Q32.K432.432", "2H"),  # simple raise
        (["1H", "P"], "KQ32.32.K432.432", "1S"),  # new suit at one level
        (["1S", "P"], "32.Q32.K432.Q432", "1NT"),
        (["2C", "P"], "32.32.5432.65432", "2D"),  # waiting
        (["1S", "P", "2S", "P"], "AKQ32.AK2.A32.32", "4S"),  # opener with 19+
        (["1H"], "KQJ32.32.K432.32", "1S"),  # overcall
        (["1H"], "AQ32.2.K432.KJ32", "X"),  # takeout double
    ],
)
def test_the_systems_calls(auction, hand, call):
    assert _call(auction, hand) == call


def test_a_call_that_is_not_legal_becomes_a_pass():
    view = {
        "to_play": "E",
        "hands": {"E": _hand("AKQ2.K32.Q32.432")},
        "auction": [{"seat": "N", "call": "2NT"}],
        "legal": {"calls": ["P", "3C"]},
    }
    assert call_choose(view) == "P"


def test_every_call_is_legal_and_every_auction_ends():
    rng = random.Random(27)
    for number in range(300):
        table = Table(random_deal(rng), "NESW"[number % 4], "None")
        while table.phase == "auction":
            view = table_view(table, table.actor)
            action = robot_act(view)
            assert action.kind == "call" and action.value in view["legal"]["calls"]
            table.apply(action)
        assert len(table.calls) <= 40


@pytest.mark.parametrize(
    ("auction", "seat", "points"),
    [
        ([("N", "1NT")], "N", (15, 17)),
        ([("N", "P"), ("E", "1H")], "N", (0, 11)),
        ([("N", "P"), ("E", "1H")], "E", (10, 21)),
        ([("N", "2S")], "N", (5, 10)),
        ([("N", "1H"), ("E", "1S")], "E", (8, 17)),
        ([("N", "1H"), ("E", "X")], "E", (11, 37)),
        ([("N", "1H"), ("E", "P"), ("S", "2H")], "S", (4, 9)),
        ([("N", "1H"), ("E", "P"), ("S", "P")], "S", (0, 5)),
        ([("N", "1H"), ("E", "P")], "E", (0, 17)),  # no overcall: 18 or more doubles
        ([("N", "1H")], "S", (0, 37)),
    ],
)
def test_the_points_a_first_call_shows(auction, seat, points):
    assert hcp_range(auction, seat) == points


@pytest.mark.parametrize(("hand", "call"), [("K32.Q432.K432.J2", "4S"), ("K32.5432.Q432.32", "P")])
def test_an_invitation_is_accepted_with_a_maximum(hand, call):
    assert _call(["1S", "P", "2S", "P", "3S", "P"], hand) == call
