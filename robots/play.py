"""The robot's card play: double-dummy analysis of sampled deals, from one seat's view.

docs/rules.md § Robots: the robot reads only what its seat is sent (``table_view``): its
own hand, dummy once faced, the cards played and the auction. It deals the unseen cards
at random to the hidden hands ``samples`` times (each hidden hand holds as many cards as
it has left, none of a suit it failed to follow, and when a few tries allow it the
high-card points its first call showed), solves each layout with endplay's
double-dummy solver from the current position, and plays the legal card that takes the
most tricks on average (the opening lead follows the usual rules: :mod:`robots.lead`).
It stops sampling when ``budget`` seconds are spent, and falls
back to a simple legal card if no layout could be solved.
"""

from __future__ import annotations

import random
import time

from robots.bidding import hcp_range
from robots.lead import lead_choose
from tableplay.cards import SEATS, SUITS, seat_next

__all__ = ["DEFAULT_BUDGET", "DEFAULT_SAMPLES", "card_choose", "card_fallback"]

#: Layouts solved per card (docs/rules.md § Robots).
DEFAULT_SAMPLES = 24
#: Seconds one decision may take (docs/rules.md § Robots).
DEFAULT_BUDGET = 1.0

_RANK_ORDER = "AKQJT98765432"
_POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}
_ALL_CARDS = [suit + rank for suit in SUITS for rank in _RANK_ORDER]


def card_fallback(view: dict) -> str:
    """A simple legal card: the lowest card of the first legal suit."""
    cards = view["legal"]["cards"]
    return min(cards, key=lambda card: (-_RANK_ORDER.index(card[1]), card[0]))


def card_choose(
    view: dict,
    *,
    samples: int = DEFAULT_SAMPLES,
    budget: float = DEFAULT_BUDGET,
    seed: int = 0,
) -> str:
    """The card the seat that acts in ``view`` plays (its own or dummy's)."""
    legal = view["legal"]["cards"]
    if len(legal) == 1:
        return legal[0]
    if not view["play"]:
        return lead_choose(view["hands"][view["to_play"]], _strain(view["contract"]))
    try:
        scores = _scores(view, samples=samples, budget=budget, seed=seed)
    except Exception:  # noqa: BLE001 - any solver fault: play on with a legal card
        return card_fallback(view)
    if not scores:
        return card_fallback(view)
    best = max(scores.get(card, -1.0) for card in legal)
    # Among equal means, the lowest card (keeps the choice stable and cheap).
    return card_fallback({"legal": {"cards": [c for c in legal if scores.get(c, -1.0) == best]}})


def _scores(view: dict, *, samples: int, budget: float, seed: int) -> dict[str, float]:
    """Mean double-dummy tricks of each legal card over the solved layouts."""
    from endplay.dds import solve_board

    started = time.perf_counter()
    known = _known(view)
    rng = random.Random(seed * 1_000_003 + len(view["play"]))
    totals: dict[str, float] = {}
    solved = 0
    for _ in range(samples):
        elapsed = time.perf_counter() - started
        # Stop before a solve that would likely overrun the budget (the mean so far).
        if solved and elapsed + elapsed / solved > budget * 0.9:
            break
        hands = _layout(known, rng)
        if hands is None:
            continue
        deal = _deal(view, hands)
        for card, tricks in solve_board(deal):
            name = card.suit.name[0].upper() + card.rank.abbr
            totals[name] = totals.get(name, 0.0) + tricks
        solved += 1
    return {card: total / solved for card, total in totals.items()} if solved else {}


def _known(view: dict) -> dict:
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
    return {
        "played_by": played_by,
        "ranges": {seat: hcp_range(auction, seat) for seat in hidden},
        "visible": visible,
        "hidden": hidden,
        "unseen": [card for card in _ALL_CARDS if card not in seen],
        "sizes": {seat: 13 - len(played_by[seat]) for seat in hidden},
        "voids": voids,
    }


def _layout(known: dict, rng: random.Random) -> dict[str, list[str]] | None:
    """One random deal of the unseen cards to the hidden hands that respects each hand's
    size and voids; None after a few failed tries."""
    hidden, voids = known["hidden"], known["voids"]
    for attempt in range(60):
        cards = list(known["unseen"])
        rng.shuffle(cards)
        # The cards fewest hands can hold go first, so the greedy deal rarely fails.
        cards.sort(key=lambda card: sum(card[0] not in voids[seat] for seat in hidden))
        room = dict(known["sizes"])
        hands: dict[str, list[str]] = {seat: [] for seat in hidden}
        for card in cards:
            open_seats = [s for s in hidden if room[s] > 0 and card[0] not in voids[s]]
            if not open_seats:
                break
            weights = [room[s] for s in open_seats]
            seat = rng.choices(open_seats, weights=weights)[0]
            hands[seat].append(card)
            room[seat] -= 1
        else:
            # The points the auction showed, while a few tries find such a layout.
            if attempt >= 40 or all(_fits(known, seat, hands[seat]) for seat in hidden):
                return hands
    return None


def _fits(known: dict, seat: str, cards: list[str]) -> bool:
    low, high = known["ranges"].get(seat, (0, 37))
    points = sum(_POINTS.get(card[1], 0) for card in cards + known["played_by"][seat])
    return low <= points <= high


def _deal(view: dict, hidden_hands: dict[str, list[str]]):
    """An endplay deal of the current position: remaining cards plus the cards of the
    trick in progress, played again on the solver's side."""
    from endplay.types import Card, Deal, Denom, Player

    hands = {**{s: list(c) for s, c in view["hands"].items() if c is not None}, **hidden_hands}
    trick = view["tricks"][-1] if view["tricks"] else None
    current = trick["cards"] if trick and len(trick["cards"]) < 4 else []
    if current:
        leader = trick["leader"]
        for offset, card in enumerate(current):
            hands[seat_next(leader, offset)].append(card)
    else:
        leader = view["to_play"]
    pbn = "N:" + " ".join(
        ".".join(
            "".join(sorted((c[1] for c in hands[seat] if c[0] == suit), key=_RANK_ORDER.index))
            for suit in SUITS
        )
        for seat in SEATS
    )
    deal = Deal(pbn)
    strain = _strain(view["contract"])
    deal.trump = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs}.get(
        strain, Denom.nt
    )
    deal.first = Player.find(leader)
    for card in current:
        deal.play(Card(card))
    return deal


def _strain(contract: str) -> str:
    """The strain of "4S", "3NTX": "S", "NT"."""
    body = contract.rstrip("X")[1:]
    return body
