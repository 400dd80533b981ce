"""``make bench``: every benchmark, printed as figures (not timed tests).

The round-close benchmark uses the database DATABASE_URL names (PostgreSQL for the
target figure), in a throw-away test database; SQLite otherwise.
"""

from __future__ import annotations

import sys


def main(argv: list[str]) -> None:
    wanted = set(argv) or {"scoring", "pairing", "rounds", "pages"}
    if "scoring" in wanted:
        from bench import bench_scoring

        print(bench_scoring.report(bench_scoring.run()), end="\n\n")
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
            return
        bench_pages.main()


if __name__ == "__main__":
    main(sys.argv[1:])
