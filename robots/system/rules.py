"""The robots' bidding system, described once as data (docs/rules.md § Robots, *Its
bidding system*): 2/1-flavoured Standard American, five-card majors, a 15–17 1NT, a
strong 2♣, weak twos, Stayman and Jacoby transfers, Jacoby 2NT, limit raises, New
Minor Forcing, Fourth Suit Forcing, negative and takeout doubles, Roman Key Card
Blackwood 1430 with the trump queen ask.

The rules are tried in order: the robot makes the first rule's call whose auction
pattern matches and whose hand constraints its hand meets; an explanation is the first
rule whose pattern matches and that makes the call (:mod:`robots.system.engine`). Each
label is English, marked for translation; the points and lengths a call shows are the
rule's own numbers.
"""

from __future__ import annotations

from robots.system.base import rule as r
from robots.system.competition import ADVANCES, OVERCALLS, RESPONDER
from robots.system.conventions import FOURTH_SUIT, NEW_MINOR
from robots.system.labels import (
    ACCEPT,
    GAME,
    INVITE,
    NAME,
    NATURAL,
    RAISE,
    SLAM,
    TO_PLAY,
    WEAK,
    _,
)

__all__ = ["NAME", "PASS_RULE", "RULES", "SECTIONS"]
#: The points between the two hands (counting shortness and length) for a slam with a
#: fit (key cards asked), and for a control bid below game.
SLAM_AT = 30
CUE_AT = 28
#: The fewest points between the two hands (counting length) at which a stop below slam
#: is judged by simulation (docs/rules.md § Robots, *Judged slams*).
JUDGE_AT = 27


PASS_RULE = r("@any", "P", _("Nothing the system covers"))


def _notrump(pre: str, level: int, inv: int, game: int, quant: int, six: int, seven: int):
    """Partner's no trump (``pre`` the auction to it, RHO passing): Stayman, Jacoby
    transfers, invitations, quantitative 4NT. ``inv`` … ``seven`` are the fewest points
    for each (``inv`` 0: no invitation at this level)."""
    L = str(level)
    weak_top = (inv or game) - 1
    rules = [
        r(pre, L + "D", _("Jacoby transfer to hearts"), lengths={"H": (5, 13)},
          checks=("h_over_s",), artificial=True, forcing=True, key="transfer"),
        r(pre, L + "H", _("Jacoby transfer to spades"), lengths={"S": (5, 13)},
          artificial=True, forcing=True, key="transfer"),
        r(pre, L + "C", _("Stayman: asks for a four-card major"), hcp=(inv or game, 37),
          checks=("four_major",), artificial=True, forcing=True, key="stayman"),
    ]  # fmt: skip
    if inv:
        rules.append(r(pre, "2NT", INVITE, hcp=(inv, game - 1), invite=True))
    rules += [
        r(pre, "3NT", TO_PLAY, hcp=(game, quant - 1)),
        r(pre, "4NT", _("Quantitative: asks partner to bid six with a maximum"),
          hcp=(quant, six - 1), key="quant", invite=True),
        r(pre, "6NT", TO_PLAY, hcp=(six, seven - 1)),
        r(pre, "7NT", TO_PLAY, hcp=(seven, 37)),
        r(pre, "P", WEAK, hcp=(0, weak_top)),
    ]  # fmt: skip
    ask = pre + f" {L}C P"
    rules += [
        r(ask, L + "H", _("Answer to Stayman"), lengths={"H": (4, 13)}),
        r(ask, L + "S", _("Answer to Stayman"),
          lengths={"S": (4, 13), "H": (0, 3)}),
        r(ask, L + "D", _("Answer to Stayman: no four-card major"),
          lengths={"S": (0, 3), "H": (0, 3)}, artificial=True),
    ]  # fmt: skip
    fit = ask + f" {L}{{M}} P"
    nofit = ask + f" {L}[DHS] P"
    rules += [
        r(fit, "4{M}", GAME, hcp=(game, quant - 1), lengths={"M": (4, 13)}),
        r(nofit, "3NT", _("To play, no fit"), hcp=(game, quant - 1)),
    ]
    if inv:
        rules += [
            r(fit, "3{M}", INVITE, hcp=(inv, game - 1), lengths={"M": (4, 13)}, invite=True),
            r(nofit, "2NT", INVITE, hcp=(inv, game - 1), invite=True),
            r(ask + " 2[DHS] P 2NT P", "3NT", ACCEPT, checks=("upper_half",)),
            r(ask + " 2{M} P 3{M} P", "4{M}", ACCEPT, checks=("upper_half",)),
            r(pre + " 2NT P", "3NT", ACCEPT, checks=("upper_half",)),
        ]
    for asked, major in (("D", "H"), ("H", "S")):
        done = pre + f" {L}{asked} P"
        rules.append(r(done, L + major, _("Completes the transfer"), lengths={major: (2, 5)}))
        after = done + f" {L}{major} P"
        rules.append(r(after, "P", WEAK, hcp=(0, weak_top)))
        if inv:
            rules += [
                r(after, "3" + major, _("Invitational, six or more cards"), hcp=(inv, game - 1),
                  lengths={major: (6, 13)}, invite=True),
                r(after, "2NT", _("Invitational, five cards"), hcp=(inv, game - 1),
                  lengths={major: (5, 5)}, invite=True),
                r(after + " 2NT P", "4" + major, ACCEPT, lengths={major: (3, 13)},
                  checks=("upper_half",)),
                r(after + " 2NT P", "3NT", ACCEPT, checks=("upper_half",)),
                r(after + " 2NT P", "3" + major, _("Declines, three-card support"),
                  lengths={major: (3, 13)}),
                r(after + f" 3{major} P", "4" + major, ACCEPT, checks=("upper_half",)),
            ]  # fmt: skip
        rules += [
            r(after, "4" + major, GAME, hcp=(game, quant - 1), lengths={major: (6, 13)}),
            r(after, "3NT", _("Game, five cards: choose"), hcp=(game, quant - 1),
              lengths={major: (5, 5)}),
            r(after + " 3NT P", "4" + major, _("Three-card support"), lengths={major: (3, 13)}),
        ]  # fmt: skip
    return rules


OPENINGS = [
    r("", "2C", _("Strong and artificial: 22 or more points"), hcp=(22, 37),
      artificial=True, forcing=True),
    r("", "2NT", _("No trump opening"), hcp=(20, 21), balanced=True),
    r("", "1NT", _("No trump opening"), hcp=(15, 17), balanced=True),
    r("", "1D", _("Diamonds longer than the five-card major"), hcp=(12, 21),
      lengths={"D": (6, 13)}, checks=("d_longest",)),
    r("", "1C", _("Clubs longer than the five-card major"), hcp=(12, 21),
      lengths={"C": (6, 13)}, checks=("c_longest",)),
    r("", "1H", NATURAL, hcp=(12, 21), lengths={"H": (5, 13)}, checks=("h_over_s",)),
    r("", "1S", NATURAL, hcp=(12, 21), lengths={"S": (5, 13)}),
    r("", "1D", _("Three or more diamonds, no five-card major"), hcp=(12, 21),
      lengths={"D": (3, 13), "S": (0, 4), "H": (0, 4)}, checks=("d_over_c",)),
    r("", "1C", _("Three or more clubs, no five-card major"), hcp=(12, 21),
      lengths={"C": (3, 13), "S": (0, 4), "H": (0, 4)}),
    r("", "1H", _("Rule of 20"), hcp=(10, 11), lengths={"H": (5, 13)},
      checks=("rule20", "h_over_s")),
    r("", "1S", _("Rule of 20"), hcp=(10, 11), lengths={"S": (5, 13)}, checks=("rule20",)),
    r("", "1D", _("Rule of 20"), hcp=(10, 11), lengths={"D": (4, 13)},
      checks=("rule20", "d_over_c")),
    r("", "1C", _("Rule of 20"), hcp=(10, 11), lengths={"C": (4, 13)}, checks=("rule20",)),
    r("", "2{s}", _("Weak two: six cards"), hcp=(5, 10), lengths={"s": (6, 6)}, suits="SHD"),
    r("", "4{s}", _("Preempt: eight or more cards"), hcp=(4, 10), lengths={"s": (8, 13)},
      suits="SH"),
    r("", "3{s}", _("Preempt: seven or more cards"), hcp=(4, 10), lengths={"s": (7, 13)},
      longest=True),
    r("", "P", _("No opening"), hcp=(0, 11)),
]  # fmt: skip


NOTRUMP = (
    _notrump("1NT P", 2, 8, 10, 16, 18, 22)
    + _notrump("2NT P", 3, 0, 4, 11, 13, 17)
    + _notrump("2C P 2D P 2NT P", 3, 0, 2, 9, 11, 15)
    + _notrump("1{z} 1NT P", 2, 8, 10, 16, 18, 22)
)


STRONG = [
    r("2C P", "2D", _("Waiting, any hand"), artificial=True, forcing=True),
    r("2C P 2D P", "2NT", _("No trumps"), hcp=(22, 24), balanced=True),
    r("2C P 2D P", "3NT", _("No trumps"), hcp=(25, 27), balanced=True),
    r("2C P 2D P", "c{s}", _("Natural, five or more cards, forcing to game"),
      lengths={"s": (5, 13)}, longest=True, forcing=True),
    r("2C P 2D P", "cNT", _("Natural, forcing to game"), forcing=True),
    r("2C P 2D P [23]{x} P", "c{x}", RAISE, lengths={"x": (3, 13)}, forcing=True),
    r("2C P 2D P [23]{x} P", "c{s}", _("Natural, five or more cards"), lengths={"s": (5, 13)},
      longest=True, suits="new", forcing=True),
    r("2C P 2D P [23]{x} P", "cNT", _("No fit"), forcing=True),
]  # fmt: skip


WEAK_TWOS = [
    r("2{M} P", "4{M}", GAME, hcp=(16, 37), lengths={"M": (2, 13)}),
    r("2[HS] P", "3NT", _("To play"), hcp=(17, 37), balanced=True),
    r("2{x} P", "4{x}", _("Preemptive raise: four or more trumps"), hcp=(0, 15),
      lengths={"x": (4, 13)}),
    r("2{x} P", "3{x}", _("Preemptive raise"), hcp=(0, 15), lengths={"x": (3, 13)}),
    r("2{x} P", "3NT", _("To play"), hcp=(17, 37)),
    r("2{x} P", "P", _("No game")),
    r("3{M} P", "4{M}", GAME, hcp=(14, 37), lengths={"M": (2, 13)}),
    r("3{x} P", "3NT", _("To play"), hcp=(15, 37)),
    r("3{m} P", "5{m}", GAME, hcp=(16, 37), lengths={"m": (3, 13)}),
    r("3{x} P", "4{x}", _("Preemptive raise"), hcp=(0, 13), lengths={"x": (3, 13)}),
    r("3{x} P", "P", _("No game")),
]  # fmt: skip


MAJOR = "1{M} P"
MINOR = "1{m} P"
SPLINTER = _("Splinter: four or more trumps, game values, a singleton or void in the suit")
RESPONSES = [
    r("1S P", "4{s}", SPLINTER, hcp=(13, 16), dist=True, lengths={"S": (4, 13), "s": (0, 1)},
      suits="CDH", artificial=True, forcing=True, key="splinter"),
    r("1H P", "3S", SPLINTER, hcp=(13, 16), dist=True, lengths={"H": (4, 13), "S": (0, 1)},
      artificial=True, forcing=True, key="splinter"),
    r("1H P", "4{s}", SPLINTER, hcp=(13, 16), dist=True, lengths={"H": (4, 13), "s": (0, 1)},
      suits="CD", artificial=True, forcing=True, key="splinter"),
    r(MAJOR, "2NT", _("Jacoby 2NT: four or more trumps, forcing to game"), hcp=(13, 37),
      dist=True,
      lengths={"M": (4, 13)}, artificial=True, forcing=True, key="jacoby"),
    r(MAJOR, "4{M}", _("Preemptive raise: five or more trumps"), hcp=(0, 9),
      lengths={"M": (5, 13)}),
    r(MAJOR, "3{M}", _("Limit raise"), hcp=(10, 12), lengths={"M": (3, 13)}, invite=True,
      dist=True),
    r(MAJOR, "2{M}", RAISE, hcp=(6, 9), lengths={"M": (3, 13)}, dist=True),
    r("1H P", "1S", NATURAL, hcp=(6, 37), lengths={"S": (4, 13)}, forcing=True),
    r(MAJOR, "3NT", _("Balanced, no fit"), hcp=(13, 15), balanced=True,
      lengths={"M": (0, 2)}),
    r("1S P", "2H", _("Two over one: five or more hearts, forcing to game"), hcp=(12, 37),
      lengths={"H": (5, 13)}, forcing=True),
    r(MAJOR, "2{s}", _("Two over one: forcing to game"), hcp=(12, 37),
      lengths={"s": (4, 13)}, suits="DC", longest=True, forcing=True),
    r(MAJOR, "1NT", _("No fit, not forcing"), hcp=(6, 11)),
    r(MAJOR, "P", _("Fewer than 6 points"), hcp=(0, 5)),
    r("1C P", "1D", NATURAL, hcp=(6, 37), lengths={"D": (4, 13), "H": (0, 3), "S": (0, 3)},
      forcing=True),
    r(MINOR, "1H", NATURAL, hcp=(6, 37), lengths={"H": (4, 13)}, checks=("hearts_first",),
      forcing=True),
    r(MINOR, "1S", NATURAL, hcp=(6, 37), lengths={"S": (4, 13)}, forcing=True),
    r(MINOR, "3NT", _("Balanced, no four-card major"), hcp=(13, 15), balanced=True),
    r(MINOR, "2NT", _("Invitational, balanced, no four-card major"), hcp=(11, 12),
      balanced=True, invite=True),
    r("1D P", "2C", _("Two over one: forcing to game"), hcp=(12, 37),
      lengths={"C": (4, 13)}, forcing=True),
    r("1C P", "3C", _("Limit raise"), hcp=(10, 12), lengths={"C": (5, 13)}, invite=True),
    r("1D P", "3D", _("Limit raise"), hcp=(10, 12), lengths={"D": (4, 13)}, invite=True),
    r("1C P", "2C", RAISE, hcp=(6, 9), lengths={"C": (5, 13)}),
    r("1D P", "2D", RAISE, hcp=(6, 9), lengths={"D": (4, 13)}),
    r(MINOR, "1NT", _("No four-card major"), hcp=(6, 10)),
    r(MINOR, "P", _("Fewer than 6 points"), hcp=(0, 5)),
]  # fmt: skip


ONE = "1{x} P 1{y} P"
TWO_ONE = "1(?P<x>[CDHS]) P 2(?!(?P=x))(?P<y>[CDHS]) P"  # a new suit at the two level
REBIDS = [
    # after a one-level response in a new suit
    r("1{x} P 1{M} P", "4{M}", _("Four-card support, 19–21"), hcp=(19, 21),
      lengths={"M": (4, 13)}),
    r("1{x} P 1{M} P", "3{M}", _("Four-card support, invitational"), hcp=(16, 18),
      lengths={"M": (4, 13)}, invite=True),
    r("1{x} P 1{M} P", "2{M}", _("Four-card support, minimum"), hcp=(12, 15),
      lengths={"M": (4, 13)}),
    r("1[CD] P 1H P", "1S", _("Four spades"), hcp=(12, 18), lengths={"S": (4, 13)}),
    r(ONE, "1NT", _("Balanced, 12–14"), hcp=(12, 14), balanced=True),
    r(ONE, "2NT", _("Balanced, 18–19"), hcp=(18, 19), balanced=True, invite=True),
    r("1H P 1S P", "4H", _("Six or more cards, 19–21: game"), hcp=(19, 21),
      lengths={"H": (6, 13)}),
    r("1{m} P 1[DHS] P", "3NT", _("Six or more cards, 19–21: game"), hcp=(19, 21),
      lengths={"m": (6, 13)}),
    r(ONE, "j{s}", _("Jump shift: forcing to game"), hcp=(19, 21), lengths={"s": (4, 13)},
      suits="new", longest=True, forcing=True),
    r(ONE, "2{s}", _("Reverse: forcing, longer first suit"), hcp=(16, 21),
      lengths={"s": (4, 13)}, suits="x>", longest=True, forcing=True),
    r(ONE, "3{x}", _("Six or more cards, invitational"), hcp=(16, 18),
      lengths={"x": (6, 13)}, invite=True),
    r(ONE, "2{s}", _("A second suit"), hcp=(12, 18), lengths={"s": (4, 13)}, suits="x<",
      longest=True),
    r("1{m} P 1[DHS] P", "2{m}", _("Six or more cards, minimum"), hcp=(12, 15),
      lengths={"m": (6, 13)}),
    r("1{M} P 1S P", "2{M}", _("Six or more cards, minimum"), hcp=(12, 15),
      lengths={"M": (6, 13)}),
    r("1{m} P 1[DHS] P", "2{m}", _("Five or more cards, minimum"), hcp=(12, 15),
      lengths={"m": (5, 13)}),
    r(ONE, "1NT", _("Minimum, no better call"), hcp=(12, 14)),
    r(ONE, "c{x}", _("Minimum, no better call"), hcp=(12, 21)),
    # after 1NT
    r("1{x} P 1NT P", "3NT", _("Game values"), hcp=(19, 21)),
    r("1{x} P 1NT P", "2NT", _("Balanced, 18–19"), hcp=(18, 19), balanced=True, invite=True),
    r("1{x} P 1NT P", "3{x}", _("Six or more cards, invitational"), hcp=(16, 18),
      lengths={"x": (6, 13)}, invite=True),
    r("1{x} P 1NT P", "2{x}", _("Six or more cards, minimum"), hcp=(12, 15),
      lengths={"x": (6, 13)}),
    r("1{x} P 1NT P", "2{s}", _("Reverse: forcing, longer first suit"), hcp=(16, 21),
      lengths={"s": (4, 13)}, suits="x>", forcing=True),
    r("1{x} P 1NT P", "2{s}", _("A second suit"), hcp=(12, 18), lengths={"s": (4, 13)},
      suits="x<", longest=True),
    r("1{M} P 1NT P", "2{m}", _("Three or more cards, no better call"), hcp=(12, 15),
      lengths={"m": (3, 13)}),
    r("1{x} P 1NT P", "P", _("Minimum, balanced"), hcp=(0, 15)),
    # after a raise
    r("1{M} P 2{M} P", "4{M}", GAME, hcp=(20, 26), dist=True),
    r("1{M} P 2{M} P", "3{M}", _("Game try"), hcp=(17, 19), invite=True, dist=True),
    r("1{M} P 2{M} P", "P", _("Minimum"), hcp=(0, 15)),
    r("1{M} P 2{M} P 3{M} P", "4{M}", ACCEPT, hcp=(8, 12), dist=True),
    r("1{M} P 2{M} P 3{M} P", "P", _("Declines"), hcp=(6, 7)),
    r("1{m} P 2{m} P", "3NT", GAME, hcp=(19, 21)),
    r("1{m} P 2{m} P", "2NT", _("Balanced, 18–19"), hcp=(18, 19), balanced=True, invite=True),
    r("1{m} P 2{m} P", "3{m}", INVITE, hcp=(16, 18), invite=True),
    r("1{m} P 2{m} P", "P", _("Minimum"), hcp=(0, 15)),
    r("1{M} P 3{M} P", "4{M}", ACCEPT, hcp=(14, 24), dist=True),
    r("1{M} P 3{M} P", "P", _("Declines"), hcp=(0, 13)),
    r("1{m} P 3{m} P", "3NT", ACCEPT, hcp=(14, 21)),
    r("1{m} P 3{m} P", "P", _("Declines"), hcp=(0, 13)),
    r("1{m} P 2NT P", "3NT", ACCEPT, hcp=(14, 21)),
    r("1{m} P 2NT P", "P", _("Declines"), hcp=(0, 13)),
    r("1{M} P 2NT P", "3{M}", _("Extra values"), hcp=(16, 21), forcing=True),
    r("1{M} P 2NT P", "4{M}", _("Minimum"), hcp=(0, 15)),
    r("1{M} P 3NT P", "4{M}", _("Six or more cards"), lengths={"M": (6, 13)}),
    # after a two-over-one (forcing to game)
    r(TWO_ONE, "3{y}", _("Support, forcing"), lengths={"y": (3, 13)}, suits="HS",
      forcing=True),
    r(TWO_ONE, "2NT", _("Balanced, forcing"), hcp=(12, 14), balanced=True,
      forcing=True),
    r(TWO_ONE, "c{x}", _("Six or more cards, forcing"), lengths={"x": (6, 13)},
      forcing=True),
    r(TWO_ONE, "c{s}", _("A second suit, forcing"), lengths={"s": (4, 13)},
      suits="new", longest=True, forcing=True),
    r(TWO_ONE, "3{y}", _("Support, forcing"), lengths={"y": (4, 13)}, forcing=True),
    r(TWO_ONE, "c{x}", _("Forcing, no better call"), forcing=True),
]  # fmt: skip


KEYCARDS = [
    r("@rkcb", "5C", _("One or four key cards (1430)"), checks=("kc14",), artificial=True,
      key="rkcb_answer"),
    r("@rkcb", "5D", _("Zero or three key cards (1430)"), checks=("kc03",), artificial=True,
      key="rkcb_answer"),
    r("@rkcb", "5H", _("Two key cards, not the trump queen"), checks=("kc2",),
      artificial=True, key="rkcb_answer"),
    r("@rkcb", "5S", _("Two key cards and the trump queen"), checks=("kc2q",),
      artificial=True, key="rkcb_answer"),
    r("@rkcb_answer", "P", _("Sign-off: two key cards missing"),
      checks=("missing2", "answer_in_trump")),
    r("@rkcb_answer", "c{T}", _("Sign-off: two key cards missing"),
      checks=("missing2", "answer_below_trump"), suits="agreed"),
    r("@rkcb_answer", "7{T}", _("Grand slam"), checks=("missing0", "queen_known"),
      total=(36, 40), suits="agreed"),
    r("@rkcb_answer", "@qask", _("Asks for the trump queen"), checks=("queen_unknown",),
      artificial=True, forcing=True, key="qask"),
    r("@rkcb_answer", "6{T}", SLAM, suits="agreed"),
    r("@qask", "6{T}", _("Holds the trump queen"), checks=("has_tq",), suits="agreed",
      key="qanswer"),
    r("@qask", "c{T}", _("Not the trump queen"), checks=("no_tq",), suits="agreed",
      key="qanswer"),
    r("@qanswer", "6{T}", SLAM, checks=("missing0",), suits="agreed"),
    r("@qanswer", "P", _("Sign-off")),
    r("@answered", "P", _("Partner, who asked, places the contract")),
    r("@stopper_ask", "3NT", _("A stopper in their suit"), checks=("stop",)),
    r("@stopper_ask", "c{s}", _("No stopper in their suit: our longest suit"),
      suits="mine", longest=True),
    r("@stopper_ask", "c{s}", _("No stopper in their suit: partner's suit"),
      suits="partners"),
    r("@stopper_answered", "4{T}", GAME, fit=8, suits="HS", longest=True),
    r("@stopper_answered", "5{T}", GAME, total=(26, 45), fit=8, suits="DC", longest=True,
      dist=True),
    r("@stopper_answered", "3NT", _("To play: the game left"), total=(26, 40)),
    r("@quant", "6NT", ACCEPT, checks=("upper_half",)),
    r("@quant", "P", _("Declines")),
]  # fmt: skip


RKCB = _("Roman Key Card Blackwood (1430): asks for key cards")
CUE = _("Control bid: the ace or king, a void or a singleton; interest in a slam")
SLAM_TRIES = [
    # a fit both hands have shown: key cards as soon as the two hands hold a slam
    r("@fit_shown", "4NT", RKCB, total=(SLAM_AT, 45), dist=True, long=True,
      checks=("mate_not_nt", "not_weak", "agreed_fit", "no_4nt_yet", "our_contract",
              "controls"),
      artificial=True, forcing=True, key="rkcb"),
    # control bids (Italian style: the ace or king, a void or a singleton), the cheapest
    # first, below four of our major once partner has bid three of it
    r("@major_raised", "c{s}", CUE, total=(CUE_AT, 45), dist=True, long=True, suits="cue",
      checks=("control", "not_weak", "our_contract"), artificial=True, forcing=True,
      key="cue"),
    r("@cue", "c{s}", CUE, total=(CUE_AT, 45), dist=True, long=True, suits="cue",
      checks=("control",), artificial=True, forcing=True, key="cue"),
    r("@cue", "4{T}", _("Sign-off: no slam"), suits="agreed", key="signoff"),
    r("@splinter", "c{T}", _("Sign-off: no slam"), suits="agreed", key="signoff"),
    r("@signoff", "P", _("Accepts the sign-off")),
]  # fmt: skip


JUDGED_SLAM = _("Slam, judged by simulation of the unseen hands")
JUDGED = [
    # tried only when the rules would stop below slam: the simulation's slam, by key
    # cards when its strain is our agreed suit and 4NT asks for them, else at once
    r("@judge", "4NT", RKCB, total=(JUDGE_AT, 60), long=True,
      checks=("mate_not_nt", "our_contract", "agreed_fit", "judged_rkcb"), artificial=True,
      forcing=True, key="rkcb", judged=True),
    r("@judge", "6NT", JUDGED_SLAM, total=(JUDGE_AT, 60), long=True, checks=("judged_slam",),
      key="judged", judged=True),
    r("@judge", "6{s}", JUDGED_SLAM, total=(JUDGE_AT, 60), long=True, suits="SHDC",
      checks=("judged_slam",), key="judged", judged=True),
]  # fmt: skip


GENERAL = [
    # slams: Roman Key Card Blackwood with a fit, 6NT without one
    r("@any", "P", _("Passes partner's penalty double"), checks=("mate_penalty",)),
    r("@any", "4NT", RKCB,
      total=(SLAM_AT, 45), dist=True, long=True,
      checks=("mate_not_nt", "not_weak", "agreed_fit", "no_4nt_yet", "our_contract",
              "controls"),
      artificial=True, forcing=True, key="rkcb"),
    r("@any", "7NT", SLAM, total=(37, 40), checks=("no_fit_or_nt", "not_weak", "our_contract")),
    r("@any", "6NT", SLAM, total=(33, 40), checks=("no_fit_or_nt", "not_weak", "our_contract")),
    r("@any", "4NT", _("Quantitative: asks partner to bid six with a maximum"),
      total=(31, 32.9), checks=("no_fit", "mate_nt", "our_contract", "below_game"),
      key="quant",
      invite=True),
    # games
    r("@any", "4{T}", GAME, total=(24, 45), fit=8, suits="HS", longest=True,
      checks=("below_game",), dist=True),
    r("@any", "c{O}", _("Asks for a stopper in their suit, for 3NT"), total=(24, 40),
      checks=("no_major_fit", "our_contract", "cue_below_3nt", "no_stop"), artificial=True,
      forcing=True, key="stopper_ask"),
    r("@any", "3NT", GAME, total=(24, 40), checks=("no_major_fit", "below_game", "stop")),
    r("@any", "3NT", GAME, total=(25, 40), checks=("no_major_fit", "below_game")),
    r("@any", "5{T}", GAME, total=(29, 45), fit=8, suits="DC", longest=True,
      checks=("no_major_fit", "below_game"), dist=True),
    # partner's forcing call: a raise, the own suit, a new suit, no trumps
    r("@any", "c{T}", RAISE, fit=8, suits="partners", checks=("forced",)),
    r("@any", "c{s}", _("Six or more cards"), lengths={"s": (6, 13)}, suits="mine",
      checks=("forced",)),
    r("@any", "c{s}", _("A new suit, four or more cards"), lengths={"s": (4, 13)},
      suits="new", longest=True, checks=("forced",)),
    r("@any", "cNT", _("No better call"), checks=("forced",)),
    # invitations
    r("@any", "3{T}", INVITE, total=(22.5, 24), fit=8, suits="HS", longest=True,
      checks=("below_game", "mate_not_invited", "not_forced")),
    r("@any", "2NT", INVITE, total=(23, 25), checks=("no_major_fit", "mate_not_invited",
                                                       "not_forced"), invite=True),
    # competing: the Law of Total Tricks
    r("@any", "2{T}", _("Competing: a fit"), total=(16, 40), fit=8, suits="partners",
      checks=("their_contract",)),
    r("@any", "3{T}", _("Competing: nine trumps"), total=(16, 40), fit=9, suits="partners",
      checks=("their_contract",)),
    r("@any", "4{T}", _("Competing: ten trumps"), total=(0, 40), fit=10, suits="partners",
      checks=("their_contract",)),
    r("@any", "c{s}", _("Competing: six or more cards"), hcp=(10, 37),
      lengths={"s": (6, 13)}, suits="mine", checks=("their_contract", "low_level")),
    r("@any", "c{s}", _("Competing: six or more cards"), hcp=(12, 37),
      lengths={"s": (6, 13)}, suits="mine", checks=("their_contract", "level3")),
    r("@any", "X", _("Takeout double"), hcp=(15, 37), lengths={"their": (0, 2)},
      checks=("their_contract", "low_level"), key="takeout"),
    r("@any", "X", _("Takeout double, strong"), hcp=(17, 37), lengths={"their": (0, 3)},
      checks=("their_contract", "level3"), key="takeout"),
    r("@any", "cNT", _("Balanced, a stopper in their suit"), hcp=(18, 19), balanced=True,
      checks=("their_contract", "low_level", "stop")),
    r("@any", "c{s}", _("Competing: a new five-card suit"), hcp=(12, 37),
      lengths={"s": (5, 13)}, suits="new", longest=True,
      checks=("their_contract", "level3", "partner_bid")),
    r("@any", "c{s}", _("Competing: a new five-card suit"), hcp=(15, 37),
      lengths={"s": (5, 13)}, suits="new", longest=True, checks=("their_contract", "level3")),
    r("[12]{x} [12]{y} P P", "X", _("Reopening double"), hcp=(12, 37),
      lengths={"y": (0, 2)}, key="takeout"),
    # penalty doubles
    r("@any", "X", _("Penalty"), total=(23, 40), checks=("their_contract", "high_level",
                                                          "trump_tricks"), key="penalty"),
    r("@any", "P", _("Nothing more to say")),
]  # fmt: skip


#: The card's sections, in the order the rules are tried.
SECTIONS = [
    (_("Slam asking: key cards and the trump queen"), KEYCARDS),
    (_("Slam tries once a fit is shown"), SLAM_TRIES),
    (_("Openings"), OPENINGS),
    (_("No trump: Stayman, transfers, invitations"), NOTRUMP),
    (_("The strong 2♣"), STRONG),
    (_("Over weak twos and preempts"), WEAK_TWOS),
    (_("Responses to one of a suit"), RESPONSES),
    (_("Opener's rebids and the next round"), REBIDS),
    (_("New Minor Forcing and Fourth Suit Forcing"), NEW_MINOR + FOURTH_SUIT),
    (_("Advancing partner's double or overcall"), ADVANCES),
    (_("Responder when they compete"), RESPONDER),
    (_("Overcalls, takeout doubles and balancing"), OVERCALLS),
    (_("Judged slams: when the rules stop below slam"), JUDGED),
    (_("Every other auction: slams, games, invitations, competing, penalty doubles"), GENERAL),
]
RULES: list = [one for _title, rules in SECTIONS for one in rules]
