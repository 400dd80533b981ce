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
    from datetime import timedelta

    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from accounts.models import User
    from tournaments import services
    from tournaments.models import Entry, EntryMember, Result
    from tournaments.services import rounds as rounds_module

    # The double-dummy analysis runs in a worker after the commit, not in the close.
    rounds_module._analyse_later = lambda board_ids: None

    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        pairs = tables * 2
        event = services.event_create(
            name="Bench",
            start_at=timezone.now() + timedelta(minutes=1),
            num_rounds=rounds + 1,
            boards_per_round=boards,
            seed=1,
        )
        users = User.objects.bulk_create(User(username=f"b{i}") for i in range(pairs * 2))
        entries = Entry.objects.bulk_create(
            Entry(event=event, status=Entry.Status.CONFIRMED, registration_order=i + 1)
            for i in range(pairs)
        )
        EntryMember.objects.bulk_create(
            EntryMember(entry=e, event=event, player=users[2 * i + k], position=k + 1)
            for i, e in enumerate(entries)
            for k in range(2)
        )
        rng = random.Random(3)
        services.event_start(event=event, rng=rng)
        figures = {"tables": tables, "boards": boards, "db": connection.vendor, "closes": []}
        for number in range(1, rounds + 1):
            rnd = event.rounds.get(number=number)
            bs = list(rnd.boards.all())
            Result.objects.bulk_create(
                (
                    Result(
                        table=t,
                        board=b,
                        contract="4S",
                        declarer="N",
                        tricks=10,
                        lead="SA",
                        ns_score=rng.choice([420, -50, 450, 170, -100, 620]),
                    )
                    for t in rnd.tables.all()
                    for b in bs
                    if rng.random() < 0.9
                ),
                batch_size=2000,
            )
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
