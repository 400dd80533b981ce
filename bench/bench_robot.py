"""``python -m bench robot --deals N --seed S [--json PATH]``: four robots bid and play
N random deals (docs/rules.md § Robots).

Prints the p50 and p99 time per call and per card, the share of played deals where
declarer took at least the double-dummy tricks of the final contract, and the mean tricks
declarer fell short of double dummy. ``--json`` writes the boards (the online play
simulation's fields, plus ``dd_tricks``): the format is an interface other checks read.
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
    call_times, card_times = [], []
    while table.phase != "over":
        view = table_view(table, table.actor)
        started = time.perf_counter()
        action = robot_act(view, seed=seed + number, budget=budget, samples=samples)
        spent = time.perf_counter() - started
        (call_times if action.kind == "call" else card_times).append(spent)
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
        "_call_times": call_times,
        "_card_times": card_times,
    }


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
    ]
    return "\n".join(lines)


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
