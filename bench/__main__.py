"""``make bench``: every benchmark, printed as figures (not timed tests).

The round-close benchmark uses the database DATABASE_URL names (PostgreSQL for the
target figure), in a throw-away test database; SQLite otherwise. The load run
(``python -m bench load [--workers N --worker-class gthread --threads N]``) needs
PostgreSQL: gunicorn on loopback and twenty clients entering results. The live run
(``python -m bench live [--rate 1000 --seconds 10 ...]``) needs PostgreSQL and Redis:
spectators polling a team match's live state through gunicorn. ``python -m bench
ladder`` runs a year of a 10,000-team ladder; ``python -m bench pool`` the scoring pool's
arrivals and dealing; ``python -m bench rate`` the weekly Rate of 100,000 players and
1,000,000 results (and the leaderboards at that scale). ``python -m bench engine
[--boards N]`` the table engine's cost of a call, a card and a board's replay (pure
Python). ``python -m bench robot --deals N --seed S [--json PATH]`` has four robots bid
and play N random deals. ``python -m bench play [--tables 1000 --pace 5 --seconds 60
--processes 2 --server uvicorn|daphne]`` needs PostgreSQL and Redis: WebSocket clients
playing online tables through the ASGI server (not part of a bare ``make bench``: it
takes minutes and wants the machine to itself). ``python -m bench walk --url URL
--minutes M [--log FILE]`` walks a running ``make demo``: pool tables and practice
sessions with robots, several at once, and what stuck. ``python -m bench analysis
[--boards 200]`` the double-dummy analysis of every card of N played boards (CPU a
board, and a 1,000-table round's on 2 workers; pure Python).
"""

from __future__ import annotations

import importlib
import sys


def main(argv: list[str]) -> None:
    if argv[:1] == ["load"] and len(argv) > 1:
        from bench import bench_load

        bench_load.main(argv[1:])  # python -m bench load --workers 8 ...
        return
    if argv[:1] == ["live"] and len(argv) > 1:
        from bench import bench_live

        bench_live.main(argv[1:])  # python -m bench live --rate 1000 ...
        return
    # python -m bench play --tables 1000 --pace 5 ...; python -m bench robot --deals 50
    runs = {
        "play": "bench.bench_play",
        "robot": "bench.bench_robot",
        "engine": "bench.bench_engine",
        "walk": "bench.bench_walk", "analysis": "bench.bench_analysis",
    }  # fmt: skip
    if argv[:1] and argv[0] in runs:
        importlib.import_module(runs[argv[0]]).main(argv[1:])
        return
    if argv[:1] == ["rate"] and len(argv) > 1:
        from bench import bench_rate

        bench_rate.main(argv[1:])  # python -m bench rate --players 100000 ...
        return
    wanted = set(argv) or {
        "scoring", "engine", "movements", "pairing", "rounds", "pages", "pool", "live",
        "ladder", "rate", "load",
    }  # fmt: skip
    for name in ("scoring", "engine", "movements"):  # each prints its report(run())
        if name in wanted:
            module = importlib.import_module(f"bench.bench_{name}")
            print(module.report(module.run()), end="\n\n")
    if "pairing" in wanted:
        from bench import bench_pairing

        print("Swiss seating (round 8 after 7 rounds of history)")
        for size, row in bench_pairing.run().items():
            print(
                f"  {size:>5} pairs: {row['seconds']:.3f} s (target < {row['target_seconds']} s),"
                f" repeats {row['repeats']}, mean rank distance {row['mean_rank_distance']:.2f}"
            )
        print()
    if "rounds" in wanted:
        from bench import bench_rounds

        bench_rounds.main()
        print()
    if "pages" in wanted:
        try:
            from bench import bench_pages
        except ImportError:
            bench_pages = None
        if bench_pages is not None:
            bench_pages.main()
            print()
    if "pool" in wanted:
        from bench import bench_pool

        bench_pool.main()
        print()
    if "live" in wanted:
        from bench import bench_live

        bench_live.main([])
    if "ladder" in wanted:
        from bench import bench_ladder

        bench_ladder.main()
        print()
    if "rate" in wanted:
        from bench import bench_rate

        bench_rate.main([])
        print()
    if "load" in wanted:
        from bench import bench_load

        bench_load.main([])


if __name__ == "__main__":
    main(sys.argv[1:])
