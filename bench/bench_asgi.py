"""Benchmark: the ASGI server for online play's WebSockets, daphne against uvicorn.

An online Swiss event of ``--tables`` tables (four players each, 30 boards a round) is
built in the database DATABASE_URL names (PostgreSQL; created by the caller, migrated
here), and the server serves ``config.asgi`` on a loopback port with the channel layer
of REDIS_URL (Redis, or in memory without it). Each table's four clients connect with an
API token and play legal calls and cards, the seat whose turn it is acting ``--pace``
seconds after it sees the table change. It prints the actions applied, the latency from
an action to the fourth seat seeing it (p50, p95, p99), the server's CPU seconds and
resident memory, and checks every action was stored exactly once.

    DATABASE_URL=postgres://... REDIS_URL=redis://... \\
        python -m bench.bench_asgi --server daphne --tables 50 --seconds 20 --pace 0.2
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def build(tables: int) -> list[dict]:
    """The event, seated and open; each table's id and its seats' API tokens."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")
    django.setup()
    from datetime import timedelta

    from django.core.management import call_command
    from django.utils import timezone
    from knox.models import AuthToken

    from accounts.models import User
    from tournaments import services
    from tournaments.models import Table

    call_command("migrate", verbosity=0)
    tag = f"{time.time_ns()}"
    director = User.objects.create(username=f"td{tag}", is_staff=True)
    event = services.event_create(
        name=f"ASGI bench {tag}", start_at=timezone.now() + timedelta(minutes=5),
        num_rounds=1, boards_per_round=30, round_minutes=240, director=director,
        online_play=True, seed=1, lead_required=False,
    )  # fmt: skip
    for i in range(tables * 2):
        a = User.objects.create(username=f"a{i}-{tag}")
        b = User.objects.create(username=f"b{i}-{tag}")
        entry = services.entry_register(event=event, player=a, partner=b)
        services.entry_confirm(entry=entry, player=b)
    services.event_start(event=event)
    out = []
    for table in Table.objects.filter(event=event).select_related("ns", "ew"):
        seats = {}
        for entry, pair in ((table.ns, "NS"), (table.ew, "EW")):
            for member in entry.members.select_related("player").order_by("position"):
                seats[pair[member.position - 1]] = AuthToken.objects.create(member.player)[1]
        out.append({"event": event.pk, "table": table.pk, "tokens": seats})
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(server: str, port: int) -> subprocess.Popen:
    app = "config.asgi:application"
    if server == "daphne":
        cmd = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), app]
    else:
        cmd = [sys.executable, "-m", "uvicorn", app, "--host", "127.0.0.1", "--port",
               str(port), "--log-level", "warning", "--ws", "websockets"]  # fmt: skip
    env = dict(os.environ, DJANGO_DEBUG="false")
    log = open(f"/tmp/bench-asgi-{server}.log", "w")  # noqa: SIM115 - the server's
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=log)
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit(f"{server} did not start")


def cpu_and_rss(pid: int) -> tuple[float, int]:
    stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    cpu = (int(stat[11]) + int(stat[12])) / ticks
    rss = int(stat[21]) * os.sysconf("SC_PAGE_SIZE")
    return cpu, rss


def choose(view: dict, rng: random.Random) -> tuple[str, str] | None:
    """A legal call or card for the seat that acts now, from what it sees."""
    if view["phase"] == "auction":
        return "call", ("1NT" if not view["auction"] else "P")
    if view["phase"] != "play":
        return None
    hand = view["hands"][view["to_play"]]
    trick = view["tricks"][-1] if view["tricks"] else None
    if trick and len(trick["cards"]) < 4:
        follow = [c for c in hand if c[0] == trick["cards"][0][0]]
        hand = follow or hand
    return "card", rng.choice(hand)


async def table_clients(port, table, pace, until, latencies, applied, rng):
    import websockets

    url = f"ws://127.0.0.1:{port}/ws/events/{table['event']}/tables/{table['table']}/?token="
    origin = f"http://127.0.0.1:{port}"
    conns = {
        seat: await websockets.connect(url + token, origin=origin, max_size=2**20)
        for seat, token in table["tokens"].items()
    }
    sent_at: dict[tuple, float] = {}
    seen: dict[tuple, int] = {}
    latest: dict[str, dict] = {}

    async def reader(seat, ws):
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] != "state":
                continue
            view = message["table"]
            latest[seat] = view
            key = (view["board"], view["version"])
            seen[key] = seen.get(key, 0) + 1
            if seen[key] == 4 and key in sent_at:
                latencies.append(time.perf_counter() - sent_at.pop(key))

    readers = [asyncio.create_task(reader(s, ws)) for s, ws in conns.items()]
    await asyncio.sleep(0.5)
    acted = None
    while time.monotonic() < until:
        await asyncio.sleep(pace)
        view = latest.get("N")
        if view is None or view["phase"] == "over" and view.get("next", {}).get("round_over"):
            break
        actor = view["actor"]
        if actor is None or actor not in latest:
            continue
        mine = latest[actor]
        if mine["version"] != view["version"] or mine["board"] != view["board"]:
            continue
        if acted == (mine["board"], mine["version"]):
            continue  # sent already: wait for the table to change
        acted = (mine["board"], mine["version"])
        action = choose(mine, rng)
        if action is None:
            continue
        kind, value = action
        sent_at[(mine["board"], mine["version"] + 1)] = time.perf_counter()
        await conns[actor].send(json.dumps(
            {"type": "act", "id": "x", "version": mine["version"], "kind": kind, "value": value}
        ))  # fmt: skip
        applied.append(1)
    for ws in conns.values():
        await ws.close()
    for task in readers:
        task.cancel()


async def play(port, tables, pace, seconds):
    latencies: list[float] = []
    applied: list[int] = []
    until = time.monotonic() + seconds
    rng = random.Random(1)
    await asyncio.gather(
        *(table_clients(port, t, pace, until, latencies, applied, rng) for t in tables)
    )
    return latencies, len(applied)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.bench_asgi")
    parser.add_argument("--server", choices=["daphne", "uvicorn"], default="daphne")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--pace", type=float, default=0.2)
    args = parser.parse_args(argv)
    tables = build(args.tables)
    port = free_port()
    proc = serve(args.server, port)
    try:
        cpu0, _ = cpu_and_rss(proc.pid)
        started = time.perf_counter()
        latencies, sent = asyncio.run(play(port, tables, args.pace, args.seconds))
        elapsed = time.perf_counter() - started
        cpu1, rss = cpu_and_rss(proc.pid)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    from online.models import PlayAction

    stored = PlayAction.objects.filter(play__table_id__in=[t["table"] for t in tables]).count()
    q = statistics.quantiles(latencies, n=100) if len(latencies) > 2 else [0] * 99
    print(
        f"{args.server}: {len(tables)} tables, {4 * len(tables)} connections, "
        f"{len(latencies) / elapsed:.0f} actions/s seen by all four seats; latency "
        f"p50 {q[49] * 1000:.1f} ms, p95 {q[94] * 1000:.1f} ms, p99 {q[98] * 1000:.1f} ms; "
        f"server CPU {cpu1 - cpu0:.1f} s over {elapsed:.1f} s, RSS {rss / 2**20:.0f} MB; "
        f"sent {sent}, stored {stored}"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
