"""Benchmark: the weekly Rate of 100,000 players from 1,000,000 board results
(targets: under 60 s and 2 GB), this week's points, and the leaderboards at that scale.

The field is written straight into a throw-away test database on the database
DATABASE_URL names (PostgreSQL for the target figures: ``COPY``); on SQLite the field is
a fiftieth of the size. Four players sit at each table, which plays four boards; each
board is played at twenty tables of the week. Then the real services run:
``rate_week_compute`` (as the beat does), ``weekly_points_refresh``, and the leaderboard
page and API (queries counted).

    python -m bench rate [--players 100000 --results 1000000]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import time
from datetime import timedelta


def _setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    import django

    django.setup()


def _rows(model, columns: dict, n: int):
    """``n`` rows of ``model`` as tuples of every concrete column but the id: the
    given ``columns`` (sequences, or one value for every row), the rest the field's
    default."""
    from django.db import connection

    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    values = []
    for f in fields:
        if f.attname in columns:
            values.append(columns[f.attname])
        else:
            default = f.get_default() if f.has_default() or not f.null else None
            values.append(f.get_db_prep_save(default, connection))
    names = [f.column for f in fields]
    seqs = [v if isinstance(v, list | range) or hasattr(v, "__array__") else None for v in values]

    def gen():
        for i in range(n):
            yield tuple(
                (s[i].item() if hasattr(s[i], "item") else s[i]) if s is not None else v
                for s, v in zip(seqs, values, strict=True)
            )

    return names, gen()


def _write(model, columns: dict, n: int) -> None:
    from django.db import connection

    names, rows = _rows(model, columns, n)
    table = model._meta.db_table
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            sql = f"COPY {table} ({', '.join(names)}) FROM STDIN"
            with cursor.cursor.copy(sql) as copy:
                for row in rows:
                    copy.write_row(row)
        else:
            marks = ", ".join(["%s"] * len(names))
            cursor.executemany(f"INSERT INTO {table} ({', '.join(names)}) VALUES ({marks})", rows)


def _ids(model, n: int) -> list[int]:
    return list(model.objects.order_by("-pk").values_list("pk", flat=True)[:n])[::-1]


def _players_write(players: int) -> list[int]:
    """``players`` users with no usable password; their ids."""
    from django.contrib.auth.hashers import make_password
    from django.utils import timezone

    from accounts.models import User

    names = [f"bench{i:06d}" for i in range(players)]
    _write(
        User,
        {
            "username": names,
            "username_key": names,
            "name_key": names,
            "display_name": [f"Bench {i}" for i in range(players)],
            "password": make_password(None),
            "date_joined": timezone.now(),
            "email": "",
        },
        players,
    )
    return _ids(User, players)


def _boards_write(event_id: int, boards: int, start) -> list[int]:
    """``boards`` boards, 25,000 an event (board numbers are small integers): the first
    event's, then as many more events as it takes; their ids."""
    from tournaments.models import Board, Event

    events = [event_id] + [
        Event.objects.create(name=f"Bench field {k}", kind="pool", start_at=start).pk
        for k in range(1, -(-boards // 25_000))
    ]
    _write(
        Board,
        {
            "event_id": [events[i // 25_000] for i in range(boards)],
            "number": [i % 25_000 + 1 for i in range(boards)],
            "dealer": "N",
            "vulnerability": "None",
            "deal": "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
        },
        boards,
    )
    return _ids(Board, boards)


def _tables_write(event, tables: int, user_ids, rng):
    """``tables`` tables of the event (one NS and one EW entry), four different players
    at each (a random quarter-block of a shuffled field); their ids."""
    import numpy as np

    from tournaments.models import Entry, Table, TableSeat

    ns = Entry.objects.create(event=event, status="confirmed", registration_order=1)
    ew = Entry.objects.create(event=event, status="confirmed", registration_order=2)
    _write(
        Table,
        {"event_id": event.pk, "number": range(1, tables + 1), "ns_id": ns.pk, "ew_id": ew.pk},
        tables,
    )
    table_ids = np.array(_ids(Table, tables), dtype=np.int64)
    players = len(user_ids)
    seats = np.empty((tables, 4), dtype=np.int64)
    for start_row in range(0, tables, players // 4):
        block = rng.permutation(user_ids)[: (players // 4) * 4].reshape(-1, 4)
        rows = min(len(block), tables - start_row)
        seats[start_row : start_row + rows] = block[:rows]
    _write(
        TableSeat,
        {
            "table_id": np.repeat(table_ids, 4),
            "seat": ["N", "S", "E", "W"] * tables,
            "player_id": seats.reshape(-1),
        },
        tables * 4,
    )
    return table_ids


def build(players: int, results: int, week: str, seed: int = 1) -> dict:
    """The field: ``players`` users, ``results`` results of the ``week`` (20 a board)."""
    import numpy as np

    from ratings.weeks import week_bounds
    from tournaments.models import Event, Result

    rng = np.random.default_rng(seed)
    start, _end = week_bounds(week)
    user_ids = np.array(_players_write(players), dtype=np.int64)
    event = Event.objects.create(name="Bench field", kind="pool", start_at=start, method="imp")
    per_board, per_table = 20, 4
    board_ids = np.array(_boards_write(event.pk, results // per_board, start), dtype=np.int64)
    table_ids = _tables_write(event, results // per_table, user_ids, rng)
    # table t plays boards of its group: 5 groups of 4 tables share 4 boards... each
    # board gets 20 results from 20 different tables.
    group = np.arange(results) // (per_board * per_table)  # 80 results: 4 boards × 20
    within = np.arange(results) % (per_board * per_table)
    board_of = board_ids[group * per_table + within % per_table]
    table_of = table_ids[group * per_board + within // per_table]
    scores = rng.choice(np.array([-200, -100, -50, 50, 90, 110, 140, 170, 420, 450, 620, 650]),
                        size=results)  # fmt: skip
    _write(
        Result,
        {
            "table_id": table_of,
            "board_id": board_of,
            "status": "played",
            "contract": "4S",
            "declarer": "N",
            "tricks": 10,
            "ns_score": scores,
            "entered_side": "NS",
            "entered_at": start + timedelta(hours=1),
        },
        results,
    )
    return {"event": event.pk}


def analysis_page(boards: int = 2000, seed: int = 2) -> tuple[int, float, int]:
    """A player with ``boards`` boards of finished events (seated, with leads solved
    for half of them): (status, the page's best time of five in ms, queries)."""
    import random

    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from accounts.models import User
    from ratings.models import LeadAnalysis
    from tournaments.models import Board, Entry, Event, Result, Table, TableSeat

    rng = random.Random(seed)
    me = User.objects.create(username="analysed", display_name="Analysed player")
    others = [User.objects.create(username=f"opp{i}", display_name=f"Opp {i}") for i in range(3)]
    dd = {s: {"N": 9, "S": 9, "E": 4, "W": 4} for s in ("C", "D", "H", "S", "NT")}
    event = Event.objects.create(
        name="Analysed week", kind="pool", start_at=timezone.now(), status="finished"
    )
    entry = Entry.objects.create(event=event, status="confirmed", registration_order=1)
    board_rows = Board.objects.bulk_create(
        Board(event=event, number=n + 1, dealer="N", vulnerability="None",
              deal="N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
              dd_table=dd, par_score=400)
        for n in range(boards)
    )  # fmt: skip
    tables = Table.objects.bulk_create(
        Table(event=event, number=n + 1, ns=entry, ew=entry) for n in range(boards)
    )
    seats = []
    for t in tables:
        mine = rng.choice("NSEW")
        rest = iter(others)
        seats += [TableSeat(table=t, seat=s, player=me if s == mine else next(rest))
                  for s in "NSEW"]  # fmt: skip
    TableSeat.objects.bulk_create(seats)
    contracts = [("3NT", 9, 400, "H2"), ("4S", 9, -50, "HA"), ("2S", 8, 110, "H3"),
                 ("6NT", 12, 990, "HK")]  # fmt: skip
    Result.objects.bulk_create(
        Result(table=t, board=b, contract=c, declarer="N", tricks=k, ns_score=sc, lead=ld,
               entered_side="NS")
        for t, b, (c, k, sc, ld) in ((t, b, rng.choice(contracts))
                                     for t, b in zip(tables, board_rows, strict=True))
    )  # fmt: skip
    LeadAnalysis.objects.bulk_create(
        LeadAnalysis(board=b, strain=st, leader="E", tricks={"H2": 4, "HA": 3, "H3": 4,
                     "HK": 1}, best=4)
        for b in board_rows[::2] for st in ("NT", "S")
    )  # fmt: skip
    client = Client()
    best = None
    for _ in range(5):
        with CaptureQueriesContext(connection) as queries:
            t0 = time.perf_counter()
            status = client.get(f"/players/{me.username}/analysis/?show=declarer").status_code
            ms = (time.perf_counter() - t0) * 1000
        best = ms if best is None else min(best, ms)
    return status, round(best), len(queries)


def run(players: int = 100_000, results: int = 1_000_000) -> dict:
    _setup_django()
    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from ratings.models import PlayerRate
    from ratings.services.rate import rate_week_compute, weekly_points_refresh
    from ratings.weeks import week_before, week_of

    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    if connection.vendor != "postgresql":
        players, results = players // 50, results // 50
    try:
        week = week_before(week_of(timezone.now()))
        t0 = time.perf_counter()
        if connection.vendor == "postgresql":
            # a child process writes the field, so that this one's peak memory is the
            # Rate's own (SQLite's test database lives in this process's memory)
            connection.close()
            child = multiprocessing.get_context("fork").Process(
                target=build, args=(players, results, week)
            )
            child.start()
            child.join()
            if child.exitcode:
                raise SystemExit(f"building the field failed ({child.exitcode})")
        else:
            build(players, results, week)
        built = time.perf_counter() - t0
        figures = {"db": connection.vendor, "players": players, "results": results}
        figures["build_s"] = round(built, 1)

        t0 = time.perf_counter()
        report = rate_week_compute(week=week, by="beat", with_data=False)
        figures["rate_s"] = round(time.perf_counter() - t0, 1)
        figures["rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
        figures["lines"] = report.boards

        t0 = time.perf_counter()
        weekly_points_refresh(week=week)
        figures["points_s"] = round(time.perf_counter() - t0, 1)
        figures["rated"] = PlayerRate.objects.count()

        from django.test import Client

        client = Client()
        reset_queries()
        pages = {}
        for label, url in (
            ("rate p1", "/leaderboards/?board=rate"),
            ("rate p1000", "/leaderboards/?board=rate&page=1000"),
            ("rate tier+min", "/leaderboards/?board=rate&tier=0&min_boards=30"),
            ("api rate", "/api/leaderboards/rate/?limit=100&offset=50000"),
            ("api mp", "/api/leaderboards/mp/?limit=100"),
        ):
            with CaptureQueriesContext(connection) as queries:
                t0 = time.perf_counter()
                status = client.get(url).status_code
                pages[label] = (status, round((time.perf_counter() - t0) * 1000), len(queries))
        figures["pages"] = pages
        figures["analysis"] = analysis_page()
        return figures
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench rate")
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--results", type=int, default=1_000_000)
    args = parser.parse_args(argv or [])
    f = run(players=args.players, results=args.results)
    print(
        f"Weekly Rate ({f['db']}): {f['players']:,} players, {f['results']:,} results "
        f"(field written in {f['build_s']} s)"
    )
    print(
        f"  rate the week: {f['rate_s']} s (target < 60 s), peak {f['rss_mb']} MB resident "
        f"(target < 2 GB), {f['lines']:,} board lines, {f['rated']:,} players"
    )
    print(f"  this week's points: {f['points_s']} s")
    for label, (status, ms, queries) in f["pages"].items():
        print(f"  {label}: HTTP {status}, {ms} ms, {queries} queries")
    status, ms, queries = f["analysis"]
    print(
        f"  analysis page, 2,000 boards: HTTP {status}, {ms} ms (best of 5; target < 300 ms),"
        f" {queries} queries"
    )


if __name__ == "__main__":
    main()
