"""Benchmark: the scoring pool (``python -m bench pool``).

1. Arrivals: results entered one after another through ``result_submit`` at tables of a
   pool whose boards reach their sixth result (so 6th-result batches are among them);
   prints the latency of the arrival's scoring (``pool_result_arrived``: numbering,
   batch or single scoring) and of the whole entry, p50/p99, and the rate reached.
   Target: 1,000 results a minute with p99 scoring under 50 ms.
2. Dealing: a table's boards picked from a library of 100,000 boards whose four players
   have each been dealt hundreds of boards before. Target: under 20 ms.

Runs on the database that DATABASE_URL names (PostgreSQL for the target figures) in a
throw-away test database, created and dropped here.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from datetime import timedelta


def _setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    import django

    django.setup()


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


CONTRACTS = (("3NT", "N", 9), ("3NT", "N", 10), ("3NT", "N", 8), ("4S", "S", 10),
             ("4S", "S", 9), ("2H", "E", 8), ("3NT", "N", 11), ("PASS", "", None))  # fmt: skip


def _users(prefix: str, n: int):
    from accounts.models import User

    User.objects.bulk_create(
        [User(username=f"{prefix}{i:06d}", display_name=f"P {i}") for i in range(n)]
    )
    return list(User.objects.filter(username__startswith=prefix).order_by("username"))


def _pool(boards: int, rng: random.Random):
    from django.utils import timezone

    from tournaments.formats.pool import services as pool_services

    now = timezone.now()
    event = pool_services.pool_create(
        name="Bench pool", start_at=now - timedelta(minutes=1), ends_at=now + timedelta(days=7),
        boards=min(boards, 5000), rng=rng, analyse=False, lead_required=False,
        now=now - timedelta(minutes=2),
    )  # fmt: skip
    left = boards - min(boards, 5000)
    while left > 0:
        step = min(left, 10000)
        pool_services.library_extend(event=event, count=step, rng=rng, analyse=False)
        left -= step
    pool_services.pool_clock_step(event=event, now=now)
    event.refresh_from_db()
    return event


def _tables_start(event, players, rng):
    """Every four players start a table (all ready at once: one matching pass)."""
    from django.utils import timezone

    from tournaments.formats.pool import services as pool_services
    from tournaments.models import PoolReady, Table

    now = timezone.now()
    PoolReady.objects.bulk_create(
        PoolReady(event=event, player=p, since=now + timedelta(microseconds=i))
        for i, p in enumerate(players[:-1])
    )
    pool_services.pool_join(event=event, player=players[-1], rng=rng)
    return list(Table.objects.filter(event=event).order_by("number"))


def arrivals(tables: int = 300, library: int = 60, dealing_too: bool = True) -> dict:
    from tournaments import services
    from tournaments.formats.pool import services as pool_services
    from tournaments.models import PoolDeal, PoolResult, TableSeat

    rng = random.Random(7)
    event = _pool(library, rng)
    players = _users("bpa", tables * 4)
    started = _tables_start(event, players, rng)
    north = dict(
        TableSeat.objects.filter(table__event=event, seat="N").values_list("table_id", "player")
    )
    by_id = {p.pk: p for p in players}
    todo = [
        (d.table_id, d.board_id)
        for d in PoolDeal.objects.filter(event=event, seat="N").order_by("table_id", "board_id")
    ]
    rng.shuffle(todo)  # tables finish their boards in no particular order
    scoring_times: list[float] = []
    real = pool_services.pool_result_arrived

    kinds: dict[str, list[float]] = {"provisional": [], "batch": [], "single": []}

    def timed(*, result):
        t0 = time.perf_counter()
        arrived = real(result=result)
        took = time.perf_counter() - t0
        scoring_times.append(took)
        if arrived is not None:
            if arrived.scored_at_seq is None:
                kinds["provisional"].append(took)
            elif PoolResult.objects.filter(board_id=arrived.board_id).count() == 6:
                kinds["batch"].append(took)
            else:
                kinds["single"].append(took)
        return arrived

    pool_services.pool_result_arrived = timed
    entry_times: list[float] = []
    t_start = time.perf_counter()
    try:
        for table_id, board_id in todo:
            contract, declarer, tricks = rng.choice(CONTRACTS)
            t0 = time.perf_counter()
            services.result_submit(
                table_id=table_id, board_id=board_id, user=by_id[north[table_id]],
                contract=contract, declarer=declarer, tricks=tricks, lead="",
            )  # fmt: skip
            entry_times.append(time.perf_counter() - t0)
    finally:
        pool_services.pool_result_arrived = real
    wall = time.perf_counter() - t_start
    batches = PoolResult.objects.filter(event=event).values("board_id").distinct().count()
    return {
        "tables": len(started),
        "results": len(entry_times),
        "boards_scored": PoolResult.objects.filter(event=event, scored_at_seq__isnull=False)
        .values("board_id")
        .distinct()
        .count(),
        "boards": batches,
        "per_minute": round(len(entry_times) / wall * 60),
        "scoring_p50_ms": round(statistics.median(scoring_times) * 1000, 2),
        "scoring_p99_ms": round(_p(scoring_times, 0.99) * 1000, 2),
        "scoring_max_ms": round(max(scoring_times) * 1000, 2),
        "by_kind": {
            k: {
                "n": len(v),
                "p50_ms": round(statistics.median(v) * 1000, 2),
                "p99_ms": round(_p(v, 0.99) * 1000, 2),
            }
            for k, v in kinds.items()
            if v
        },  # fmt: skip
        "entry_p50_ms": round(statistics.median(entry_times) * 1000, 2),
        "entry_p99_ms": round(_p(entry_times, 0.99) * 1000, 2),
    }


def dealing(library: int = 100_000, history: int = 400, picks: int = 200) -> dict:
    from tournaments.formats.pool import services as pool_services
    from tournaments.models import PoolBoard

    rng = random.Random(11)
    t0 = time.perf_counter()
    event = _pool(library, rng)
    built = time.perf_counter() - t0
    ids = list(PoolBoard.objects.filter(event=event).values_list("board_id", flat=True))
    # A library in use: places taken and results on a fifth of it, some retired.
    rows = PoolBoard.objects.filter(event=event).order_by("board_id")
    for n, chunk_start in enumerate(range(0, len(ids), 5000)):
        part = ids[chunk_start : chunk_start + 5000 : 5]
        taken = (n % 8) * 5 + 1
        rows.filter(board_id__in=part).update(
            taken=taken, results=max(0, taken - 1), retired=taken >= 40
        )
    four = _users("bpd", 4)
    seen = rng.sample(ids, history * 4)
    _history(event, four, seen)
    times = []
    for i in range(picks):
        t = time.perf_counter()
        chosen = pool_services.boards_pick(
            event=event, player_ids=[p.pk for p in four], k=4, rng=random.Random(i)
        )
        times.append(time.perf_counter() - t)
        assert len(chosen) == 4 and not set(chosen) & set(seen)
    return {
        "library": library,
        "history": history * 4,
        "build_seconds": round(built, 1),
        "pick_p50_ms": round(statistics.median(times) * 1000, 2),
        "pick_p99_ms": round(_p(times, 0.99) * 1000, 2),
    }


def _history(event, four, seen) -> None:
    """The four players' earlier tables: one old table holding every board they saw."""
    from django.utils import timezone

    from tournaments.formats.pool.services import entry_of_player
    from tournaments.models import PoolDeal, Round, Table

    now = timezone.now()
    old = Round.objects.create(
        event=event, number=1, status=Round.Status.CLOSED, starts_at=now, ends_at=now
    )
    table = Table.objects.create(
        event=event,
        round=old,
        number=1,
        ns=entry_of_player(event=event, player=four[0]),
        ew=entry_of_player(event=event, player=four[2]),
    )
    PoolDeal.objects.bulk_create(
        (PoolDeal(event=event, table=table, board_id=b, player=four[i % 4], seat="NSEW"[i % 4])
         for i, b in enumerate(seen)),
        batch_size=2000,
    )  # fmt: skip


def run() -> dict:
    _setup_django()
    from django.db import connection

    from tournaments.formats.pool.services import events as pool_events

    pool_events.dispatch_on_commit = lambda *args, **kwargs: None  # no analysis here
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        return {"db": connection.vendor, "arrivals": arrivals(), "dealing": dealing()}
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def main() -> None:
    f = run()
    a, d = f["arrivals"], f["dealing"]
    print(f"Scoring pool ({f['db']})")
    print(
        f"  arrivals: {a['results']} results at {a['tables']} tables on {a['boards']} boards"
        f" ({a['boards_scored']} scored), one after another: {a['per_minute']:,} a minute;"
        f" scoring p50 {a['scoring_p50_ms']} ms, p99 {a['scoring_p99_ms']} ms"
        f" (max {a['scoring_max_ms']} ms); whole entry p50 {a['entry_p50_ms']} ms,"
        f" p99 {a['entry_p99_ms']} ms; target 1,000 a minute, p99 scoring < 50 ms"
    )
    for kind, k in a["by_kind"].items():
        print(f"    {kind}: {k['n']} arrivals, p50 {k['p50_ms']} ms, p99 {k['p99_ms']} ms")
    print(
        f"  dealing: {d['library']:,} boards in the library, the four players dealt"
        f" {d['history']} before: pick p50 {d['pick_p50_ms']} ms, p99 {d['pick_p99_ms']} ms;"
        f" target < 20 ms (library built in {d['build_seconds']} s)"
    )


if __name__ == "__main__":
    main()
