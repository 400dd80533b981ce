"""The robots' system described once as data (docs/rules.md § Robots, *Its bidding
system*): key sequences, alerts and explanations read from the same rules, the sampling
reading every call, and the system card."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse

from bench.bench_bidding import auction_bid
from robots import robot_act
from robots.bidding import call_decide, shown
from robots.explain import meaning_render, meaning_text
from robots.sampling import layout_sample, view_known
from robots.system import call_meaning, call_pick, hand_read
from robots.system.rules import PASS_RULE, RULES
from tableplay import Table
from tableplay.views import table_view
from tests.tableplay.helpers import random_deal

LEGAL = ["P", "X", "XX"] + [f"{n}{s}" for n in range(1, 8) for s in ("C", "D", "H", "S", "NT")]


def _hand(pbn: str) -> list[str]:
    return [suit + rank for suit, part in zip("SHDC", pbn.split("."), strict=True) for rank in part]


def _decide(auction: list[str], pbn: str, dealer: str = "N") -> tuple[str, str]:
    """The call and alert of the seat to act after ``auction`` (from ``dealer``)."""
    seats = "NESW"
    start = seats.index(dealer)
    me = seats[(start + len(auction)) % 4]
    entries = [{"seat": seats[(start + i) % 4], "call": c} for i, c in enumerate(auction)]
    view = {"to_play": me, "hands": {me: _hand(pbn)}, "auction": entries,
            "legal": {"calls": LEGAL}}  # fmt: skip
    return call_decide(view)


@pytest.mark.parametrize(
    ("auction", "hand", "call"),
    [
        # Stayman: asked, answered, and game in the fit
        (["1NT", "P"], "K432.Q432.K2.432", "2C"),
        (["1NT", "P", "2C", "P"], "AQ2.K432.K32.A32", "2H"),
        (["1NT", "P", "2C", "P"], "AQ32.K32.K32.A32", "2S"),
        (["1NT", "P", "2C", "P"], "AQ2.K32.K432.A32", "2D"),
        (["1NT", "P", "2C", "P", "2H", "P"], "K32.Q432.K2.A432", "4H"),
        (["1NT", "P", "2C", "P", "2D", "P"], "K432.Q432.K2.A32", "3NT"),
        # Jacoby transfers: a weak hand transfers and passes
        (["1NT", "P"], "32.Q8432.32.5432", "2D"),
        (["1NT", "P"], "Q8432.32.32.5432", "2H"),
        (["1NT", "P", "2D", "P"], "AQ2.K32.K432.A32", "2H"),
        (["1NT", "P", "2D", "P", "2H", "P"], "32.Q8432.32.5432", "P"),
        (["1NT", "P", "2H", "P", "2S", "P"], "KQ8432.A2.32.K32", "4S"),
        # Jacoby 2NT, then RKCB 1430 and its answers
        (["1S", "P"], "KQ32.A32.K32.K32", "2NT"),
        (["1S", "P", "2NT", "P"], "AJ932.KQ2.A2.AQ2", "3S"),
        (["1S", "P", "2NT", "P", "3S", "P"], "KQ32.A32.K32.K32", "4NT"),
        (["1S", "P", "2NT", "P", "3S", "P", "4NT", "P"], "AJ932.KQ2.A2.AQ2", "5D"),  # 3
        (["1S", "P", "2NT", "P", "3S", "P", "4NT", "P"], "AJ932.KQ2.Q2.KQ2", "5C"),  # 1
        (["1S", "P", "2NT", "P", "3S", "P", "4NT", "P"], "AJ932.KQ2.A2.KQ2", "5H"),  # 2
        (["1S", "P", "2NT", "P", "3S", "P", "4NT", "P"], "AQ932.KQ2.A2.KJ2", "5S"),  # 2 + Q
        # asker: two key cards missing signs off, one missing bids six
        (["1S", "P", "2NT", "P", "3S", "P", "4NT", "P", "5C", "P"], "KQ32.A32.K32.K32", "5S"),
        (["1S", "P", "2NT", "P", "3S", "P", "4NT", "P", "5H", "P"], "KQ32.A32.K32.K32", "6S"),
        # the trump queen ask over 5C, and its answers (with the queen: six)
        (["1S", "P", "2NT", "P", "3S", "P", "4NT", "P", "5C", "P"], "AK32.A32.A32.K32", "5D"),
        (
            ["1S", "P", "2NT", "P", "3S", "P", "4NT", "P", "5C", "P", "5D", "P"],
            "AQJ932.KQ2.2.Q32",
            "6S",
        ),
        (
            ["1S", "P", "2NT", "P", "3S", "P", "4NT", "P", "5C", "P", "5D", "P"],
            "AJ9832.KQ2.2.Q32",
            "5S",
        ),
        # negative double, takeout double and its advance (a 0-count does not pass)
        (["1C", "1H"], "KQ32.32.K432.432", "X"),
        (["1H"], "AQ32.2.K432.KJ32", "X"),
        (["1H", "X", "P"], "5432.432.5432.32", "1S"),
        (["2H", "X", "P"], "432.5432.5432.32", "3D"),
        # overcalls at every level, including over a preempt
        (["1H"], "KQJ32.32.K432.32", "1S"),
        (["3H"], "AKQJ32.32.A43.K2", "4S"),
        (["2H"], "32.32.AKQ932.AK2", "3D"),
        # responses, rebids, invitations
        (["1H", "P"], "K32.Q32.K432.432", "2H"),
        (["1H", "P"], "K32.Q432.AK43.A2", "2NT"),
        (["1S", "P", "2S", "P", "3S", "P"], "K32.Q432.K432.J2", "4S"),
        (["1D", "P", "1S", "P"], "A2.AK32.KQ432.32", "2H"),  # a reverse
        (["2C", "P"], "32.32.5432.65432", "2D"),
        ([], "AKQ2.AK2.AQ2.K32", "2C"),
        ([], "32.KQJ932.32.432", "2H"),
        ([], ".KQJ62.AKQT74.54", "1D"),  # six diamonds and five hearts: the longer first
        (["1D", "P", "1S", "P"], ".KQJ62.AKQT74.K4", "2H"),  # then the hearts, a reverse
    ],
)
def test_key_sequences(auction, hand, call):
    assert _decide(auction, hand)[0] == call


def test_an_artificial_call_is_alerted_with_its_explanation():
    call, alert = _decide(["1NT", "P"], "K432.Q432.K2.432")
    assert call == "2C" and alert.startswith("Stayman") and "8 or more points" in alert
    assert alert == meaning_text(["1NT", "P"], "N", "2C")
    natural, none = _decide([], "AKQ2.K32.K32.432")
    assert natural == "1NT" and none == ""


def test_a_slam_is_reached_on_a_deal_with_the_values_for_it():
    # North 20 balanced with five spades, South 13 and four spades: 33 points, all the
    # key cards: the robots ask with 4NT and bid the slam.
    deal = "N:AJ932.KQ2.A2.AQ2 T54.J54.QJ54.J54 KQ86.A83.K83.K83 7.T976.T976.T976"
    auction, _times = auction_bid(deal, "N", "None")
    assert "4NT" in auction
    contract = [c for c in auction if c not in ("P", "X", "XX")][-1]
    assert contract in ("6S", "7S", "6NT", "7NT")


def test_every_explanation_comes_from_the_system_data():
    """Over many robot auctions, every call's explanation is rendered from a rule of the
    system (its label first), and an alerted call's alert is that explanation."""
    rng = random.Random(11)
    rules = {id(one) for one in RULES} | {id(PASS_RULE)}
    for number in range(60):
        table = Table(random_deal(rng), "NESW"[number % 4], "None")
        while table.phase == "auction":
            view = table_view(table, table.actor)
            calls = [entry["call"] for entry in view["auction"]]
            dealer = table.dealer
            me = view["to_play"]
            legal = set(view["legal"]["calls"])
            call, rule = call_pick(calls, dealer, hand_read(view["hands"][me]), legal)
            assert id(rule) in rules
            meaning = call_meaning(calls, dealer, call)
            text = meaning_render(meaning)
            if meaning.rule is not None:
                assert id(meaning.rule) in rules and text.startswith(meaning.rule.label)
            action = robot_act(view)
            assert action.value == call
            artificial = meaning.rule is not None and meaning.rule.artificial
            assert action.alert == (text if artificial else "")
            table.apply(action)


def test_the_sampling_reads_what_every_call_showed():
    """A transfer shows five hearts: the samples give the transferring hand five or more
    hearts, and the no trump opener 15–17 points (both sides' calls are read)."""
    auction = [("N", "1NT"), ("E", "P"), ("S", "2D"), ("W", "P"), ("N", "2H"), ("E", "P")]
    (_points, lengths) = shown(auction, "S")
    assert lengths["H"][0] >= 5
    assert shown(auction, "N")[0] == (15, 17)
    deal = "N:AQ2.K32.K432.A32 KJ5.AQ5.QJT.KJ54 43.J8764.765.Q76 T9876.T9.A98.T98"
    table = Table(deal, "N", "None")
    for seat, call in auction + [("S", "P"), ("W", "P")]:
        table.apply(_call(seat, call))
    known = view_known(table_view(table, "E"))  # East to lead: North, South, West unseen
    sample_rng = random.Random(4)
    for _ in range(10):
        hands = layout_sample(known, sample_rng)
        assert sum(card[0] == "H" for card in hands["S"]) >= 5
        assert 15 <= sum(4 - "AKQJ".index(c[1]) for c in hands["N"] if c[1] in "AKQJ") <= 17


def _call(seat: str, call: str):
    from tableplay.engine import Action

    return Action("call", seat, call)


@pytest.mark.django_db
def test_the_system_card_page_and_api_list_the_rules(client):
    page = client.get(reverse("robots:system"))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Stayman" in text and "Roman Key Card Blackwood" in text
    chinese = client.get(reverse("robots:system"), HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert "斯台曼" in chinese.content.decode()
    api = client.get(reverse("api-robots-system"))
    assert api.status_code == 200
    card = api.json()
    assert sum(len(section["rules"]) for section in card["sections"]) == len(RULES)
    labels = [rule["meaning"] for section in card["sections"] for rule in section["rules"]]
    assert labels == [one.label for one in RULES]


def test_a_pass_over_an_opening_shows_at_most_17_and_18_doubles():
    """Over a one-level opening, 18 or more doubles whatever the shape, so the pass
    shows at most 17 points: its explanation says so and the sampling deals it so (it
    read 0–37 before, and a passed defender could hold anything)."""
    from django.utils.translation import gettext

    from robots.explain import call_explain

    over = [("N", "1S")]
    assert call_explain(over, "E", "P", gettext) == "No overcall, at most 17 points"
    assert shown([*over, ("E", "P")], "E")[0] == (0, 17)
    assert _decide(["1S"], "AK2.KQ32.AQ2.K32")[0] == "X"  # 21 points, no overcall: double
    assert _decide(["1S"], "A32.KJ32.Q32.J32")[0] == "P"  # 11 points, flat: pass
    # over a preempt likewise; over 1NT 16 or more doubles, so a pass shows at most 15
    assert shown([("N", "3C"), ("E", "P")], "E")[0] == (0, 17)
    assert call_explain([("N", "1NT")], "E", "P", gettext) == (
        "No action over 1NT, at most 15 points"
    )
    assert shown([("N", "1NT"), ("E", "P")], "E")[0] == (0, 15)
    assert _decide(["1NT"], "AK2.KQ32.Q32.K32")[0] == "X"  # 17 points: the penalty double
