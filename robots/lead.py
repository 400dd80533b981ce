"""The robot's opening lead, by the standard table rather than by analysis (docs/rules.md
§ Robots, *Its leads and signals*): solving the full deal many times before the lead
would not fit the time budget.

The suit: partner's suit (one partner's calls showed at least four of); else, against no
trumps, the longest suit the opponents have not shown (the weaker of equal ones: on 600
random deals that lost fewer tricks double dummy than the stronger); against a suit, an
ace-king or a sequence of touching honours, a side-suit singleton, a
suit of small cards, a suit headed by a king or a queen, in that order, never one the
opponents have shown while another is left, and a suit headed by the ace (without the
king) last: its ace is led, never a low card under it.

The card (the standard table): the ace of ace-king, the top of a sequence (KQJ, QJT, JT9,
and the broken KQT, QJ9, JT8; against a suit two touching honours, KQ, QJ, JT), the top
of an interior sequence (AQJ, AJT, KJT, KT9, QT9: the second card), the top of a
doubleton or of three small cards, else the fourth highest (the lowest from three cards
headed by an honour). This is the card its partner's and declarer's sampling
read (:mod:`robots.signals`).
"""

from __future__ import annotations

from scoring import HCP_POINTS, RANKS

__all__ = ["lead_card", "lead_choose", "lead_view"]

HONOURS = "AKQJT"


def _suit(hand: list[str], suit: str) -> list[str]:
    return sorted((c[1] for c in hand if c[0] == suit), key=RANKS.index)


def _touch(first: str, second: str) -> bool:
    return RANKS.index(second) == RANKS.index(first) + 1


def _sequence(ranks: list[str], trump: str) -> str | None:
    """The card a sequence at the top of the suit leads: three touching honours or a
    broken one (KQT), against a suit also two (KQ, and the ace of AK); an interior
    sequence (AQJ, KJT) leads its top card. None without one."""
    if len(ranks) < 2 or ranks[0] not in HONOURS:
        return None
    top, second = ranks[0], ranks[1]
    third = ranks[2] if len(ranks) > 2 else None
    if _touch(top, second):
        if trump != "NT" or top == "A" or (third and RANKS.index(third) - RANKS.index(second) <= 2):
            return top
        return None
    # interior: the two below the top touch and are honours (or T9 under a K or a Q)
    if third and second in HONOURS and _touch(second, third) and top in "AKQ":
        if top == "A" and trump != "NT":
            return None  # against a suit the ace is led, never a card under it
        return second
    return None


def lead_card(ranks: list[str], trump: str) -> str:
    """The card of the standard table from ``ranks`` (a suit's ranks, highest first)."""
    sequence = _sequence(ranks, trump)
    if sequence is not None:
        return sequence
    if trump != "NT" and ranks[0] == "A":
        return "A"  # never underlead an ace against a suit
    if len(ranks) <= 2:
        return ranks[0]
    if len(ranks) == 3:
        return ranks[-1] if ranks[0] in HONOURS[:4] else ranks[0]
    return ranks[3]


def lead_choose(
    hand: list[str],
    trump: str,
    *,
    partner: frozenset[str] | set[str] = frozenset(),
    theirs: frozenset[str] | set[str] = frozenset(),
) -> str:
    """The opening lead from ``hand`` against a contract in ``trump`` ("S" … "C", "NT");
    ``partner``: the suits partner showed (four or more cards), ``theirs``: those the
    opponents showed."""
    suits = [s for s in "SHDC" if s != trump and _suit(hand, s)] or [
        s for s in "SHDC" if _suit(hand, s)
    ]
    ranked = max(suits, key=lambda s: _priority(_suit(hand, s), s, hand, trump, partner, theirs))
    return ranked + lead_card(_suit(hand, ranked), trump)


def lead_view(view: dict) -> str:
    """The opening lead of the seat to play in ``view``, with the suits the auction
    showed (:func:`robots.bidding.shown`: four or more cards)."""
    from robots.bidding import shown
    from tableplay.cards import seat_next

    seat = view["to_play"]
    auction = [(entry["seat"], entry["call"]) for entry in view["auction"]]

    def suits(who: str) -> set[str]:
        return {s for s, (low, _high) in shown(auction, who)[1].items() if low >= 4}

    contract = view["contract"].rstrip("X")[1:]
    return lead_choose(
        view["hands"][seat],
        contract,
        partner=suits(seat_next(seat, 2)),
        theirs=suits(seat_next(seat, 1)) | suits(seat_next(seat, 3)),
    )


def _priority(ranks, suit, hand, trump, partner, theirs) -> tuple:
    points = sum(HCP_POINTS.get(r, 0) for r in ranks)
    own = (suit in partner, suit not in theirs)
    if trump == "NT":
        sequence = _sequence(ranks, trump) is not None
        return (*own, len(ranks) >= 4 or sequence, len(ranks), sequence, -points)
    sequence = _sequence(ranks, trump)
    if sequence is not None and sequence == ranks[0]:
        kind = 5
    elif len(ranks) == 1 and ranks[0] not in "KQJ" and _suit(hand, trump):
        kind = 4
    elif ranks[0] not in HONOURS[:4]:
        kind = 3  # small cards: the passive lead
    elif ranks[0] != "A":
        kind = 2
    else:
        kind = 1
    if suit in partner:
        kind = 9
    return (*own, kind, len(ranks), -points)
