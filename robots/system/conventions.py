"""New Minor Forcing and Fourth Suit Forcing (docs/rules.md § Robots, *Its bidding
system*): responder's artificial asks after opener's rebid, opener's answers and
responder's placing of the contract, with the named tests they read. Part of the one
list of rules (:mod:`robots.system.rules`); the tests join :data:`CHECKS` and
:data:`CONTEXTS` (:mod:`robots.system.checks`)."""

from __future__ import annotations

from robots.system.base import Context, Hand, stopper
from robots.system.base import rule as r
from robots.system.labels import ACCEPT, GAME, TO_PLAY, _
from tableplay.cards import partner

__all__ = ["CONVENTION_CHECKS", "CONVENTION_CONTEXTS", "FOURTH_SUIT", "NEW_MINOR"]

NMF = _("New Minor Forcing: asks for three-card support or the other major")
NEW_MINOR: list = []
# 1m–1M–1NT (12–14; after 1m–1♥ it denies four spades, opener would have bid 1♠):
# responder with 11 or more and five cards of the major bids the other minor
for opened, other in (("C", "D"), ("D", "C")):
    pre = f"1{opened} P 1{{M}} P 1NT P"
    ask = f"{pre} 2{other} P"
    hearts = f"1{opened} P 1S P 1NT P 2{other} P 2H P"
    NEW_MINOR += [
        r(pre, f"2{other}", NMF, hcp=(11, 37), lengths={"M": (5, 5)}, artificial=True,
          forcing=True, key="nmf"),
        # opener: three cards of responder's major first, then four hearts, else no trumps
        r(ask, "3{M}", _("Three-card support, maximum"), hcp=(14, 14),
          lengths={"M": (3, 3)}),
        r(ask, "2{M}", _("Three-card support, minimum"), hcp=(12, 13),
          lengths={"M": (3, 3)}),
        r(f"1{opened} P 1S P 1NT P 2{other} P", "2H",
          _("Four hearts, no three-card spade support"), lengths={"H": (4, 4)}),
        r(ask, "2NT", _("No fit, minimum"), hcp=(12, 13)),
        r(ask, "3NT", _("No fit, maximum"), hcp=(14, 14)),
        # responder places the contract
        # (an eight-card fit: 11 and a doubleton opposite 12–13 are worth game)
        r(f"{ask} [23]{{M}} P", "4{M}", GAME, hcp=(11, 18)),
        r(f"{ask} 2NT P", "3NT", GAME, hcp=(13, 18)),
        r(f"{ask} 2NT P", "P", _("To play: no game opposite a minimum"), hcp=(0, 12)),
        r(f"{ask} 3NT P", "P", TO_PLAY, hcp=(0, 18)),
        r(hearts, "4H", GAME, hcp=(13, 18), lengths={"H": (4, 13)}),
        r(hearts, "3H", _("Invitational, four hearts"), hcp=(11, 12), lengths={"H": (4, 13)},
          invite=True),
        r(hearts, "3NT", GAME, hcp=(13, 18)),
        r(hearts, "2NT", _("Invitational, no heart fit"), hcp=(11, 12), invite=True),
        r(f"{hearts} 3H P", "4H", ACCEPT, checks=("upper_half",)),
        r(f"{hearts} 3H P", "P", _("Declines")),
        r(f"{hearts} 2NT P", "3NT", ACCEPT, checks=("upper_half",)),
        r(f"{hearts} 2NT P", "P", _("Declines")),
    ]  # fmt: skip

# three suits bid by the partnership, opener's rebid at the one or two level (1♣–1♦–1♥
# leaves 1♠, natural): responder's fourth suit is artificial and forcing to game
FOURTH = (
    r"(?!1C P 1D P 1H P)1(?P<x>[CDHS]) P 1(?!(?P=x))(?P<y>[CDHS]) P"
    r" [12](?!(?P=x)|(?P=y))(?P<z>[CDHS]) P"
)
FSF = _("Fourth Suit Forcing: forcing to game")
FOURTH_SUIT = [
    r(FOURTH, "3NT", _("Game, a stopper in the fourth suit"), hcp=(12, 15),
      lengths={"y": (0, 4)}, checks=("no_major_fit", "stop_unbid")),
    r(FOURTH, "c{s}", FSF, hcp=(12, 37), suits="unbid", checks=("no_major_fit",),
      artificial=True, forcing=True, key="fsf"),
    # opener describes: a stopper, support for responder's suit, else the own suits
    r("@fourth_suit", "cNT", _("A stopper in the fourth suit"), checks=("stop_asked",)),
    r("@fourth_suit", "c{s}", _("Three-card support"), lengths={"s": (3, 13)},
      suits="partners"),
    r("@fourth_suit", "c{s}", _("No stopper and no support: the longer own suit"),
      suits="mine", longest=True),
]  # fmt: skip


def _unbid_stopped(ctx: Context, hand: Hand, _suit) -> bool:
    unbid = ctx.unbid()
    return len(unbid) == 1 and stopper(hand, unbid[0])


def _asked_stopped(ctx: Context, hand: Hand, _suit) -> bool:
    bid, _seat = ctx.last_bid()
    return bid is not None and stopper(hand, bid[1:])


def _fourth_suit(ctx: Context) -> bool:
    """Partner's last call, the fourth suit, and the next player passed."""
    last = ctx.mate.last
    _bid, seat = ctx.last_bid()
    return last is not None and last.key == "fsf" and seat == partner(ctx.me)


CONVENTION_CHECKS = {
    "stop_unbid": (_unbid_stopped, _("a stopper in the fourth suit")),
    "stop_asked": (_asked_stopped, _("a stopper in the suit partner asked")),
}
CONVENTION_CONTEXTS = {
    "fourth_suit": (_fourth_suit, _("partner bid the fourth suit, forcing to game")),
}
