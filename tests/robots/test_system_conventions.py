"""New Minor Forcing and Fourth Suit Forcing in the robots' system (docs/rules.md
§ Robots, *Its bidding system*): each rule with a hand and an auction, the call, its
explanation in English and Chinese, and its alert when it is artificial."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.translation import gettext

from robots.explain import meaning_text
from robots.system import auction_picture
from tests.robots.test_system import _decide

NMF_H = ["1C", "P", "1H", "P", "1NT", "P"]
NMF_S = ["1D", "P", "1S", "P", "1NT", "P"]
FSF = ["1D", "P", "1H", "P", "1S", "P"]


def _chinese(auction: list[str], call: str) -> str:
    with translation.override("zh-hans"):
        return meaning_text(auction, "N", call, gettext)


@pytest.mark.parametrize(
    ("auction", "hand", "call", "english", "chinese", "alerted"),
    [
        # New Minor Forcing: 11 or more with five hearts bids the other minor
        (NMF_H, "K3.AQJ54.K42.852", "2D", "New Minor Forcing", "新低花逼叫", True),
        (NMF_S, "AQJ54.K3.852.K42", "2C", "New Minor Forcing", "新低花逼叫", True),
        # opener: three-card support by strength, four hearts, else no trumps
        (NMF_H + ["2D", "P"], "A42.K32.Q5.KJ432", "2H", "Three-card support, minimum",
         "三张支持，低限", False),
        (NMF_H + ["2D", "P"], "A42.K32.Q5.AJ432", "3H", "Three-card support, maximum",
         "三张支持，高限", False),
        (NMF_S + ["2C", "P"], "K2.AQ32.QJ54.Q32", "2H", "Four hearts", "四张红心", False),
        (NMF_H + ["2D", "P"], "A42.K2.Q54.KJ432", "2NT", "No fit, minimum", "没有配合，低限",
         False),
        (NMF_H + ["2D", "P"], "A42.K2.Q54.AJ432", "3NT", "No fit, maximum", "没有配合，高限",
         False),
        # responder places the contract: game with enough, else pass the minimum
        (NMF_H + ["2D", "P", "2H", "P"], "K3.AQJ54.K42.852", "4H", "Game", "成局", False),
        (NMF_H + ["2D", "P", "3H", "P"], "K3.AQJ54.J42.852", "4H", "Game", "成局", False),
        (NMF_H + ["2D", "P", "2NT", "P"], "K3.AQJ54.Q42.852", "P", "To play: no game",
         "停叫：对低限不成局", False),
        (NMF_H + ["2D", "P", "2NT", "P"], "K3.AQJ54.K42.852", "3NT", "Game", "成局", False),
        # Fourth Suit Forcing: no fit and no club stopper, game values
        (FSF, "K32.AQ54.K42.852", "2C", "Fourth Suit Forcing", "第四花色逼叫", True),
        # with a stopper in the fourth suit, 3NT at once
        (FSF, "K3.AQ54.Q42.KJ52", "3NT", "Game, a stopper in the fourth suit",
         "成局，第四花色有止张", False),
        # opener: a stopper, else support for responder's suit, else the own suits
        (FSF + ["2C", "P"], "AQ32.K2.KJ54.Q32", "2NT", "A stopper in the fourth suit",
         "第四花色有止张", False),
        (FSF + ["2C", "P"], "AQ32.K32.KJ543.2", "2H", "Three-card support", "三张支持",
         False),
        (FSF + ["2C", "P"], "AQ32.K2.KJ7543.2", "2D", "No stopper and no support",
         "没有止张也没有支持", False),
    ],
)  # fmt: skip
def test_each_convention_bids_and_explains(auction, hand, call, english, chinese, alerted):
    made, alert = _decide(auction, hand)
    assert made == call
    text = meaning_text(auction, "N", call)
    assert text.startswith(english)
    assert _chinese(auction, call).startswith(chinese)
    assert alert == (text if alerted else "")


def test_the_artificial_asks_name_no_suit():
    """New Minor Forcing and the fourth suit show no length in the suit they bid."""
    nmf = auction_picture(NMF_H + ["2D"], "N")["S"]
    assert "D" not in nmf.named and nmf.len["H"][0] >= 5
    fsf = auction_picture(FSF + ["2C"], "N")["S"]
    assert "C" not in fsf.named and fsf.hcp[0] >= 12
