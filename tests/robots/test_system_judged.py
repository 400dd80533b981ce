"""The robots' judged slams (docs/rules.md § Robots, *Judged slams*): where the rules
would stop below slam, layouts of the unseen hands that fit the auction are solved
double dummy, and the slam is bid when it makes often enough and scores more; the call,
its explanation in English and Chinese, and its place on the system card."""

from __future__ import annotations

import random

import pytest
from django.utils import translation
from django.utils.translation import gettext

from robots.explain import meaning_text
from robots.system import auction_picture, call_pick, hand_read, judge
from robots.system.card import system_card
from robots.system.engine import _context
from robots.system.rules import JUDGED, SECTIONS
from scoring import HCP_POINTS
from tests.robots.test_system import LEGAL, _decide, _hand


@pytest.fixture(autouse=True)
def _no_clock(monkeypatch):
    """The decision on every layout, however busy the machine running the tests."""
    monkeypatch.setattr(judge, "BUDGET", 60.0)


def _chinese(auction: list[str], call: str, dealer: str = "N") -> str:
    with translation.override("zh-hans"):
        return meaning_text(auction, dealer, call, gettext)


@pytest.mark.parametrize(
    ("auction", "dealer", "hand", "call", "english", "chinese", "alerted"),
    [
        # a six-card suit and three aces opposite partner's 1NT: the rules bid 3NT; the
        # simulation makes 6D in most layouts (partner's last bid in no trumps: at once)
        (["1NT", "P"], "N", "6.KT2.AJT972.AQ6", "6D",
         "Slam, judged by simulation of the unseen hands", "满贯，由模拟未见的牌判断", False),
        # opener's 20 with a solid six-card suit and a void over partner's 1NT
        (["1S", "P", "1NT", "P"], "N", "AKQT94..AT2.AKT3", "6S",
         "Slam, judged by simulation of the unseen hands", "满贯，由模拟未见的牌判断", False),
        # the same points without the void and the fourth club: 3NT stands
        (["1S", "P", "1NT", "P"], "N", "AKQT94.K2.A2.K32", "3NT", "Game values", "成局实力",
         False),
        # Jacoby 2NT and the opener's minimum 4H: the rules pass; the simulation favours
        # 6H, the agreed suit, so key cards first
        (["P", "1H", "P", "2NT", "P", "4H", "P"], "N", ".AQT63.QJT8632.A", "4NT",
         "Roman Key Card Blackwood", "罗马关键张黑木问叫", True),
        # 19 balanced opposite partner's 3NT over our 1NT: not enough, the pass stands
        (["1NT", "P", "3NT", "P"], "N", "AQ2.KQ2.AK32.J32", "P", "Nothing more to say",
         "没有更多信息", False),
    ],
)  # fmt: skip
def test_a_judged_slam_bids_and_explains(auction, dealer, hand, call, english, chinese, alerted):
    made, alert = _decide(auction, hand, dealer)
    assert made == call
    text = meaning_text(auction, dealer, call)
    assert text.startswith(english)
    assert _chinese(auction, call, dealer).startswith(chinese)
    assert alert == (text if alerted else "")


def test_the_judgement_is_repeatable_and_reads_the_vulnerability():
    """The same hand in the same auction deals the same layouts (the generator is seeded
    from them): the same call, the same chances; the vulnerability changes the score
    compared, not the layouts' tricks."""
    hand = hand_read(_hand("AKQT94..AT2.AKT3"))
    chances = []
    for vul in ("None", "None", "NS"):
        ctx = _context(["1S", "P", "1NT", "P"], "N")
        ctx.vul, ctx.stop = vul, "3NT"
        judge.slam_judgement(ctx, hand)
        chances.append(ctx.memo["chances"])
    assert chances[0] == chances[1]
    assert chances[2]["S"][0] == chances[0]["S"][0] >= judge.SLAM_CHANCE
    assert call_pick(["1S", "P", "1NT", "P"], "N", hand, set(LEGAL), "NS")[0] == "6S"


def test_the_layouts_fit_the_pictures():
    """Each layout gives every seat 13 cards of a full deck, and partner's 1NT is dealt
    with the points the rules read in it."""
    auction = ["1S", "P", "1NT", "P"]
    ctx = _context(auction, "N")
    hand = hand_read(_hand("AKQT94..AT2.AKT3"))
    rng = random.Random(1)
    mate = auction_picture(auction, "N")["S"]
    for _ in range(20):
        hands = judge.layout_deal(ctx, hand, rng)
        cards = [card for seat_cards in hands.values() for card in seat_cards]
        assert len(cards) == 52 == len(set(cards))
        assert all(len(seat_cards) == 13 for seat_cards in hands.values())
        points = sum(HCP_POINTS.get(card[1], 0) for card in hands["S"])
        assert mate.hcp[0] <= points <= mate.hcp[1]


def test_no_judgement_where_the_rules_do_not_stop():
    """A forcing or invitational call is no stop: the rules' call stands, unjudged."""
    hand = hand_read(_hand("AKJ54.KQ2.A2.Q32"))
    assert call_pick(["1S", "P", "3S", "P"], "N", hand, set(LEGAL))[0] == "4D"  # a control bid


def test_the_system_card_shows_the_judged_slams():
    card = system_card()
    titles = [section["title"] for section in card["sections"]]
    assert "Judged slams: when the rules stop below slam" in titles
    section = card["sections"][titles.index("Judged slams: when the rules stop below slam")]
    assert len(section["rules"]) == len(JUDGED) == 3
    assert any("double dummy" in " ".join(rule["conditions"]) for rule in section["rules"])
    assert all(one.judged for one in JUDGED)
    assert not any(one.judged for _title, rules in SECTIONS for one in rules if one not in JUDGED)
