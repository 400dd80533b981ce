"""The robots' system in competition (docs/rules.md § Robots, *Its bidding system*):
overcalls, takeout doubles and balancing; advancing partner's double or overcall; and
responder when the opponents compete (negative doubles, cue-bid raises). Part of the one
list of rules (:mod:`robots.system.rules`)."""

from __future__ import annotations

from robots.system.base import rule as r
from robots.system.labels import GAME, NATURAL, RAISE, STOP, TAKEOUT, _

__all__ = ["ADVANCES", "OVERCALLS", "RESPONDER"]

SUIT_OPENING = "1{x}"
OVERCALLS = [
    r(SUIT_OPENING, "1NT", STOP, hcp=(15, 18), balanced=True, checks=("stop",)),
    r(SUIT_OPENING, "X", TAKEOUT, hcp=(12, 37), lengths={"x": (0, 2), "unbid": (3, 13)},
      key="takeout"),
    r(SUIT_OPENING, "X", TAKEOUT, hcp=(11, 37), lengths={"x": (0, 1), "unbid": (3, 13)},
      key="takeout"),
    r(SUIT_OPENING, "1{s}", _("Overcall: five or more cards"), hcp=(8, 17),
      lengths={"s": (5, 13)}, suits="x>", longest=True),
    r(SUIT_OPENING, "2{s}", _("Overcall: five or more cards"), hcp=(11, 17),
      lengths={"s": (5, 13)}, suits="x<", longest=True),
    r(SUIT_OPENING, "j{s}", _("Weak jump overcall: six or more cards"), hcp=(5, 10),
      lengths={"s": (6, 13)}, suits="SHDC!", longest=True),
    r(SUIT_OPENING, "X", _("Takeout double, strong"), hcp=(18, 37), key="takeout"),
    # 18 or more doubles (above), so a pass here shows at most 17 (read in the sampling)
    r(SUIT_OPENING, "P", _("No overcall"), hcp=(0, 17)),
    # over weak twos and preempts
    r("[23]{x}", "3NT", STOP, hcp=(16, 21), checks=("stop",)),
    r("2{x}", "2NT", STOP, hcp=(15, 18), balanced=True, checks=("stop",)),
    r("[234]{x}", "X", TAKEOUT, hcp=(13, 37), lengths={"x": (0, 2), "unbid": (3, 13)},
      key="takeout"),
    r("[23]{x}", "4{s}", _("Game: six or more cards"), hcp=(15, 21), lengths={"s": (6, 13)},
      suits="HS!"),
    r("[23]{x}", "c{s}", _("Overcall: five or more cards"), hcp=(12, 17),
      lengths={"s": (5, 13)}, suits="SHDC!", longest=True),
    r("[234]{x}", "X", _("Takeout double, strong"), hcp=(18, 37), key="takeout"),
    r("[234]{x}", "P", _("No overcall"), hcp=(0, 17)),  # 18 or more doubles (above)
    # over 1NT
    r("1NT", "X", _("Penalty"), hcp=(16, 37)),
    r("1NT", "c{s}", _("Natural: six or more cards"), hcp=(8, 15), lengths={"s": (6, 13)},
      longest=True),
    r("1NT", "P", _("No action over 1NT"), hcp=(0, 15)),  # 16 or more doubles (above)
    # balancing
    r("1{x} P P", "1NT", _("Balancing: balanced, a stopper"), hcp=(11, 14), balanced=True,
      checks=("stop",)),
    r("1{x} P P", "X", _("Balancing takeout double"), hcp=(9, 37),
      lengths={"x": (0, 2), "unbid": (3, 13)}, key="takeout"),
    r("1{x} P P", "c{s}", _("Balancing: five or more cards"), hcp=(8, 16),
      lengths={"s": (5, 13)}, suits="SHDC!", longest=True),
    r("1{x} P P", "X", _("Balancing takeout double, strong"), hcp=(17, 37), key="takeout"),
    r("[23]{x} P P", "X", _("Balancing takeout double"), hcp=(10, 37),
      lengths={"x": (0, 2), "unbid": (3, 13)}, key="takeout"),
    r("[23]{x} P P", "c{s}", _("Balancing: five or more cards"), hcp=(9, 17),
      lengths={"s": (5, 13)}, suits="SHDC!", longest=True),
    # in fourth seat after both opponents bid
    r("@opponents_only", "c{s}", _("Overcall: five or more cards"), hcp=(11, 17),
      lengths={"s": (5, 13)}, suits="unbid", longest=True, checks=("low_level",)),
]  # fmt: skip


ADVANCE = "@advance"
ADVANCES = [
    r(ADVANCE, "P", _("Penalty: long and strong in their suit"), hcp=(8, 37),
      lengths={"O": (5, 13)}, checks=("stop",)),
    r(ADVANCE, "4{s}", GAME, hcp=(12, 37), lengths={"s": (5, 13)}, suits="HS!"),
    r(ADVANCE, "3NT", STOP, hcp=(13, 37), checks=("stop",)),
    r(ADVANCE, "c{O}", _("Cue bid: 12 or more points, forcing"), hcp=(12, 37),
      artificial=True, forcing=True),
    r(ADVANCE, "j{s}", _("Jump: invitational, four or more cards"), hcp=(9, 11),
      lengths={"s": (4, 13)}, suits="SHDC!", longest=True, invite=True),
    r(ADVANCE, "cNT", STOP, hcp=(6, 10), checks=("stop", "low_level"),
      lengths={"unbid_majors": (0, 3)}),
    r(ADVANCE, "c{s}", _("Advance: the longest unbid suit"), hcp=(0, 8),
      lengths={"s": (3, 13)}, suits="HSDC!", longest=True),
    r(ADVANCE, "c{s}", _("Advance: the longest unbid suit"), lengths={"s": (3, 13)},
      suits="HSDC!", longest=True),
    r(ADVANCE, "c{s}", _("Advance: no other call"), suits="HSDC!", longest=True),
    r(ADVANCE, "cNT", _("Advance: no other call")),
    r("1{x} X 1{y}", "c{s}", _("Free bid: five or more cards"), hcp=(6, 37),
      lengths={"s": (5, 13)}, suits="SHDC!", longest=True),
    # partner's overcall
    r("1{x} [12]{y} P", "4{y}", _("Preemptive raise: four or more trumps"), hcp=(0, 9),
      lengths={"y": (5, 13)}),
    r("1{x} [12]{y} P", "c{x}", _("Cue bid: a raise with 11 or more points"), hcp=(11, 37),
      lengths={"y": (3, 13)}, artificial=True, forcing=True),
    r("1{x} [12]{y} P", "j{y}", _("Preemptive raise: four or more trumps"), hcp=(0, 10),
      lengths={"y": (4, 13)}),
    r("1{x} [12]{y} P", "c{y}", RAISE, hcp=(6, 10), lengths={"y": (3, 13)}),
    r("1{x} [12]{y} P", "3NT", STOP, hcp=(15, 37), checks=("stop",)),
    r("1{x} [12]{y} P", "2NT", STOP, hcp=(12, 14), checks=("stop",), invite=True),
    r("1{x} 1{y} P", "1NT", STOP, hcp=(8, 11), checks=("stop",)),
    r("1{x} [12]{y} P", "c{s}", _("Five or more cards, forcing"), hcp=(10, 37),
      lengths={"s": (5, 13)}, suits="new", longest=True, forcing=True),
    r("1{x} [12]{y} P", "P", _("No better call")),
]  # fmt: skip


COMPETE = "1{x} [12]{y}"
RESPONDER = [
    r("1{x} X", "XX", _("Redouble: 10 or more points"), hcp=(10, 37)),
    r("1{x} X", "j{x}", _("Preemptive raise: four or more trumps"), hcp=(0, 9),
      lengths={"x": (4, 13)}),
    r("1{x} X", "c{x}", RAISE, hcp=(6, 9), lengths={"x": (3, 13)}),
    r("1{x} X", "1{s}", NATURAL, hcp=(6, 9), lengths={"s": (5, 13)}, suits="x>"),
    r("1{x} X", "P", _("No better call")),
    r("1{x} 1{y}", "X", _("Negative double: four cards in the unbid major"), hcp=(7, 37),
      lengths={"unbid_majors": (4, 13)}, artificial=True, key="negative"),
    r("1{x} 2{y}", "X", _("Negative double: four cards in the unbid major"), hcp=(9, 37),
      lengths={"unbid_majors": (4, 13)}, artificial=True, key="negative"),
    r("1{x} 3{y}", "X", _("Negative double: four cards in the unbid major"), hcp=(9, 37),
      lengths={"unbid_majors": (4, 13)}, artificial=True, key="negative"),
    r(COMPETE, "c{y}", _("Cue bid: a raise with 11 or more points"), hcp=(11, 37),
      lengths={"x": (3, 13)}, artificial=True, forcing=True),
    r(COMPETE, "j{x}", _("Preemptive raise: four or more trumps"), hcp=(0, 9),
      lengths={"x": (4, 13)}),
    r(COMPETE, "c{x}", RAISE, hcp=(6, 10), lengths={"x": (3, 13)}, suits="HS"),
    r("1[CD] 1{y}", "1{s}", NATURAL, hcp=(7, 37), lengths={"s": (5, 13)}, suits="y>",
      forcing=True),
    r(COMPETE, "c{s}", _("Five or more cards, forcing"), hcp=(11, 37), lengths={"s": (5, 13)},
      suits="new", longest=True, forcing=True),
    r(COMPETE, "3NT", STOP, hcp=(13, 17), checks=("stop",)),
    r(COMPETE, "2NT", STOP, hcp=(11, 12), checks=("stop",), invite=True),
    r("1{x} 1{y}", "1NT", STOP, hcp=(7, 10), checks=("stop",)),
    r(COMPETE, "c{x}", RAISE, hcp=(6, 10), lengths={"x": (4, 13)}),
    r(COMPETE, "P", _("No better call")),
    # opener after partner's negative double
    r("1{x} [12]{y} X P", "j{s}", _("Four cards in the major, 16–18"), hcp=(16, 18),
      lengths={"s": (4, 13)}, suits="unbid"),
    r("1{x} [12]{y} X P", "c{s}", _("Four cards in the major"), lengths={"s": (4, 13)},
      suits="unbid"),
    r("1{x} [12]{y} X P", "c{x}", _("Six or more cards"), lengths={"x": (6, 13)}),
    r("1{x} [12]{y} X P", "cNT", STOP, hcp=(12, 14), checks=("stop",)),
    r("1{x} [12]{y} X P", "c{s}", _("Three or more cards, no better call"),
      lengths={"s": (3, 13)}, suits="unbid", longest=True),
    r("1{x} [12]{y} X P", "c{x}", _("No better call")),
]  # fmt: skip
