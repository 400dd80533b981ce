"""``python -m bench engine [--boards N --repeat R]``: the table engine's own costs.

Prints, as medians over N random boards played out by random legal calls and cards:

- applying one call: the first of the auction, and the last (the third pass);
- applying one card: the opening lead (trick 1), and the first card of trick 13;
- ``Table.copy`` of a table in the middle of the play (what extending a kept engine
  costs beyond applying the new actions);
- a whole board's replay from its actions (``Table.replay``), as a request that loads a
  board replays it;
- a broadcast of each action of a board in one process: the engine of its snapshot
  (``online.state.shared_table``: a process that saw the previous action extends its
  kept engine; before, it replayed the board each time) and the four seats' views from
  it (``seat_view``), each per action.

Pure Python (no database): the figures are the engine's, not the server's.
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import time

from online import state
from tableplay import SEATS, Action, Table
from tableplay.cards import RANKS, SUITS


def _deal(rng: random.Random) -> str:
    cards = [suit + rank for suit in SUITS for rank in RANKS]
    rng.shuffle(cards)
    hands = [cards[13 * i : 13 * (i + 1)] for i in range(4)]
    return "N:" + " ".join(
        ".".join("".join(sorted((c[1] for c in h if c[0] == s), key=RANKS.index)) for s in SUITS)
        for h in hands
    )


def _board(rng: random.Random) -> tuple[str, str, str, list[Action]]:
    """A played board (not passed out): deal, dealer, vulnerability and its actions."""
    while True:
        deal, dealer = _deal(rng), rng.choice(SEATS)
        table = Table(deal, dealer, "None")
        bids = [f"{level}{strain}" for level in (1, 2, 3) for strain in "CDHS"] + ["3NT", "4S"]
        rng.shuffle(bids)
        bids = sorted(bids[: rng.randint(1, 4)], key=lambda b: (b[0], "CDHSN".index(b[1])))
        for bid in bids:
            table.apply(Action("call", table.to_play, bid))
            if bid != bids[-1]:
                table.apply(Action("call", table.to_play, "P"))
        for _ in range(3):
            table.apply(Action("call", table.to_play, "P"))
        while table.phase == "play":
            hand = table.remaining[table.to_play]
            trick = table.current_trick
            follow = [c for c in hand if trick and c[0] == trick[0][1][0]]
            table.apply(Action("card", table.actor, rng.choice(follow or hand)))
        if table.cards:
            return deal, dealer, "None", list(table.log)


def _apply_us(board, index: int, repeat: int) -> float:
    """Median µs to apply the board's action ``index`` to the table after those before."""
    deal, dealer, vul, actions = board
    before = Table.replay(deal, dealer, vul, actions[:index])
    # Table.copy where there is one: a deep copy scatters the table in memory, which
    # slows a card late in the board by a microsecond or two whatever the engine does
    fresh = getattr(before, "copy", None) or (lambda: copy.deepcopy(before))
    tables = [fresh() for _ in range(repeat)]
    action = actions[index]
    times = []
    for table in tables:
        t0 = time.perf_counter_ns()
        table.apply(action)
        times.append(time.perf_counter_ns() - t0)
    return statistics.median(times) / 1000


def _copy_us(board, repeat: int) -> float | None:
    """Median µs of ``Table.copy`` at the board's 40th action (None: no ``copy``)."""
    deal, dealer, vul, actions = board
    table = Table.replay(deal, dealer, vul, actions[:40])
    if not hasattr(table, "copy"):
        return None
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter_ns()
        table.copy()
        times.append(time.perf_counter_ns() - t0)
    return statistics.median(times) / 1000


def _replay_ms(board, repeat: int) -> float:
    deal, dealer, vul, actions = board
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter_ns()
        Table.replay(deal, dealer, vul, actions)
        times.append(time.perf_counter_ns() - t0)
    return statistics.median(times) / 1e6


def _clear() -> None:
    clear = getattr(state, "shared_tables_clear", None)
    if clear is None:  # before: an lru_cache keyed by the whole action list
        clear = state._shared_table.cache_clear
    clear()


def _broadcasts_ms(board, number: int, repeat: int = 5) -> tuple[float, float]:
    """ms for the engines and for the four seats' views after every action of the board,
    in one process (the medians of ``repeat`` runs, each from an empty cache)."""
    runs = [_broadcasts_once(board, number) for _ in range(repeat)]
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def _broadcasts_once(board, number: int) -> tuple[float, float]:
    deal, dealer, vul, actions = board
    _clear()
    base = {
        "event": 1, "table": number, "board": number, "board_number": 1, "deal": deal,
        "dealer": dealer, "vulnerability": vul, "undo_allowed": True, "base_version": 0,
        "ends_at": None, "next": None, "connected": None, "players": None,
    }  # fmt: skip
    rows = [[a.seat, a.kind, a.value, a.alert] for a in actions]
    engines = views = 0
    for count in range(1, len(rows) + 1):
        snapshot = dict(base, actions=rows[:count])
        t0 = time.perf_counter_ns()
        engine = state.shared_table(snapshot)
        t1 = time.perf_counter_ns()
        for seat in SEATS:
            state.seat_view(snapshot, seat, table=engine)
        engines += t1 - t0
        views += time.perf_counter_ns() - t1
    return engines / 1e6, views / 1e6


def run(boards: int = 20, repeat: int = 300, seed: int = 1) -> dict:
    rng = random.Random(seed)
    played = [_board(rng) for _ in range(boards)]
    first_call, last_call, lead, trick13, replay, engines, views = ([] for _ in range(7))
    for number, board in enumerate(played, start=1):
        actions = board[3]
        calls = [i for i, a in enumerate(actions) if a.kind == "call"]
        cards = [i for i, a in enumerate(actions) if a.kind == "card"]
        first_call.append(_apply_us(board, calls[0], repeat))
        last_call.append(_apply_us(board, calls[-1], repeat))
        lead.append(_apply_us(board, cards[0], repeat))
        trick13.append(_apply_us(board, cards[48], repeat))
        replay.append(_replay_ms(board, max(repeat // 10, 5)))
        engine_ms, views_ms = _broadcasts_ms(board, number)
        engines.append(engine_ms / len(actions))
        views.append(views_ms / len(actions))
    median = statistics.median
    return {
        "boards": boards,
        "actions_per_board": median(len(b[3]) for b in played),
        "first_call_us": median(first_call),
        "last_call_us": median(last_call),
        "lead_us": median(lead),
        "trick13_us": median(trick13),
        "replay_ms": median(replay),
        "copy_us": _copy_us(played[0], repeat),
        "engine_ms": median(engines),
        "views_ms": median(views),
    }


def report(figures: dict) -> str:
    f = figures
    return "\n".join(
        [
            f"Table engine ({f['boards']} random boards, median {f['actions_per_board']:.0f}"
            " actions a board)",
            f"  apply a call: the first {f['first_call_us']:.1f} µs,"
            f" the last (third pass) {f['last_call_us']:.1f} µs",
            f"  apply a card: opening lead {f['lead_us']:.1f} µs,"
            f" first card of trick 13 {f['trick13_us']:.1f} µs",
            f"  replay a whole board: {f['replay_ms']:.2f} ms",
            "  copy a table: "
            + ("(no Table.copy)" if f["copy_us"] is None else f"{f['copy_us']:.1f} µs"),
            "  an action's broadcast, in a process that saw the one before:"
            f" engine {f['engine_ms'] * 1000:.0f} µs, four seats' views"
            f" {f['views_ms'] * 1000:.0f} µs",
        ]
    )


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench engine")
    parser.add_argument("--boards", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(report(run(args.boards, args.repeat, args.seed)))


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
