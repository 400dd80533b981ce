"""The robots' slam bidding and the conventions added to their system (docs/rules.md
§ Robots, *Its bidding system*): each rule with a hand and an auction, the call, its
explanation in English and Chinese, and its alert when it is artificial."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.translation import gettext

from robots.explain import meaning_text
from robots.system import auction_picture
from robots.system.checks import CHECKS, CONTEXTS
from robots.system.labels import NAME
from robots.system.rules import RULES, SECTIONS
from tests.robots.test_system import _decide

JACOBY = ["1S", "P", "2NT", "P", "3S", "P", "4NT", "P"]


def _chinese(auction: list[str], call: str) -> str:
    with translation.override("zh-hans"):
        return meaning_text(auction, "N", call, gettext)


@pytest.mark.parametrize(
    ("auction", "hand", "call", "english", "chinese", "alerted"),
    [
        # a control bid: slam interest opposite a limit raise, no club control, so the
        # cheapest suit it controls (diamonds) instead of asking for key cards
        (["1S", "P", "3S", "P"], "AKJ54.KQ2.A2.Q32", "4D", "Control bid: the ace or king",
         "控制扣叫", True),
        # partner's control bid: the next control up the line, or the sign-off without one
        (["1S", "P", "3S", "P", "4D", "P"], "Q432.K32.432.AK2", "4H", "Control bid",
         "控制扣叫", True),
        (["1S", "P", "3S", "P", "4D", "P"], "J432.Q32.432.KQ2", "4S", "Sign-off: no slam",
         "止叫：不打满贯", False),
        (["1S", "P", "3S", "P", "4D", "P", "4S", "P"], "AKJ54.KQ2.A2.Q32", "P",
         "Accepts the sign-off", "接受止叫", False),
        # a fit shown with the values for a slam counting shortness and length: key cards
        (["1S", "P", "3S", "P"], "AKQT3.A9843.A7.T", "4NT", "Roman Key Card Blackwood",
         "罗马关键张黑木问叫", True),
        # a splinter, and the opener without a control in clubs signs off
        (["1S", "P"], "KQ32.A432.5.K432", "4D", "Splinter: four or more trumps", "爆裂叫",
         True),
        (["1S", "P", "4D", "P"], "AJ954.K2.KQJ.Q32", "4S", "Sign-off: no slam",
         "止叫：不打满贯", False),
        # all five key cards answer as two
        (JACOBY, "AKJ92.A2.A32.A32", "5H", "Two key cards, not the trump queen",
         "两个关键张，没有将牌Q", True),
        # two key cards missing over 5S with spades trumps: pass, the only sign-off left
        (JACOBY + ["5S", "P"], "Q432.K32.KQ2.KQ2", "P", "Sign-off: two key cards missing",
         "止叫：缺两个关键张", False),
        # the answerer passes the slam the asker placed
        (JACOBY + ["5D", "P", "6S", "P"], "AJ932.KQ2.A2.AQ2", "P",
         "Partner, who asked, places the contract", "问叫的同伴决定定约", False),
        # 5C is four key cards when one would leave the opponents more points than they
        # can hold: the slam, not the sign-off
        (["P", "1D", "P", "1H", "P", "2C", "P", "4NT", "P", "5C", "P"], "KQ7.AKQ4.96.Q762",
         "6C", "Slam", "满贯", False),
        # asking for a stopper in their suit before 3NT, and the answers
        (["1D", "P", "1H", "2C", "2D", "P"], "AK5.AQ43.93.9764", "3C",
         "Asks for a stopper in their suit", "问对方花色的止张", True),
        (["1D", "P", "1H", "2C", "2D", "P", "3C", "P"], "QJT2.9.AKJ87.K32", "3NT",
         "A stopper in their suit", "对方花色有止张", False),
        (["1D", "P", "1H", "2C", "2D", "P", "3C", "P"], "QJT2.92.AKJ874.2", "3D",
         "No stopper in their suit: our longest suit", "对方花色没有止张", False),
        # the opener's 19–21 with six cards: game at once
        (["1H", "P", "1S", "P"], "2.AKQJ72.AQ2.K32", "4H", "Six or more cards, 19–21: game",
         "六张以上，19–21点：成局", False),
        # a slam in no trumps over partner's 3NT though a minor fits
        (["1D", "P", "1S", "P", "3NT", "P"], "AKQ643.KJ63.J7.4", "6NT", "Slam", "满贯", False),
        # the strong 2C: responder shows a five-card suit over opener's suit
        (["P", "P", "P", "2C", "P", "2D", "P", "3D", "P"], "Q8642.KQT65.5.T6", "3S",
         "Natural, five or more cards", "自然叫", False),
    ],
)  # fmt: skip
def test_each_rule_bids_and_explains(auction, hand, call, english, chinese, alerted):
    made, alert = _decide(auction, hand)
    assert made == call
    text = meaning_text(auction, "N", call)
    assert text.startswith(english)
    assert _chinese(auction, call).startswith(chinese)
    assert alert == (text if alerted else "")


def test_a_control_bid_is_read_as_a_control_not_a_suit():
    """A control bid names no suit: the sampling and later rules read no length in it, and
    the bidder's picture keeps the control (the ace or king, a void or a singleton)."""
    auction = ["1S", "P", "3S", "P", "4D"]
    picture = auction_picture(auction, "N")["N"]
    assert picture.controls == ["D"] and "D" not in picture.named
    assert picture.len["D"] == [0, 13]


def test_a_splinter_shows_the_shortness():
    picture = auction_picture(["1S", "P", "4D"], "N")["S"]
    assert picture.len["D"][1] <= 1 and picture.len["S"][0] >= 4


def test_every_text_of_the_system_card_is_translated():
    texts = [NAME] + [title for title, _rules in SECTIONS] + [one.label for one in RULES]
    texts += [text for _test, text in CHECKS.values()]
    texts += [text for _test, text in CONTEXTS.values()]
    with translation.override("zh-hans"):
        untranslated = [text for text in texts if gettext(text) == text]
    assert not untranslated, untranslated[:5]
