"""Benchmark: the results pages of a big event (1,000 pairs, 10 rounds x 3 boards).

The event is built in bulk in a throw-away test database (created and dropped here, on
the database DATABASE_URL names; SQLite otherwise): users, pairs and results with
``bulk_create``, every round closed by ``services.round_close`` (scoring, totals,
Swiss seating of the next round, the final ranking). Then the event page and a board
page are requested through ``django.test.Client``: server time (median of 5) and the
number of queries. Targets: event page < 300 ms and <= 15 queries; board page <= 10.

Measured on the 2-core development machine (``python -m bench pages``): event page
130-230 ms on SQLite, 170 ms on PostgreSQL, 5 queries (2.5 MB of HTML: 30,000 grid
cells); board page about 300 ms for 500 results, 6 queries (names rendered in the
view). Before the standings and the grid were built in Python
(``tournaments/views/standings.py``) the event page took 1,080 ms.
"""

from __future__ import annotations

import os
import random
import statistics
import time
import warnings


def _setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    warnings.filterwarnings("ignore", message="No directory at")  # no collectstatic here
    import django

    django.setup()


def build_event(
    *,
    pairs: int,
    rounds: int,
    boards_per_round: int,
    seed: int = 1,
    play_rate: float = 0.9,
    analyse: tuple[int, ...] = (),
    close: int | None = None,
    method: str = "ximp",
):
    """An event of ``pairs`` pairs built in bulk, its rounds closed by the services
    (all of them: the event has finished; or the first ``close``: it is running).
    The double-dummy analysis is queued by the close only on commit; the boards
    numbered in ``analyse`` are analysed here (the board page then shows it)."""
    from bench.fields import field_start, round_results_insert
    from tournaments import services
    from tournaments.models import Event
    from tournaments.services.analysis import boards_analyse

    rng = random.Random(seed)
    event = field_start(
        pairs=pairs, rounds=rounds, boards_per_round=boards_per_round, seed=seed, method=method
    )
    for number in range(1, (rounds if close is None else close) + 1):
        round_results_insert(event.rounds.get(number=number), rng, play_rate)
        services.round_close(event=event, number=number, rng=rng)
    if analyse:
        boards_analyse(
            board_ids=list(event.boards.filter(number__in=analyse).values_list("pk", flat=True))
        )
    event.refresh_from_db()
    assert (event.status == Event.Status.FINISHED) == (close is None or close >= rounds)
    return event


def measure(client, url: str, repeat: int = 5) -> dict:
    """Request ``url`` ``repeat`` times: median and first time in ms, queries, bytes."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    times, queries, size = [], [], 0
    for _ in range(repeat):
        with CaptureQueriesContext(connection) as ctx:
            t0 = time.perf_counter()
            response = client.get(url)
            elapsed = time.perf_counter() - t0
        assert response.status_code == 200, (url, response.status_code)
        times.append(elapsed * 1000)
        queries.append(len(ctx))
        size = len(response.content)
    return {
        "url": url,
        "median_ms": round(statistics.median(times), 1),
        "first_ms": round(times[0], 1),
        "queries": max(queries),
        "kb": round(size / 1024),
    }


def run(pairs: int = 1000, rounds: int = 10, boards_per_round: int = 3, repeat: int = 5) -> dict:
    _setup_django()
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_test_environment, teardown_test_environment
    from django.urls import reverse

    from tournaments.services import rounds as rounds_module

    # The double-dummy analysis runs in a worker after the commit, not in the close.
    rounds_module.dispatch_on_commit = lambda task_name, *args: None

    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        cache.clear()
        t0 = time.perf_counter()
        event = build_event(
            pairs=pairs, rounds=rounds, boards_per_round=boards_per_round, analyse=(1,)
        )
        built = time.perf_counter() - t0
        client = Client()
        return {
            "db": connection.vendor,
            "pairs": pairs,
            "boards": rounds * boards_per_round,
            "build_seconds": round(built, 1),
            "event": measure(client, reverse("tournaments:event_detail", args=[event.pk]), repeat),
            "board": measure(
                client, reverse("tournaments:board_detail", args=[event.pk, 1]), repeat
            ),
        }
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()


def main() -> None:
    f = run()
    print(
        f"Results pages ({f['db']}): {f['pairs']} pairs x {f['boards']} boards "
        f"(built in {f['build_seconds']} s)"
    )
    for name, target in (("event", "< 300 ms, <= 15 queries"), ("board", "<= 10 queries")):
        row = f[name]
        print(
            f"  {name} page {row['url']}: median {row['median_ms']} ms "
            f"(first {row['first_ms']} ms), {row['queries']} queries, {row['kb']} KiB;"
            f" target {target}"
        )


if __name__ == "__main__":
    main()
