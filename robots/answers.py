"""The robot's answers to a claim or an undo it is asked to agree to (docs/rules.md
§ Robots): it accepts an undo as a fair opponent would (the asking side's first of the
board), and accepts a claim when the claimer's
side takes at least the claimed tricks double dummy in every layout it samples of the
cards it cannot see (the claimer's hand is faced, so it sees it); otherwise, or on a
fault, it rejects the claim and the director rules."""

from __future__ import annotations

import random
import time

from robots.sampling import layout_sample, position_deal, view_known
from scoring.solver import solve_board
from tableplay.cards import side

__all__ = ["answer_choose", "undo_answer", "undo_fair"]


def seat_asked(view: dict) -> bool:
    """Whether the view's seat answers the waiting claim or undo and has not yet: the
    engine's word (``Table.answerers``), sent in the view's ``may``."""
    return bool(view.get("may", {}).get("answer"))


def undo_fair(view: dict) -> bool:
    """Whether a fair opponent lets the waiting undo through (docs/rules.md § Robots,
    *Its answers*): a slip is put right once a side a board, not again."""
    asker = side(view["undo"]["seat"])
    return view.get("undone", {}).get(asker, 0) == 0


def undo_answer(view: dict, seat: str) -> str | None:
    """ "accept" or "reject" for the waiting undo, or None when ``seat`` is not asked."""
    if view["undo"] is None or view["viewer"] != seat or not seat_asked(view):
        return None
    return "accept" if undo_fair(view) else "reject"


def answer_choose(view: dict, *, samples: int, budget: float, seed: int) -> str | None:
    """ "accept", "reject", or None when nothing waits for this seat's answer."""
    seat = view["viewer"]
    claim, undo = view["claim"], view["undo"]
    if undo is not None:
        return undo_answer(view, seat)
    if claim is None or not seat_asked(view):
        return None
    try:
        least = _claimers_least(view, samples=samples, budget=budget, seed=seed)
    except Exception:  # noqa: BLE001 - a fault: the director rules
        return "reject"
    return "accept" if least is not None and claim["tricks"] <= least else "reject"


def _claimers_least(view: dict, *, samples: int, budget: float, seed: int) -> int | None:
    """The fewest tricks the claimer's side takes double dummy over the sampled layouts."""
    started = time.perf_counter()
    known = view_known(view)
    rng = random.Random(seed * 1_000_003 + len(view["play"]))
    left = 13 - sum(1 for trick in view["tricks"] if len(trick["cards"]) == 4)
    claimers = side(view["claim"]["seat"])
    if len(known["hidden"]) < 2:  # the claimer's hand faced: one layout is possible
        samples = min(samples, 1)
    least = None
    for count in range(samples):
        elapsed = time.perf_counter() - started
        if count and elapsed + elapsed / count > budget * 0.9:
            break
        hands = layout_sample(known, rng)
        if hands is None:
            continue
        best = max(tricks for _, tricks in solve_board(position_deal(view, hands)))
        taken = best if side(view["to_play"]) == claimers else left - best
        least = taken if least is None else min(least, taken)
    return least
