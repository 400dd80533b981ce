"""``python -m bench robot --bidding --deals N --seed S [--json FILE]`` and ``python -m bench
robot --bidding --deals-file IN [--json FILE]``: four robots bid (no play), and each
final contract is scored double dummy against par (docs/benchmarks.md, *Robots' bidding*).

``IN`` is a JSON list of ``{"board", "dealer", "vul", "deal"}`` (``dealer`` N|E|S|W,
``vul`` None|NS|EW|All, ``deal`` a PBN deal "N:AKQ.… …"). ``--json`` writes ``{"deals":
[{"board", "dealer", "vul", "deal", "auction"}, …]}``, ``auction`` the list of calls
("1S", "2NT", "P", "X", "XX"): the format is an interface other tools read. Random deals
take their dealer and vulnerability from the 16-board cycle. Every double-dummy call goes
through ``scoring/solver.py``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path

from robots import robot_act
from scoring.boards import board_dealer, board_vulnerability, table_score
from scoring.imps import imps
from tableplay.cards import SUITS, side
from tableplay.engine import Table
from tableplay.views import table_view

__all__ = ["auction_bid", "deal_measure", "main", "random_deal", "report"]

_STRAINS = ("S", "H", "D", "C", "NT")  # the rows of endplay's DD table
_SEATS = ("N", "E", "S", "W")
_VUL_NAMES = {"None": "none", "NS": "ns", "EW": "ew", "All": "both"}


def auction_bid(deal: str, dealer: str, vul: str, *, seed: int = 0) -> tuple[list[str], list]:
    """The four robots' auction of ``deal`` and each call's time in seconds."""
    table = Table(deal, dealer, vul)
    times = []
    while table.phase == "auction":
        view = table_view(table, table.actor)
        started = time.perf_counter()
        action = robot_act(view, seed=seed)
        times.append(time.perf_counter() - started)
        table.apply(action)
    return [call.value for call in table.calls], times


def _game(level: int, strain: str) -> bool:
    return level >= 5 or strain == "NT" and level >= 3 or strain in ("H", "S") and level >= 4


def _final(auction: list[str], dealer: str) -> tuple[str, str | None, int]:
    """The contract ("4SX", "PASS"), its declarer and its level (0 when passed out)."""
    start = _SEATS.index(dealer)
    last, last_seat, doubled = None, None, ""
    first_in: dict[tuple[str, str], str] = {}
    for index, call in enumerate(auction):
        seat = _SEATS[(start + index) % 4]
        if call == "X":
            doubled = "X"
        elif call == "XX":
            doubled = "XX"
        elif call != "P":
            last, last_seat, doubled = call, seat, ""
            first_in.setdefault((side(seat), call[1:]), seat)
    if last is None:
        return "PASS", None, 0
    return last + doubled, first_in[(side(last_seat), last[1:])], int(last[0])


def _side_top(auction: list[str], dealer: str, which: str) -> tuple[int, str] | None:
    """The highest bid the side ``which`` ("NS"/"EW") made: (level, strain)."""
    start = _SEATS.index(dealer)
    top = None
    for index, call in enumerate(auction):
        if call in ("P", "X", "XX") or side(_SEATS[(start + index) % 4]) != which:
            continue
        top = (int(call[0]), call[1:])
    return top


def deal_measure(board: dict, auction: list[str]) -> dict:
    """Par, the contract reached and its double-dummy score, and the game and slam marks
    of one deal (NS scores)."""
    from endplay.types import Deal, Player, Vul

    from scoring.solver import calc_dd_table, par

    deal, dealer, vul = board["deal"], board["dealer"], board["vul"]
    table = calc_dd_table(Deal(deal))
    tricks = {
        (strain, seat): table.to_list()[row][col]
        for row, strain in enumerate(_STRAINS)
        for col, seat in enumerate(_SEATS)
    }
    pars = par(table, Vul.find(_VUL_NAMES[vul]), Player.find(dealer))
    par_score = pars.score
    contract, declarer, level = _final(auction, dealer)
    if declarer is None:
        score = 0
        made = None
    else:
        taken = tricks[(contract.rstrip("X")[1:], declarer)]
        score = table_score(contract, declarer, taken, 1, vulnerability=vul)
        made = taken >= level + 6
    favoured = "NS" if par_score > 0 else "EW" if par_score < 0 else None
    # The par contract the favoured side declares (none when par is a sacrifice).
    own = [
        (c.level, _STRAINS[int(c.denom)])
        for c in pars
        if favoured and side(_SEATS[int(c.declarer)]) == favoured
    ]
    can_game = any(_game(*c) for c in own)
    can_slam = any(c[0] >= 6 for c in own)
    top = _side_top(auction, dealer, favoured) if favoured else None
    return {
        "par": par_score,
        "score": score,
        "imps": imps(score - par_score),
        "contract": contract,
        "declarer": declarer,
        "passed_out": declarer is None,
        "game_deal": can_game,
        "game_missed": can_game and (top is None or not _game(*top)),
        "slam_deal": can_slam,
        "slam_missed": can_slam and (top is None or top[0] < 6),
        "slam_bid": level >= 6,
        "slam_made": level >= 6 and bool(made),
    }


def random_deal(rng: random.Random) -> str:
    """A random PBN deal, North first."""
    cards = [suit + rank for suit in SUITS for rank in "AKQJT98765432"]
    rng.shuffle(cards)
    hands = [cards[13 * i : 13 * (i + 1)] for i in range(4)]
    order = "AKQJT98765432"
    return "N:" + " ".join(
        ".".join("".join(sorted((c[1] for c in h if c[0] == s), key=order.index)) for s in SUITS)
        for h in hands
    )


def random_boards(count: int, seed: int) -> list[dict]:
    """``count`` random deals, dealer and vulnerability by the 16-board cycle."""
    rng = random.Random(seed)
    return [
        {
            "board": number,
            "dealer": board_dealer(number),
            "vul": board_vulnerability(number),
            "deal": random_deal(rng),
        }
        for number in range(1, count + 1)
    ]


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def report(measures: list[dict], times: list[float]) -> str:
    n = len(measures)
    games = sum(m["game_deal"] for m in measures)
    slams = sum(m["slam_deal"] for m in measures)
    bid = sum(m["slam_bid"] for m in measures)
    lines = [
        f"Robots' bidding: {n} deals",
        f"  mean |IMPs from par|: {statistics.fmean([abs(m['imps']) for m in measures] or [0]):.2f}"
        " (target <= 4.0)",
        f"  games missed: {sum(m['game_missed'] for m in measures)} of {games}",
        f"  slams missed: {sum(m['slam_missed'] for m in measures)} of {slams}",
        f"  slams bid: {bid} ({sum(m['slam_made'] for m in measures)} make double dummy)",
        f"  passed out: {sum(m['passed_out'] for m in measures)}",
        f"  per call: p50 {_pct(times, 0.5) * 1000:.2f} ms, p99 {_pct(times, 0.99) * 1000:.2f} ms"
        f" (max {max(times, default=0) * 1000:.2f} ms)",
    ]
    return "\n".join(lines)


def boards_read(path: Path) -> list[dict]:
    rows = json.loads(path.read_text(encoding="utf-8"))
    boards = []
    for row in rows:
        if row["dealer"] not in _SEATS or row["vul"] not in _VUL_NAMES:
            raise SystemExit(f"board {row.get('board')}: dealer N|E|S|W and vul None|NS|EW|All")
        boards.append({key: row[key] for key in ("board", "dealer", "vul", "deal")})
    return boards


def run(boards: list[dict], *, seed: int = 0) -> tuple[list[dict], list[dict], list[float]]:
    """Each board bid: the written rows, their measures, and every call's time."""
    rows, measures, times = [], [], []
    for board in boards:
        auction, spent = auction_bid(board["deal"], board["dealer"], board["vul"], seed=seed)
        times.extend(spent)
        rows.append({**board, "auction": auction})
        measures.append(deal_measure(board, auction))
    return rows, measures, times


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench robot --bidding")
    parser.add_argument("--bidding", action="store_true")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deals-file", type=Path, default=None)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    if args.deals_file is not None:
        boards = boards_read(args.deals_file)
    else:
        boards = random_boards(args.deals, args.seed)
    rows, measures, times = run(boards, seed=args.seed)
    print(report(measures, times))
    if args.json is not None:
        args.json.write_text(json.dumps({"deals": rows}, indent=1) + "\n", encoding="utf-8")
