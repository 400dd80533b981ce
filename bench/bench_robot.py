"""``python -m bench robot --deals N --seed S [--json PATH]``: four robots bid and play
N random deals (docs/rules.md § Robots).

Prints the p50 and p99 time per call and per card, the share of played deals where
declarer took at least the double-dummy tricks of the final contract, the mean tricks
declarer fell short of double dummy, and the double-dummy cost of the card play by side
(every card costed by :func:`analysis.costs.card_costs`, summed per board: the declaring
side's cards, declarer's and dummy's, and the defence's; the opening leads apart).
``--json`` writes the boards (the online play simulation's fields, plus ``dd_tricks``,
``card_costs`` and ``costs``, {"declaring": tricks, "defence": tricks, "lead": tricks}):
the format is an interface other checks read.
With ``--bidding`` (or ``--deals-file IN``) the robots only bid, and each contract is
scored against par (``bench/bench_bidding.py``).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path

from analysis.costs import card_costs
from bench import bench_bidding
from bench.bench_bidding import random_deal
from robots import DEFAULT_BUDGET, DEFAULT_SAMPLES, robot_act
from scoring.solver import calc_dd_table
from tableplay.cards import SEATS, side
from tableplay.engine import Table
from tableplay.views import table_view

_VULS = ("None", "NS", "EW", "All", "NS", "EW", "All", "None")
_VULS += ("EW", "All", "None", "NS", "All", "None", "NS", "EW")


def dd_tricks(deal: str, contract: str, declarer: str) -> int:
    """Declarer's double-dummy tricks in the strain of ``contract``."""
    from endplay.types import Deal, Denom, Player

    strain = contract.rstrip("X")[1:]
    denom = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs}
    table = calc_dd_table(Deal(deal))
    return table[denom.get(strain, Denom.nt), Player.find(declarer)]


def play_board(number: int, deal: str, *, seed: int, budget: float, samples: int) -> dict:
    """One board bid and played by four robots, with each decision's time."""
    dealer = SEATS[(number - 1) % 4]
    vul = _VULS[(number - 1) % 16]
    table = Table(deal, dealer, vul)
    call_times, card_times, players = [], [], []
    while table.phase != "over":
        view = table_view(table, table.actor)
        started = time.perf_counter()
        action = robot_act(view, seed=seed + number, budget=budget, samples=samples)
        spent = time.perf_counter() - started
        (call_times if action.kind == "call" else card_times).append(spent)
        if action.kind == "card":
            players.append(table.to_play)
        table.apply(action)
    result = table.result
    passed = result.contract == "PASS"
    declarer = None if passed else result.declarer
    return {
        "number": number,
        "deal": deal,
        "dealer": dealer,
        "vul": vul,
        "auction": [call.value for call in table.calls],
        "play": [card.value for card in table.cards],
        "claim": None,
        "contract": result.contract,
        "declarer": declarer,
        "tricks": None if passed else table.tricks_won(side(declarer)),
        "status": result.status,
        "dd_tricks": None if passed else dd_tricks(deal, result.contract, declarer),
        **_costs(deal, result.contract, declarer, [card.value for card in table.cards], players),
        "_call_times": call_times,
        "_card_times": card_times,
    }


def _costs(
    deal: str, contract: str, declarer: str | None, play: list[str], seats: list[str]
) -> dict:
    """Each card's double-dummy cost (:func:`analysis.costs.card_costs`) and their sums
    by side: the declaring side (declarer's and dummy's cards), the defence, and the
    opening lead (a defence card, also counted apart); ``seats``: who played each card."""
    if declarer is None:
        return {"card_costs": [], "costs": None}
    costs = card_costs(deal, contract, declarer, play).card_costs
    declaring = side(declarer)
    by_side = {"declaring": 0, "defence": 0, "lead": costs[0] if costs else 0}
    for seat, cost in zip(seats, costs, strict=True):
        by_side["declaring" if side(seat) == declaring else "defence"] += cost
    return {"card_costs": costs, "costs": by_side}


def _pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(boards: list[dict]) -> str:
    calls = [t for b in boards for t in b["_call_times"]]
    cards = [t for b in boards for t in b["_card_times"]]
    played = [b for b in boards if b["declarer"] is not None]
    made_dd = sum(b["tricks"] >= b["dd_tricks"] for b in played)
    short = [max(0, b["dd_tricks"] - b["tricks"]) for b in played]
    lines = [
        f"Robots: {len(boards)} deals, {len(played)} played"
        f" ({len(boards) - len(played)} passed out)",
        f"  per call: p50 {_pct(calls, 0.5) * 1000:.2f} ms, p99 {_pct(calls, 0.99) * 1000:.2f} ms",
        f"  per card: p50 {_pct(cards, 0.5) * 1000:.0f} ms, p99 {_pct(cards, 0.99) * 1000:.0f} ms"
        f" (max {max(cards, default=0) * 1000:.0f} ms)",
        f"  declarer took at least double dummy: {made_dd}/{len(played)}"
        f" ({100 * made_dd / max(1, len(played)):.0f} %)",
        f"  mean shortfall against double dummy: {statistics.fmean(short or [0]):.2f} tricks"
        " (target < 0.5)",
        _cost_line(played),
    ]
    return "\n".join(lines)


def _cost_line(played: list[dict]) -> str:
    """The card play's double-dummy cost a played board, by side."""

    def mean(key: str) -> float:
        return statistics.fmean([b["costs"][key] for b in played] or [0])

    return (
        f"  card play cost a board, double dummy: declaring side {mean('declaring'):.2f}"
        f" tricks (target < 0.4), defence {mean('defence'):.2f} (target < 0.5;"
        f" opening leads {mean('lead'):.2f})"
    )


def main(argv: list[str]) -> None:
    if "--bidding" in argv or "--deals-file" in argv:
        bench_bidding.main(argv)  # bidding only, scored against par
        return
    parser = argparse.ArgumentParser(prog="python -m bench robot")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET)
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    boards = [
        play_board(
            number, random_deal(rng), seed=args.seed, budget=args.budget, samples=args.samples
        )
        for number in range(1, args.deals + 1)
    ]
    print(report(boards))
    if args.json is not None:
        public = [{k: v for k, v in b.items() if not k.startswith("_")} for b in boards]
        args.json.write_text(json.dumps(public, indent=1) + "\n", encoding="utf-8")
