"""Robots: a player the server can seat (docs/rules.md § Robots).

Pure Python on top of the table engine, no Django: :func:`robot_act` takes what one seat
is sent (``tableplay.views.table_view(table, seat)``) and returns that seat's next call or
card, so it cannot use the hidden hands. Bidding follows the system described once as
data (:mod:`robots.system`, read by :mod:`robots.bidding`; an artificial call is sent with
its alert); play samples the unseen cards and solves each layout double
dummy (:mod:`robots.play`) within a time budget.
"""

from __future__ import annotations

from robots.answers import answer_choose
from robots.bidding import call_alert, call_choose
from robots.play import DEFAULT_BUDGET, DEFAULT_SAMPLES, card_choose, card_fallback
from tableplay.engine import Action

__all__ = ["DEFAULT_BUDGET", "DEFAULT_SAMPLES", "robot_act"]


def robot_act(
    view: dict,
    *,
    seed: int = 0,
    budget: float = DEFAULT_BUDGET,
    samples: int = DEFAULT_SAMPLES,
    faults: list[str] | None = None,
) -> Action | None:
    """The next action of the seat ``view`` was made for (a call, a card, or its answer
    to a waiting claim or undo), or None when it has nothing to do. Any fault falls back
    to a legal choice, and is told in ``faults`` when given (the event log says so)."""
    faults = [] if faults is None else faults
    seat = view["viewer"]
    if seat is None:
        return None
    if view["claim"] is not None or view["undo"] is not None:
        answer = answer_choose(view, samples=samples, budget=budget, seed=seed)
        return Action(answer, seat) if answer else None
    if view["actor"] != seat:
        return None
    if view["legal"]["calls"]:
        try:
            call = call_choose(view)
            alert = call_alert(view, call)
        except Exception as error:  # noqa: BLE001 - a robot never stalls the table
            faults.append(f"bidding: {type(error).__name__}: {error}"[:200])
            call, alert = "P", ""
        return Action("call", seat, call, alert)
    if view["legal"]["cards"]:
        try:
            card = card_choose(view, samples=samples, budget=budget, seed=seed, faults=faults)
        except Exception as error:  # noqa: BLE001
            faults.append(f"play: {type(error).__name__}: {error}"[:200])
            card = card_fallback(view)
        return Action("card", seat, card)
    return None
