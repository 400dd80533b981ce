"""What a robot knows of the unseen cards, random layouts of them, and the endplay deal
of the current position (docs/rules.md § Robots).

Everything here starts from one seat's view (``table_view``): the visible hands, the
cards played (and so the voids shown by not following suit) and the auction (the
high-card points and suit lengths every call of each hidden hand showed, read from the
robots' system, :mod:`robots.system`), and the hidden defenders' opening lead and signals
(:mod:`robots.signals`).
"""

from __future__ import annotations

import random

from robots.bidding import shown
from robots.signals import signal_events, signal_misses
from scoring import HCP_POINTS, RANKS
from scoring.solver import position_deal as solver_position
from tableplay.cards import SEATS, SUITS, seat_next

__all__ = ["contract_strain", "layout_sample", "position_deal", "view_known"]

#: Tries for a layout in which every signal tells the truth, after the first that fits
#: the auction (and once a call of the decision found none).
SIGNAL_TRIES, SIGNAL_TRIES_AFTER_MISS = 15, 3

_ALL_CARDS = [suit + rank for suit in SUITS for rank in RANKS]


def view_known(view: dict) -> dict:
    """What the seat knows: visible hands, the unseen cards, and each hidden hand's
    size and voids."""
    played_by: dict[str, list[str]] = {seat: [] for seat in SEATS}
    voids: dict[str, set[str]] = {seat: set() for seat in SEATS}
    for trick in view["tricks"]:
        led = trick["cards"][0][0] if trick["cards"] else None
        for offset, card in enumerate(trick["cards"]):
            seat = seat_next(trick["leader"], offset)
            played_by[seat].append(card)
            if card[0] != led:
                voids[seat].add(led)
    visible = {seat: list(cards) for seat, cards in view["hands"].items() if cards is not None}
    seen = set(view["play"]).union(*map(set, visible.values()))
    hidden = [seat for seat in SEATS if seat not in visible]
    auction = [(entry["seat"], entry["call"]) for entry in view["auction"]]
    strain = contract_strain(view["contract"]) if view.get("contract") else "NT"
    return {
        "played_by": played_by,
        "shown": {seat: shown(auction, seat) for seat in hidden},
        "visible": visible,
        "hidden": hidden,
        "unseen": [card for card in _ALL_CARDS if card not in seen],
        "sizes": {seat: 13 - len(played_by[seat]) for seat in hidden},
        "voids": voids,
        "trump": None if strain == "NT" else strain,
        "signals": [event for event in signal_events(view) if event[0] in hidden],
    }


def layout_sample(known: dict, rng: random.Random) -> dict[str, list[str]] | None:
    """One random deal of the unseen cards to the hidden hands that respects each hand's
    size and voids; None after a few failed tries. The first try that fits the auction
    and every signal of a hidden defender, else (a few tries after the first that fits
    the auction: fewer once a call of the same decision found none that fits everything)
    the one that fits the auction and misses the fewest signals, else the one that
    misses the fewest."""
    best: tuple[tuple[bool, int], dict] | None = None
    extra = SIGNAL_TRIES_AFTER_MISS if known.get("_imperfect") else SIGNAL_TRIES
    fitted = None
    for attempt in range(60):
        hands = _layout_try(known, rng, auction=attempt < 40)
        if hands is None:
            continue
        fits = attempt < 40 and all(_fits(known, seat, hands[seat]) for seat in hands)
        score = (not fits, signal_misses(known, hands))
        if score == (False, 0):
            return hands
        if best is None or score < best[0]:
            best = (score, hands)
        fitted = attempt if fits and fitted is None else fitted
        if fitted is not None and attempt - fitted >= extra:
            break
    known["_imperfect"] = True
    return None if best is None else best[1]


def _layout_try(known: dict, rng: random.Random, *, auction: bool) -> dict | None:
    """One try of :func:`layout_sample` (with the auction's lengths placed first and
    its points swapped towards, when ``auction``), or None when the greedy deal failed."""
    hidden, voids = known["hidden"], known["voids"]
    cards = list(known["unseen"])
    rng.shuffle(cards)
    room = dict(known["sizes"])
    hands: dict[str, list[str]] = {seat: [] for seat in hidden}
    if auction:  # the suit lengths the auction showed, placed first
        _lengths_place(known, cards, hands, room)
    # The cards fewest hands can hold go first, so the greedy deal rarely fails.
    cards.sort(key=lambda card: sum(card[0] not in voids[seat] for seat in hidden))
    for card in cards:
        open_seats = [s for s in hidden if room[s] > 0 and card[0] not in voids[s]]
        if not open_seats:
            return None
        weights = [room[s] for s in open_seats]
        seat = rng.choices(open_seats, weights=weights)[0]
        hands[seat].append(card)
        room[seat] -= 1
    if auction:  # what the auction showed, while a few tries find such a layout
        _points_fix(known, hands, rng)
    return hands


def _lengths_place(known: dict, cards: list[str], hands: dict, room: dict) -> None:
    """Give each hidden hand, from the shuffled ``cards``, the fewest cards of each suit
    its calls showed (less those it has played), while it has room."""
    for seat in known["hidden"]:
        _points, lengths = known["shown"].get(seat, ((0, 37), {}))
        for suit, (low, _high) in lengths.items():
            played = sum(card[0] == suit for card in known["played_by"][seat])
            need = min(low - played, room[seat])
            if need <= 0 or suit in known["voids"][seat]:
                continue
            chosen = [card for card in cards if card[0] == suit][:need]
            for card in chosen:
                cards.remove(card)
            hands[seat] += chosen
            room[seat] -= len(chosen)


def _miss(known: dict, seat: str, cards: list[str]) -> int:
    """How many points ``seat``'s hand is outside the range its calls showed."""
    (low, high), _lengths = known["shown"].get(seat, ((0, 37), {}))
    points = sum(HCP_POINTS.get(card[1], 0) for card in cards + known["played_by"][seat])
    return max(0, low - points) + max(0, points - high)


def _points_fix(known: dict, hands: dict, rng: random.Random, tries: int = 80) -> None:
    """Swap cards of one suit between two hidden hands (their lengths stay as they are)
    while that brings the hands nearer the points their calls showed."""
    seats = list(hands)
    if len(seats) < 2:
        return
    for _ in range(tries):
        misses = {seat: _miss(known, seat, hands[seat]) for seat in seats}
        if not any(misses.values()):
            return
        first = rng.choice([seat for seat in seats if misses[seat]])
        second = rng.choice([seat for seat in seats if seat != first])
        mine, theirs = hands[first], hands[second]
        i, j = rng.randrange(len(mine)), rng.randrange(len(theirs))
        if mine[i][0] != theirs[j][0]:
            continue
        before = misses[first] + misses[second]
        mine[i], theirs[j] = theirs[j], mine[i]
        if _miss(known, first, mine) + _miss(known, second, theirs) > before:
            mine[i], theirs[j] = theirs[j], mine[i]


def _fits(known: dict, seat: str, cards: list[str]) -> bool:
    """Whether the hand (its cards and those it played) has the points and the suit
    lengths its calls showed."""
    (low, high), lengths = known["shown"].get(seat, ((0, 37), {}))
    held = cards + known["played_by"][seat]
    points = sum(HCP_POINTS.get(card[1], 0) for card in held)
    if not low <= points <= high:
        return False
    return all(lo <= sum(c[0] == suit for c in held) <= hi for suit, (lo, hi) in lengths.items())


def position_deal(view: dict, hidden_hands: dict[str, list[str]]):
    """The endplay deal of the current position (``scoring.solver.position_deal``): the
    cards the view shows and ``hidden_hands`` for the rest, with the trick in progress."""
    hands = {**{s: c for s, c in view["hands"].items() if c is not None}, **hidden_hands}
    trick = view["tricks"][-1] if view["tricks"] else None
    current = trick["cards"] if trick and len(trick["cards"]) < 4 else []
    leader = trick["leader"] if current else view["to_play"]
    return solver_position(hands, leader, current, contract_strain(view["contract"]))


def contract_strain(contract: str) -> str:
    """The strain of "4S", "3NTX": "S", "NT"."""
    body = contract.rstrip("X")[1:]
    return body
