"""The robots' bidding system, described once as data (docs/rules.md § Robots): the
rules (:mod:`robots.system.rules`), their named tests (:mod:`robots.system.checks`) and
the machinery that bids, explains and reads an auction from them
(:mod:`robots.system.engine`)."""

from robots.system.base import Hand, Meaning, Rule, hand_read
from robots.system.engine import auction_picture, call_meaning, call_pick

__all__ = ["Hand", "Meaning", "Rule", "auction_picture", "call_meaning", "call_pick", "hand_read"]
