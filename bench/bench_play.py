"""Benchmark: online play, through the ASGI server, on PostgreSQL and Redis.

An online Swiss pairs event of ``--tables`` tables (four players each, round 1 open,
enough boards for the run) is built in a throw-away PostgreSQL database (``test_`` + the
name in DATABASE_URL, created and dropped here), with an API token for every player
(written in bulk). The ASGI server (``--server uvicorn|daphne``, ``--processes`` of them
sharing one listening socket) serves ``config.asgi:application`` on a free loopback port
with the production settings and the Redis channel layer of REDIS_URL.

``--client-processes`` other processes (so the server's CPU is measured alone) open one
WebSocket per player (``/ws/events/<e>/tables/<t>/?token=...``, the ``websockets``
package), the four seats of a table in the same process. At each table the seat that
acts sends a legal call or card read from its view's ``legal`` field (docs/online-play.md)
every ``--pace`` seconds, the tables' clocks spread over the interval. The latency of an
action runs from its sending to the moment the last of the table's four seats has
received the state with the new version. A table sends its next action when it is due
and the previous one has reached every seat (a server that falls behind shows as a
lower rate than asked and as sending lag).

First ``--seconds`` at ``--pace``; then (unless ``--no-ramp``) the interval shrinks by
``--ramp`` a step (``--step-seconds`` each) until the p99 reaches 100 ms, actions are
refused or late (unanswered for 10 s), or the rate falls short of what was asked (when
the asked pace already misses, it grows by the same factor until one holds); it prints
the fastest pace whose p99 stayed under 100 ms. For every step: the tables, actions a
second, latency p50/p95/p99/max, the server's CPU (all its processes and their
children, from ``/proc``) and its resident memory (the sum of RSS; PSS counts shared
pages once), and the CPU of PostgreSQL's backends, Redis and the clients. It also
measures, in its own process, where an action's server CPU goes. At
the end, a check that every action acknowledged was stored exactly once: per table the
``PlayAction`` rows equal the actions acknowledged, and every board's ``seq`` runs 1..n
with no gap or duplicate. Figures, not asserts (``docs/benchmarks.md`` § Online play under load).

    python -m bench play [--tables 1000] [--pace 5] [--seconds 60] [--processes 2]
                         [--server uvicorn|daphne] [--client-processes 1]
                         [--step-seconds 20] [--ramp 1.5] [--no-ramp] [--json FILE]
                         [--floor]

``--json FILE`` also writes the figures as JSON: ``steps``, one a pace tried (one with
``--no-ramp``), each with ``pace_s``, ``actions_per_s_asked``, ``actions_per_s_done``,
``p50_ms``, ``p95_ms``, ``p99_ms``, ``server_cpu_ms_per_action`` and
``server_rss_mb_peak``; then ``acknowledged``, ``stored`` and ``exactly_once``.

``--floor`` serves the same clients from ``bench/floor_app.py`` instead: the same
server, Channels consumer, deflate and Redis channel layer, with no database, seat rule,
engine or view; its server CPU an action is the floor under the product's.

Needs DATABASE_URL=postgres://... and REDIS_URL=redis://... (a database number of its
own is best: the channel layer's keys expire by themselves).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import tempfile
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from bench.bench_load import _pct, _setup_django
from bench.play_clients import ACK_TIMEOUT, _client_main, _raise_fd_limit
from bench.play_server import (
    Sampler,
    _breakdown,
    _build,
    _check_stored,
    _others_cpu,
    _servers,
    _session_usage,
    _stop,
    _tail,
)

TARGET_P99_MS = 100.0
#: About how many actions a board takes (auction and 52 cards), to size the round.
ACTIONS_PER_BOARD = 50

# -- the run -----------------------------------------------------------------------------


def _answer(pipe, clients, timeout: float):
    """A client process's next answer; a client that died or hangs stops the run."""
    if not pipe.poll(timeout):
        raise RuntimeError(f"a client process did not answer within {timeout:.0f} s")
    try:
        return pipe.recv()[1]
    except EOFError:
        codes = [p.exitcode for p in clients]
        raise RuntimeError(f"a client process died (exit codes {codes})") from None


def _paces(pace: float, seconds: float, step_seconds: float, ramp: float, steps: int):
    """The intervals to try: the asked pace first, then shorter ones (longer ones, by the
    same factor, when the asked pace already misses)."""
    out = [(pace, seconds)]
    for _ in range(steps):
        pace = pace / ramp
        out.append((round(pace, 3), step_seconds))
    return out


def _boards_needed(plan) -> int:
    actions = sum(seconds / pace for pace, seconds in plan)
    return max(2, min(36, math.ceil(actions / ACTIONS_PER_BOARD) + 2))


def run(
    *,
    tables: int = 1000,
    pace: float = 5.0,
    seconds: float = 60.0,
    processes: int = 2,
    server: str = "uvicorn",
    client_processes: int = 1,
    step_seconds: float = 20.0,
    ramp: float = 1.5,
    steps: int = 8,
    deflate: bool = True,
    seed: int = 1,
    floor: bool = False,
) -> dict | None:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://", "pgsql://")) or not os.environ.get(
        "REDIS_URL"
    ):
        print(
            "Online play under load: skipped, it needs PostgreSQL and Redis "
            "(DATABASE_URL=postgres://... REDIS_URL=redis://...)."
        )
        return None
    plan = _paces(pace, seconds, step_seconds, ramp, steps)
    _setup_django()
    from django.db import connection

    old_name = connection.settings_dict["NAME"]
    t_build = time.perf_counter()
    # the floor reads no database: none is made
    test_name = old_name if floor else connection.creation.create_test_db(0, autoclobber=True)
    procs, clients, sampler = [], [], None
    log_path = tempfile.mkstemp(prefix="bench-play-", suffix=".log")[1]
    failed = True
    try:
        if floor:  # the transport alone (bench/floor_app.py): no table, no database
            seats = {seat: seat for seat in "NESW"}
            field = {
                "event": 0,
                "boards": 0,
                "tables": [{"id": i, "tokens": seats} for i in range(1, tables + 1)],
            }
            breakdown = None
        else:
            field = _build(tables + 1, _boards_needed(plan))
            aside = field["tables"].pop()  # the breakdown's own table
            breakdown = _breakdown(field, aside)
        built = time.perf_counter() - t_build
        connection.close()
        _raise_fd_limit()
        db_url = urlunsplit(urlsplit(url)._replace(path="/" + test_name))
        app = "bench.floor_app:application" if floor else "config.asgi:application"
        procs, port = _servers(server, processes, db_url, log_path, app)
        sessions = {p.pid for p in procs}
        sampler = Sampler(sessions)
        sampler.start()
        context = multiprocessing.get_context("spawn")
        pipes = []
        for i in range(client_processes):
            parent, child = context.Pipe()
            rows = field["tables"][i::client_processes]
            proc = context.Process(
                target=_client_main, args=(child, port, field["event"], rows, seed + i, deflate),
                daemon=True,
            )  # fmt: skip
            proc.start()
            child.close()  # the parent's copy: a client that dies ends its pipe
            clients.append(proc)
            pipes.append(parent)
        cpu0 = _session_usage(sessions)[0]
        t0 = time.monotonic()
        ready = [_answer(pipe, clients, 900) for pipe in pipes]
        connect = {
            "seconds": time.monotonic() - t0,
            "ms": [x for r in ready for x in r["connect_ms"]],
            "failed": [x for r in ready for x in r["failed"]],
            "server_cpu": _session_usage(sessions)[0] - cpu0,
        }
        _, rss, pss, nprocs = _session_usage(sessions)
        idle = {"rss": rss, "pss": pss, "processes": nprocs}
        sampler.take()
        rows_out = []
        slower = False  # the asked pace missed: look for the fastest one that holds
        for index in range(len(plan)):
            step_pace, step_secs = plan[index]
            if slower:
                step_pace = round(plan[0][0] * ramp**index, 3)
            start = time.monotonic() + 1.0
            for pipe in pipes:
                pipe.send(("step", step_pace, step_secs, start))
            cpu_before = _session_usage(sessions)[0]
            time.sleep(max(0.0, start - time.monotonic()))
            cpu_start = _session_usage(sessions)[0]
            split_start = [_session_usage({pid})[0] for pid in sorted(sessions)]
            others_start = _others_cpu(test_name)
            done = [_answer(pipe, clients, step_secs + 3 * ACK_TIMEOUT + 60) for pipe in pipes]
            ended = max(d["ended"] for d in done)
            cpu_end = _session_usage(sessions)[0]
            split = [
                _session_usage({pid})[0] - before
                for pid, before in zip(sorted(sessions), split_start, strict=True)
            ]
            others_end = _others_cpu(test_name)
            peak_rss, peak_pss = sampler.take()
            wall = ended - start
            row = {
                "pace": step_pace,
                "seconds": step_secs,
                "wall": wall,
                "latencies": [x for d in done for x in d["latencies"]],
                "lags": [x for d in done for x in d["lags"]],
                "sent": sum(d["sent"] for d in done),
                "late": sum(d["late"] for d in done),
                "errors": sum((Counter(d["errors"]) for d in done), Counter()),
                "tables_done": sum(d["tables_done"] for d in done),
                "client_cpu": sum(d["cpu"] for d in done) / wall,
                "server_cpu": (cpu_end - cpu_start) / wall,
                "split": [c / max(sum(split), 1e-9) for c in split],
                # a backend that exits takes its CPU figure with it: a floor of 0
                "db_cpu": max(0.0, others_end["db"] - others_start["db"]) / wall,
                "redis_cpu": (others_end["redis"] - others_start["redis"]) / wall,
                "server_cpu_idle_before": cpu_start - cpu_before,
                "peak_rss": peak_rss,
                "peak_pss": peak_pss,
            }
            row["asked"] = tables / step_pace
            row["done"] = len(row["latencies"])  # answered to all four seats
            row["rate"] = row["done"] / step_secs
            # the server's CPU over the step (its processes and their children) shared out
            # over the actions done; none done: no figure
            row["cpu_ms_per_action"] = (
                (cpu_end - cpu_start) * 1000 / row["done"] if row["done"] else float("nan")
            )
            row["ok"] = (
                _pct(row["latencies"], 99) < TARGET_P99_MS
                and not row["late"]
                and not row["errors"]
                and row["rate"] >= 0.9 * row["asked"]
            )
            rows_out.append(row)
            if len(rows_out) == 1 and not row["ok"]:
                slower = True
            elif row["ok"] == slower:  # faster: the first miss; slower: the first hold
                break
        acked: dict[int, int] = {}
        unanswered = 0
        for pipe in pipes:
            pipe.send(("close",))
        for pipe in pipes:
            theirs, count = _answer(pipe, clients, 120)
            acked |= theirs
            unanswered += count
        for proc in clients:
            proc.join(timeout=30)
        _stop(procs)
        procs = []
        figures = {
            "tables": tables, "server": server, "processes": processes,
            "client_processes": client_processes, "deflate": deflate, "build_seconds": built,
            "boards": field["boards"], "connect": connect, "idle": idle, "steps": rows_out,
            "cores": os.cpu_count(), "loadavg": os.getloadavg()[0], "breakdown": breakdown,
            "unanswered": unanswered, "floor": floor,
        }  # fmt: skip
        if floor:  # nothing is stored: the acknowledged actions only
            acknowledged = sum(acked.values())
            figures |= {"acknowledged": acknowledged, "stored": 0, "exactly_once": False}
        else:
            figures |= _check_stored(field, acked)
        failed = False
        return figures
    finally:
        if sampler is not None:
            sampler.stop.set()
        for proc in clients:
            if proc.is_alive():
                proc.kill()
        if procs:
            _stop(procs)
        connection.close()
        if not floor:
            connection.creation.destroy_test_db(old_name, verbosity=0)
        if failed or Path(log_path).stat().st_size:
            print(f"The server's output is kept in {log_path}; its end:\n{_tail(log_path)}")
        else:
            Path(log_path).unlink(missing_ok=True)


def _mb(n: int) -> str:
    return f"{n / 2**20:.0f} MB"


def _number(x: float) -> float | None:
    """A figure for JSON: none (null) where there is nothing to measure (NaN)."""
    return None if math.isnan(x) else x


def public(f: dict) -> dict:
    """The figures ``--json FILE`` writes, the benchmark's interface (docs/benchmarks.md
    § Online play under load): one row a pace tried, then the exactly-once check."""
    return {
        "steps": [
            {
                "pace_s": r["pace"],
                "actions_per_s_asked": r["asked"],
                "actions_per_s_done": r["rate"],
                "p50_ms": _number(_pct(r["latencies"], 50)),
                "p95_ms": _number(_pct(r["latencies"], 95)),
                "p99_ms": _number(_pct(r["latencies"], 99)),
                "server_cpu_ms_per_action": _number(r["cpu_ms_per_action"]),
                "server_rss_mb_peak": r["peak_rss"] / 2**20,
            }
            for r in f["steps"]
        ],
        "acknowledged": f["acknowledged"],
        "stored": f["stored"],
        "exactly_once": bool(f["exactly_once"]),
    }


def report(f: dict) -> str:
    c, b = f["connect"], f["breakdown"]
    lines = [
        f"Online play (PostgreSQL + Redis channel layer, {f['server']} x {f['processes']} "
        f"process(es), {f['client_processes']} client process(es), permessage-deflate "
        f"{'on' if f['deflate'] else 'off'}; {f['cores']} cores, load average "
        f"{f['loadavg']:.1f} at the end)",
        f"  {f['tables']} tables, {f['tables'] * 4} WebSocket connections, {f['boards']} boards "
        f"a round (built in {f['build_seconds']:.0f} s)",
        f"  connected in {c['seconds']:.1f} s (p50/p99 "
        f"{_pct(c['ms'], 50):.0f}/{_pct(c['ms'], 99):.0f} ms, {len(c['failed'])} failed; "
        f"server CPU {c['server_cpu']:.1f} s); server idle with every seat connected: RSS "
        f"{_mb(f['idle']['rss'])}, PSS {_mb(f['idle']['pss'])} over "
        f"{f['idle']['processes']} processes",
        "",
        "  every  | asked/s | done/s | latency to all 4 seats, ms   | send lag | CPU % of a core:"
        "               | server memory, peak | late, refused",
        "         |         |        |  p50 /  p95 /  p99 /   max   |  p99 ms  | server (ms/act)"
        "  db  redis  clients | RSS (PSS)           |",
    ]
    best = None
    for r in f["steps"]:
        lat = r["latencies"]
        errors = ", ".join(f"{k} {v}" for k, v in sorted(r["errors"].items())) or "0"
        lines.append(
            f"  {r['pace']:>5.3g} s | {r['asked']:>7.0f} | {r['rate']:>6.0f} | "
            f"{_pct(lat, 50):>4.0f} / {_pct(lat, 95):>4.0f} / {_pct(lat, 99):>4.0f} / "
            f"{max(lat, default=float('nan')):>5.0f}   | {_pct(r['lags'], 99):>8.0f} | "
            f"{r['server_cpu'] * 100:>6.0f} ({r['cpu_ms_per_action']:>4.1f})"
            f" {r['db_cpu'] * 100:>4.0f} {r['redis_cpu'] * 100:>5.0f} "
            f"{r['client_cpu'] * 100:>8.0f} | {_mb(r['peak_rss']):>7} ({_mb(r['peak_pss'])})"
            f"    | {r['late']}, {errors}" + ("" if r["ok"] else "  <- over")
        )
        if len(r["split"]) > 1:
            lines[-1] += (
                "  (server CPU by process: "
                + "/".join(f"{x * 100:.0f}" for x in r["split"])
                + " %)"
            )
        if r["ok"]:
            best = r if best is None or r["pace"] < best["pace"] else best
    first = f["steps"][0]
    if f.get("floor"):  # the transport alone: nothing stored, nothing to break down
        lines[0] = "The floor: the transport alone (bench/floor_app.py). " + lines[0]
        return "\n".join(
            [*lines, "", f"  {f['acknowledged']} actions acknowledged; nothing is stored"]
        )
    met = first["ok"] and first["peak_rss"] < 2 * 2**30 and f["exactly_once"]
    lines += [
        "",
        f"  target ({f['tables']} tables, an action every {first['pace']:g} s, p99 < "
        f"{TARGET_P99_MS:.0f} ms, server memory < 2 GB, nothing lost): "
        + ("met" if met else "NOT met"),
        (
            f"  fastest pace with p99 < {TARGET_P99_MS:.0f} ms: an action every "
            f"{best['pace']:g} s a table ({best['rate']:.0f} actions/s)"
            if best
            else f"  no pace kept p99 < {TARGET_P99_MS:.0f} ms"
        ),
        f"  stored exactly once: {'yes' if f['exactly_once'] else 'NO'} "
        f"({f['acknowledged']} actions acknowledged, {f['stored']} PlayAction rows over "
        f"{f['boards_played']} boards; {f['boards_with_gaps']} boards with a gap or a "
        f"duplicate in seq, {f['tables_mismatched']} tables whose rows differ; "
        f"{f['unanswered']} actions never answered)",
        f"  where an action's server CPU goes (one process, {b['actions']} actions, ms CPU "
        f"an action): play service {b['act_ms']:.1f} ({b['queries']:.1f} queries, at most "
        f"{b['queries_max']}; SQL sent and read {b['sql_ms']:.1f}, ORM around it "
        f"{b['orm_ms']:.1f}; seat check {b['seat_check_ms']:.1f}, board lookup "
        f"{b['where_ms']:.1f}, engine replay {b['replay_ms']:.1f}, channel-layer send "
        f"{b['broadcast_ms']:.1f}); the four seats' views {b['views_ms']:.1f} (one replay "
        f"shared by the four: {b['views_shared_ms']:.1f}), their JSON {b['json_ms']:.2f}",
    ]
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench play")
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--pace", type=float, default=5.0, help="seconds between a table's actions")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--processes", type=int, default=2, help="ASGI server processes")
    parser.add_argument("--server", default="uvicorn", choices=["uvicorn", "daphne"])
    parser.add_argument("--client-processes", type=int, default=1)
    parser.add_argument("--step-seconds", type=float, default=20.0)
    parser.add_argument("--ramp", type=float, default=1.5, help="each step's pace divides by it")
    parser.add_argument("--steps", type=int, default=8, help="at most this many faster steps")
    parser.add_argument("--no-ramp", action="store_true")
    parser.add_argument("--no-deflate", action="store_true", help="no permessage-deflate")
    parser.add_argument(
        "--json", type=Path, default=None, metavar="FILE", help="also write the figures here"
    )
    parser.add_argument(
        "--floor", action="store_true",
        help="the transport alone (bench/floor_app.py): what the product spends above it",
    )  # fmt: skip
    args = parser.parse_args(argv)
    figures = run(
        tables=args.tables,
        pace=args.pace,
        seconds=min(args.seconds, 600),
        processes=args.processes,
        server=args.server,
        client_processes=args.client_processes,
        step_seconds=args.step_seconds,
        ramp=max(args.ramp, 1.05),
        steps=0 if args.no_ramp else args.steps,
        deflate=not args.no_deflate,
        floor=args.floor,
    )
    if figures is not None:
        print(report(figures))
        if args.json is not None:
            text = json.dumps(public(figures), indent=1, allow_nan=False)
            args.json.write_text(text + "\n", encoding="utf-8")
