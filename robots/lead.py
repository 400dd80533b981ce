"""The robot's opening lead, by the usual rules rather than by analysis (docs/rules.md
§ Robots): solving the full deal many times before the lead would not fit the time
budget.

Against no trumps: the longest suit (the stronger of equal ones), its top card from a
sequence of honours, else the fourth highest (the lowest from three or fewer). Against a
suit: the ace of ace-king, the top of an honour sequence, a side-suit singleton, else the
longest side suit as against no trumps (the top of a doubleton).
"""

from __future__ import annotations

from scoring import HCP_POINTS, RANKS

__all__ = ["lead_choose"]


def _suit(hand: list[str], suit: str) -> list[str]:
    return sorted((c[1] for c in hand if c[0] == suit), key=RANKS.index)


def _sequence_top(ranks: list[str]) -> str | None:
    """The top of two touching honours (AK, KQ, QJ, JT), or None."""
    for first, second in zip(ranks, ranks[1:], strict=False):
        if first in "AKQJ" and RANKS.index(second) == RANKS.index(first) + 1:
            return first
        if first not in "AKQJT":
            break
    return None


def _from_long(ranks: list[str]) -> str:
    top = _sequence_top(ranks)
    if top is not None and ranks[0] == top:
        return top
    if len(ranks) == 2:
        return ranks[0]
    return ranks[3] if len(ranks) >= 4 else ranks[-1]


def lead_choose(hand: list[str], trump: str) -> str:
    """The opening lead from ``hand`` against a contract in ``trump`` ("S" … "C", "NT")."""
    side_suits = [s for s in "SHDC" if s != trump and _suit(hand, s)]
    if not side_suits:
        side_suits = [s for s in "SHDC" if _suit(hand, s)]
    if trump != "NT":
        for suit in side_suits:
            ranks = _suit(hand, suit)
            if ranks[:2] == ["A", "K"]:
                return suit + "A"
        for suit in side_suits:
            ranks = _suit(hand, suit)
            top = _sequence_top(ranks)
            if top is not None and ranks[0] == top and top != "A":
                return suit + top
        singles = [s for s in side_suits if len(_suit(hand, s)) == 1]
        if singles and _suit(hand, trump):
            return singles[0] + _suit(hand, singles[0])[0]
    suit = max(
        side_suits,
        key=lambda s: (len(_suit(hand, s)), sum(HCP_POINTS.get(r, 0) for r in _suit(hand, s))),
    )
    return suit + _from_long(_suit(hand, suit))
