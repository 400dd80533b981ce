"""``python -m bench analysis [--boards 200] [--seed 1] [--play mixed|random]
[--boards-per-table 3] [--tables 1000] [--workers 2] [--json PATH]``: the analysis of a
board's play (docs/rules.md § The analysis of the play), timed in CPU seconds.

Each of ``--boards`` random deals gets a random contract and declarer and is played out
to the 52nd card: ``mixed`` (the default) plays a double-dummy best card nine times in
ten and a random legal card otherwise (a club player's board: most cards cost nothing,
a few cost a trick), ``random`` every card at random. The play is made before the clock
starts; then the clock (``time.process_time``, this process's CPU) measures what the
worker does at a board's end: every card's cost (``analysis.costs.card_costs``) and the
contract against par (``contract_vs_par`` with the board's stored double-dummy table and
par, as the worker reads them). The double-dummy table and par of a deal are computed
once a board, not once a table (``tournaments.services.analysis``): timed apart.

Prints the mean, p50, p95 and max CPU seconds a board, the solver calls a board, the
mean of the table and par a deal, and the projection for a round of ``--tables`` tables
that each play ``--boards-per-table`` boards: its boards' analyses shared by
``--workers`` worker processes (one solve at a time each), plus each distinct board's
table and par once (a Swiss round deals the same boards to every table). Target: 0.5 s
a board, and the round within 5 minutes on 2 workers (``docs/benchmarks.md`` § The
analysis of the play). Pure Python, no database.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path

TARGET_SECONDS = 0.5
TARGET_ROUND_SECONDS = 300.0
STRAINS = ("S", "H", "D", "C", "NT")
SEATS = "NESW"


def _played(deal: str, strain: str, declarer: str, rng: random.Random, mode: str):
    """The 52 cards of a board played out (``mode``: "mixed" or "random"), and the
    declaring side's tricks."""
    from scoring.solver import position_deal, solve_board
    from tableplay.cards import deal_parse, seat_next, side
    from tableplay.rules import trick_winner

    hands = {seat: list(cards) for seat, cards in deal_parse(deal).items()}
    leader, trick, play, won = seat_next(declarer), [], [], 0
    trump = None if strain == "NT" else strain
    for _ in range(52):
        seat = seat_next(leader, len(trick))
        led = trick[0][1][0] if trick else None
        legal = [c for c in hands[seat] if c[0] == led] or list(hands[seat])
        if mode == "mixed" and len(legal) > 1 and rng.random() < 0.9:
            deal_now = position_deal(hands, leader, [c for _, c in trick], strain)
            scores = {
                card.suit.name[0].upper() + card.rank.abbr: int(tricks)
                for card, tricks in solve_board(deal_now)
            }
            best = max(scores.values())
            legal = sorted(c for c, t in scores.items() if t == best)
        card = rng.choice(sorted(legal))
        hands[seat].remove(card)
        trick.append((seat, card))
        play.append(card)
        if len(trick) == 4:
            leader, trick = trick_winner(trick, trump), []
            won += side(leader) == side(declarer)
    return play, won


def _boards(count: int, seed: int, mode: str) -> list[dict]:
    from tournaments.deals import deal_generate

    rng = random.Random(seed)
    out = []
    for number in range(1, count + 1):
        deal = deal_generate(rng=rng)
        strain, declarer = rng.choice(STRAINS), rng.choice(SEATS)
        play, tricks = _played(deal, strain, declarer, rng, mode)
        out.append(
            {
                "number": number,
                "deal": deal,
                "dealer": SEATS[(number - 1) % 4],
                "vul": ("None", "NS", "EW", "All")[(number - 1) % 4],
                "contract": f"{rng.randint(1, 7)}{strain}",
                "declarer": declarer,
                "play": play,
                "tricks": tricks,
            }
        )
    return out


def run(
    boards: int = 200, seed: int = 1, mode: str = "mixed", per_table: int = 3,
    tables: int = 1000, workers: int = 2,
) -> dict:  # fmt: skip
    from analysis import costs
    from tournaments.deals import deal_analyse

    played = _boards(boards, seed, mode)
    calls = {"n": 0}
    real = costs.solve_best

    def counting(deal):
        calls["n"] += 1
        return real(deal)

    costs.solve_best = counting
    seconds, tables_seconds, errors = [], [], 0
    try:
        for board in played:
            started = time.process_time()
            analysis = deal_analyse(
                board["deal"], dealer=board["dealer"], vulnerability=board["vul"]
            )
            tables_seconds.append(time.process_time() - started)
            started = time.process_time()
            result = costs.card_costs(
                board["deal"], board["contract"], board["declarer"], board["play"]
            )
            costs.contract_vs_par(
                board["deal"], board["dealer"], board["vul"], board["contract"],
                board["declarer"], board["tricks"], dd_table=analysis.tricks,
                par_score=analysis.par_score,
            )  # fmt: skip
            seconds.append(time.process_time() - started)
            errors += sum(1 for c in result.card_costs if c > 0)
    finally:
        costs.solve_best = real
    seconds.sort()
    mean = statistics.fmean(seconds)
    per_round = tables * per_table
    distinct = per_table  # a Swiss round: the same boards at every table
    round_cpu = per_round * mean + distinct * statistics.fmean(tables_seconds)
    return {
        "boards": boards,
        "play": mode,
        "seed": seed,
        "mean_s": mean,
        "p50_s": seconds[len(seconds) // 2],
        "p95_s": seconds[min(len(seconds) - 1, int(0.95 * len(seconds)))],
        "max_s": seconds[-1],
        "solves_per_board": calls["n"] / boards,
        "errors_per_board": errors / boards,
        "dd_table_and_par_s": statistics.fmean(tables_seconds),
        "round_tables": tables,
        "round_boards_per_table": per_table,
        "round_workers": workers,
        "round_boards": per_round,
        "round_seconds": round_cpu / workers,
        "target_board_s": TARGET_SECONDS,
        "target_round_s": TARGET_ROUND_SECONDS,
    }


def report(r: dict) -> str:
    ok = "ok" if r["mean_s"] <= TARGET_SECONDS else "OVER"
    round_ok = "ok" if r["round_seconds"] <= TARGET_ROUND_SECONDS else "OVER"
    return "\n".join(
        [
            f"The analysis of the play: {r['boards']} boards, {r['play']} play, seed {r['seed']}",
            f"  CPU a board: mean {r['mean_s']:.3f} s, p50 {r['p50_s']:.3f} s, "
            f"p95 {r['p95_s']:.3f} s, max {r['max_s']:.3f} s "
            f"(target {TARGET_SECONDS} s: {ok})",
            f"  solver calls a board: {r['solves_per_board']:.1f}; "
            f"cards that cost a trick: {r['errors_per_board']:.1f} a board",
            "  a deal's double-dummy table and par (once a board): "
            f"{r['dd_table_and_par_s']:.3f} s",
            f"  a round of {r['round_tables']} tables x {r['round_boards_per_table']} boards "
            f"({r['round_boards']} analyses) on {r['round_workers']} workers: "
            f"{r['round_seconds']:.0f} s (target {TARGET_ROUND_SECONDS:.0f} s: {round_ok})",
        ]
    )


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench analysis")
    parser.add_argument("--boards", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--play", choices=("mixed", "random"), default="mixed")
    parser.add_argument("--boards-per-table", type=int, default=3)
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", default="")
    args = parser.parse_args(argv)
    figures = run(
        boards=args.boards, seed=args.seed, mode=args.play, per_table=args.boards_per_table,
        tables=args.tables, workers=args.workers,
    )  # fmt: skip
    print(report(figures))
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1))
