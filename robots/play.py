"""The robot's card play: double-dummy analysis of sampled deals, from one seat's view.

docs/rules.md § Robots: the robot reads only what its seat is sent (``table_view``): its
own hand, dummy once faced, the cards played and the auction. It deals the unseen cards
at random to the hidden hands ``samples`` times (each hidden hand holds as many cards as
it has left, none of a suit it failed to follow, and when a few tries allow it the
high-card points its first call showed: :mod:`robots.sampling`), solves each layout
with endplay's double-dummy solver from the current position, and plays the legal card
that takes the most tricks on average (the opening lead follows the usual rules:
:mod:`robots.lead`; among cards of equal means a defender signals, :mod:`robots.signals`,
and the sampling reads the defenders' lead and signals). It stops sampling when the
next solve would overrun ``budget`` seconds, and falls back to a simple legal card if no
layout could be solved.
"""

from __future__ import annotations

import random
import time

from robots.lead import lead_view
from robots.sampling import layout_sample, position_deal, view_known
from robots.signals import partners_suit, signal_choose
from scoring import RANKS
from scoring.solver import solve_board

__all__ = ["DEFAULT_BUDGET", "DEFAULT_SAMPLES", "card_choose", "card_fallback"]

#: Layouts solved per card (docs/rules.md § Robots).
DEFAULT_SAMPLES = 24
#: Seconds one decision may take (docs/rules.md § Robots).
DEFAULT_BUDGET = 1.0
#: A defender on lead returns partner's suit when it rates at most this many tricks
#: below the best card (docs/rules.md § Robots, *Its leads and signals*).
RETURN_MARGIN = 0.1


def card_fallback(view: dict) -> str:
    """A simple legal card: the lowest card of the first legal suit."""
    cards = view["legal"]["cards"]
    return min(cards, key=lambda card: (-RANKS.index(card[1]), card[0]))


def card_choose(
    view: dict,
    *,
    samples: int = DEFAULT_SAMPLES,
    budget: float = DEFAULT_BUDGET,
    seed: int = 0,
    faults: list[str] | None = None,
) -> str:
    """The card the seat that acts in ``view`` plays (its own or dummy's). A fallback
    to a simple legal card is told in ``faults``, when given."""
    faults = [] if faults is None else faults
    legal = view["legal"]["cards"]
    if len(legal) == 1:
        return legal[0]
    if not view["play"]:
        return lead_view(view)
    try:
        scores = _scores(view, samples=samples, budget=budget, seed=seed)
    except Exception as error:  # noqa: BLE001 - any solver fault: play on with a legal card
        faults.append(f"solver: {type(error).__name__}: {error}"[:200])
        return card_fallback(view)
    if not scores:
        faults.append("no layout solved within the time budget")
        return card_fallback(view)
    best = max(scores.get(card, -1.0) for card in legal)
    near = [c for c in legal if scores.get(c, -1.0) >= best - RETURN_MARGIN]
    back = [c for c in near if c[0] == partners_suit(view)]
    if back and not (view["tricks"] and len(view["tricks"][-1]["cards"]) < 4):
        # A defender on lead returns partner's suit unless it rates clearly worse.
        near_best = max(scores[c] for c in back)
        return card_fallback({"legal": {"cards": [c for c in back if scores[c] == near_best]}})
    equal = [c for c in legal if scores.get(c, -1.0) == best]
    # Among equal means, a defender's signal, else the lowest card (stable and cheap).
    return signal_choose(view, equal) or card_fallback({"legal": {"cards": equal}})


def _scores(view: dict, *, samples: int, budget: float, seed: int) -> dict[str, float]:
    """Mean double-dummy tricks of each legal card over the solved layouts."""
    started = time.perf_counter()
    known = view_known(view)
    rng = random.Random(seed * 1_000_003 + len(view["play"]))
    totals: dict[str, float] = {}
    solved = 0
    for _ in range(samples):
        elapsed = time.perf_counter() - started
        # Stop before a solve that would likely overrun the budget (the mean so far).
        if solved and elapsed + elapsed / solved > budget * 0.9:
            break
        hands = layout_sample(known, rng)
        if hands is None:
            continue
        deal = position_deal(view, hands)
        for card, tricks in solve_board(deal):
            name = card.suit.name[0].upper() + card.rank.abbr
            totals[name] = totals.get(name, 0.0) + tricks
        solved += 1
    return {card: total / solved for card, total in totals.items()} if solved else {}
