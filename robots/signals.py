"""The defenders' signals, given and read by the same rules (docs/rules.md § Robots, *Its
leads and signals*).

A defender's spot card (2 to 9) that follows suit and does not win the trick (nor beat
the trick so far, while it is played), or that it discards, is a signal, standard: *high*
is any card but the lowest it held in the suit, *low* the lowest.

* **Attitude**, on partner's lead and on a discard: high encourages (an ace, a king or a
  queen in the suit), low discourages (none).
* **Count**, on declarer's (or dummy's) lead: high-low shows an even number of cards in
  the suit, the lowest an odd number.
* **The opening lead** is the card of the standard table (:func:`robots.lead.lead_card`).

A robot defender gives them when it does not play to win the trick: among the cards its
analysis rates equal, the highest spot card to say *high*, else the lowest. Every robot
(its partner and declarer alike: a partnership's carding is disclosed on the system card)
reads them in its sampling: a layout of the unseen cards in which each signal of a
hidden defender means what it says is preferred (:func:`signal_misses` counts those
that do not), so a signal is a preference, never a rule: a person's, or a robot's that
had no card to say it with, may not mean it.
"""

from __future__ import annotations

from robots.lead import lead_card
from scoring import RANKS
from tableplay.cards import seat_next, side

__all__ = ["SPOTS", "partners_suit", "signal_choose", "signal_events", "signal_misses"]

#: The cards that signal.
SPOTS = "98765432"
_STOPPERS = "AKQ"


def _beats(card: str, best: str, trump: str | None) -> bool:
    if card[0] == best[0]:
        return RANKS.index(card[1]) < RANKS.index(best[1])
    return card[0] == trump


def _winning(cards: list[str], trump: str | None) -> str:
    best = cards[0]
    for card in cards[1:]:
        if _beats(card, best, trump):
            best = card
    return best


def _trump(view: dict) -> str | None:
    strain = view["contract"].rstrip("X")[1:]
    return None if strain == "NT" else strain


def _kind(trick_cards: list[str], leader: str, seat: str, card: str, trump) -> str | None:
    """What ``seat``'s spot ``card``, played after ``trick_cards`` (led by ``leader``),
    signals: "attitude", "count", or None (it leads, ruffs, or is an honour)."""
    if not trick_cards or card[1] not in SPOTS:
        return None
    led = trick_cards[0][0]
    if card[0] != led:
        return None if card[0] == trump else "attitude"
    return "attitude" if leader == seat_next(seat, 2) else "count"


def signal_events(view: dict) -> list[tuple[str, str, str, int]]:
    """Every signal a defender made so far: (seat, kind, card, the number of cards of
    that suit the seat played before it); kind "lead" for the opening lead."""
    if not view.get("declarer"):
        return []
    declaring = side(view["declarer"])
    trump = _trump(view)
    played: dict[str, list[str]] = {}
    events = []
    for number, trick in enumerate(view["tricks"]):
        for offset, card in enumerate(trick["cards"]):
            seat = seat_next(trick["leader"], offset)
            before = sum(c[0] == card[0] for c in played.get(seat, []))
            played.setdefault(seat, []).append(card)
            if side(seat) == declaring:
                continue
            if number == 0 and offset == 0:
                events.append((seat, "lead", card, 0))
                continue
            kind = _kind(trick["cards"][:offset], trick["leader"], seat, card, trump)
            if kind is not None and not _won(trick, offset, trump):
                events.append((seat, kind, card, before))
    return events


def _won(trick: dict, offset: int, trump: str | None) -> bool:
    """Whether the card at ``offset`` won its trick (played to win, not a signal), or
    beats the cards before it while the trick is played."""
    card = trick["cards"][offset]
    if len(trick["cards"]) == 4:
        return trick.get("winner") == seat_next(trick["leader"], offset)
    return _beats(card, _winning(trick["cards"][:offset], trump), trump)


def partners_suit(view: dict) -> str | None:
    """The suit the partner of the defender to play in ``view`` led first (the opening
    lead, or its first lead later), or None (declaring side, or partner has not led)."""
    seat = view["to_play"]
    if not view.get("declarer") or side(seat) == side(view["declarer"]):
        return None
    partner = seat_next(seat, 2)
    for trick in view["tricks"]:
        if trick["leader"] == partner and trick["cards"]:
            return trick["cards"][0][0]
    return None


def _means(kind: str, holding: list[str], card: str, trump: str | None) -> bool:
    """Whether ``card`` says what ``holding`` (the suit's ranks held when it was played,
    ``card`` among them) would have it say."""
    ranks = sorted(holding, key=RANKS.index)
    if kind == "lead":
        return lead_card(ranks, "NT" if trump is None else trump) == card[1]
    high = ranks[-1] != card[1]
    if kind == "count":
        return high == (len(ranks) % 2 == 0)
    return high == any(rank in _STOPPERS for rank in ranks)


def signal_misses(known: dict, hands: dict[str, list[str]]) -> int:
    """How many of the hidden defenders' signals (``known["signals"]``) a layout of
    ``hands`` makes untrue."""
    misses = 0
    for seat, kind, card, before in known.get("signals", ()):
        if seat not in hands:
            continue
        suit = card[0]
        played = [c[1] for c in known["played_by"][seat] if c[0] == suit]
        holding = played[before:] + [c[1] for c in hands[seat] if c[0] == suit]
        misses += not _means(kind, holding, card, known.get("trump"))
    return misses


def signal_choose(view: dict, equal: list[str]) -> str | None:
    """The card a defender signals with among ``equal`` (the cards its analysis rates
    best, all the same), or None when it has no signal to give (declaring side, leading,
    or fewer than two spot cards that would signal)."""
    seat = view["to_play"]
    if view.get("declarer") is None or side(seat) == side(view["declarer"]):
        return None
    trick = view["tricks"][-1] if view["tricks"] else None
    if not trick or len(trick["cards"]) in (0, 4):
        return None
    trump = _trump(view)
    hand = view["hands"][seat]
    kinds = {card: _kind(trick["cards"], trick["leader"], seat, card, trump) for card in equal}
    options = [card for card, kind in kinds.items() if kind is not None]
    if len(options) < 2:
        return None
    if options[0][0] == trick["cards"][0][0]:  # following: one suit
        holding = [c[1] for c in hand if c[0] == options[0][0]]
        kind = kinds[options[0]]
        want_high = (
            len(holding) % 2 == 0 if kind == "count" else any(rank in _STOPPERS for rank in holding)
        )
        ordered = sorted(options, key=lambda c: RANKS.index(c[1]))
        return ordered[0] if want_high else ordered[-1]
    return _discard(hand, options)


def _discard(hand: list[str], options: list[str]) -> str:
    """A discard that says what the hand holds: the lowest of a suit without an ace, a
    king or a queen (discouraging), else the highest spot card of a suit with one."""

    def stopper(suit: str) -> bool:
        return any(c[0] == suit and c[1] in _STOPPERS for c in hand)

    def lowest(card: str) -> bool:
        return all(
            RANKS.index(c[1]) < RANKS.index(card[1]) for c in hand if c[0] == card[0] and c != card
        )

    for card in sorted(options, key=lambda c: -RANKS.index(c[1])):
        if not stopper(card[0]) and lowest(card):
            return card
    for card in sorted(options, key=lambda c: RANKS.index(c[1])):
        if stopper(card[0]) and not lowest(card):
            return card
    return min(options, key=lambda c: -RANKS.index(c[1]))
