"""Benchmark: close a round of 500 tables x 3 boards (cut, score, totals, seat the next).

Runs on the database that DATABASE_URL names (PostgreSQL for the target figure) in a
throw-away test database, created and dropped here.
"""

from __future__ import annotations

import os
import random
import time


def _setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    import django

    django.setup()


def run(tables: int = 500, boards: int = 3, rounds: int = 2) -> dict:
    _setup_django()

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from bench.fields import field_start, round_results_insert
    from tournaments import services
    from tournaments.services import rounds as rounds_module

    # The double-dummy analysis runs in a worker after the commit, not in the close.
    rounds_module.dispatch_on_commit = lambda task_name, *args: None

    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        event = field_start(pairs=tables * 2, rounds=rounds + 1, boards_per_round=boards)
        rng = random.Random(3)
        figures = {"tables": tables, "boards": boards, "db": connection.vendor, "closes": []}
        for number in range(1, rounds + 1):
            round_results_insert(event.rounds.get(number=number), rng)
            with CaptureQueriesContext(connection) as ctx:
                t0 = time.perf_counter()
                services.round_close(event=event, number=number, rng=rng)
                elapsed = time.perf_counter() - t0
            figures["closes"].append(
                {"round": number, "seconds": round(elapsed, 3), "queries": len(ctx)}
            )
        return figures
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def main() -> None:
    f = run()
    print(f"Round close ({f['db']}): {f['tables']} tables x {f['boards']} boards")
    for c in f["closes"]:
        print(
            f"  round {c['round']}: {c['seconds']:.3f} s, {c['queries']} queries "
            f"(cut + score + totals + seat next); target < 5 s"
        )


if __name__ == "__main__":
    main()
