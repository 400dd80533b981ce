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
with no gap or duplicate. Figures, not asserts (README § Benchmarks).

    python -m bench play [--tables 1000] [--pace 5] [--seconds 60] [--processes 2]
                         [--server uvicorn|daphne] [--client-processes 1]
                         [--step-seconds 20] [--ramp 1.5] [--no-ramp]

Needs DATABASE_URL=postgres://... and REDIS_URL=redis://... (a database number of its
own is best: the channel layer's keys expire by themselves).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import multiprocessing
import os
import random
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from bench.bench_load import Client, _pct, _setup_django

ROOT = Path(__file__).resolve().parent.parent
SEATS = ("N", "E", "S", "W")
TARGET_P99_MS = 100.0
#: How long an action may go unanswered before the table counts it late and moves on.
ACK_TIMEOUT = 10.0
#: About how many actions a board takes (auction and 52 cards), to size the round.
ACTIONS_PER_BOARD = 50


# -- the field ---------------------------------------------------------------------------


def _build(tables: int, boards: int) -> dict:
    """The online event, round 1 open; per table its id and each seat's token."""
    from django.utils import timezone
    from knox.models import AuthToken, get_digest_token
    from knox.settings import CONSTANTS, knox_settings

    from bench.fields import field_start
    from tournaments.models import EntryMember

    event = field_start(
        pairs=tables * 2, rounds=1, boards_per_round=boards, online_play=True,
        round_minutes=600,
    )  # fmt: skip
    rnd = event.rounds.get(number=1)
    members: dict[int, dict[int, int]] = {}
    for entry_id, position, player_id in EntryMember.objects.filter(event=event).values_list(
        "entry_id", "position", "player_id"
    ):
        members.setdefault(entry_id, {})[position] = player_id
    rows, tokens = [], []
    expiry = timezone.now() + knox_settings.TOKEN_TTL
    for t in rnd.tables.filter(ew__isnull=False).order_by("number"):
        # The seat rule of my-table: the pair's first player North (East), second South (West).
        players = {
            "N": members[t.ns_id][1], "S": members[t.ns_id][2],
            "E": members[t.ew_id][1], "W": members[t.ew_id][2],
        }  # fmt: skip
        row = {"id": t.pk, "tokens": {}}
        for seat, player in players.items():
            digest, token = get_digest_token()
            tokens.append(
                AuthToken(
                    digest=digest,
                    token_key=token[: CONSTANTS.TOKEN_KEY_LENGTH],
                    user_id=player,
                    expiry=expiry,
                )  # fmt: skip
            )
            row["tokens"][seat] = token
        rows.append(row)
    AuthToken.objects.bulk_create(tokens, batch_size=2000)
    return {"event": event.pk, "round": rnd.pk, "tables": rows, "boards": boards}


def _check_stored(field: dict, acked: dict[int, int]) -> dict:
    """Every action acknowledged stored exactly once, with no gap in any board's seq."""
    from django.db.models import Count, Max, Min

    from online.models import PlayAction

    ids = {row["id"] for row in field["tables"]}
    rows = PlayAction.objects.filter(play__table_id__in=ids)
    per_table = dict(rows.values_list("play__table_id").annotate(n=Count("id")))
    per_board = rows.values("play_id").annotate(
        n=Count("id"), seqs=Count("seq", distinct=True), lo=Min("seq"), hi=Max("seq")
    )
    gaps = sum(1 for b in per_board if not (b["n"] == b["seqs"] == b["hi"] and b["lo"] == 1))
    mismatched = [t for t in ids if per_table.get(t, 0) != acked.get(t, 0)]
    return {
        "stored": sum(per_table.values()),
        "acknowledged": sum(acked.values()),
        "boards_played": len(per_board),
        "boards_with_gaps": gaps,
        "tables_mismatched": len(mismatched),
        "exactly_once": not mismatched and gaps == 0,
    }


def _breakdown(field: dict, row: dict, actions: int = 120) -> dict:
    """Where an action's server CPU goes, measured in this process on a table of its own
    (``row``; the clients never use it): the play service (``play_act``: the seat check,
    the locks, the board's actions read and replayed, the row written, the broadcast to
    the Redis channel layer) with its queries, then what each connection does with the
    broadcast (its seat's view, replayed from the snapshot, and the JSON). CPU time of
    this process in ms an action; PostgreSQL's and Redis's own CPU are not in it."""
    import cProfile
    import pstats

    from asgiref.sync import async_to_sync
    from channels.layers import get_channel_layer
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from knox.auth import TokenAuthentication

    from online import services
    from online.state import group_name, seat_view, snapshot_table

    users = {
        seat: TokenAuthentication().authenticate_credentials(token.encode())[0]
        for seat, token in row["tokens"].items()
    }
    event, table = field["event"], row["id"]
    rng = random.Random(7)
    run = TableRun(row, rng)
    profile = cProfile.Profile(time.process_time)
    act_cpu, profiled_cpu, views_cpu, shared_cpu, json_cpu = [], [], [], [], []
    queries = []
    sent = []  # the snapshots the service broadcast, caught on their way out
    broadcast = services.table_broadcast

    def catch(*, table_id, states):
        sent.append(states)
        broadcast(table_id=table_id, states=states)

    services.table_broadcast = catch
    layer = get_channel_layer()
    if layer is not None:  # four listeners, as a table's four seats: the real fan-out
        for seat in SEATS:
            async_to_sync(layer.group_add)(group_name(table), f"bench-play-{table}-{seat}")
    try:
        for _ in range(actions):
            view = services.table_state_get(user=users["N"], event_id=event, table_id=table)
            if view.get("phase") not in ("auction", "play"):
                break
            mine = services.table_state_get(
                user=users[view["actor"]], event_id=event, table_id=table
            )
            kind, value = run.choose(mine)
            args = dict(
                user=users[view["actor"]], event_id=event, table_id=table,
                version=mine["version"], kind=kind, value=value,
            )  # fmt: skip
            if len(act_cpu) % 2:  # every other action profiled, with its queries counted
                with CaptureQueriesContext(connection) as captured:
                    t0 = time.process_time()
                    profile.enable()
                    services.play_act(**args)
                    profile.disable()
                    profiled_cpu.append(time.process_time() - t0)
                queries.append(len(captured.captured_queries))
            else:  # the others as they run: their CPU is the figure
                t0 = time.process_time()
                services.play_act(**args)
            act_cpu.append(time.process_time() - t0)
            t0 = time.process_time()
            views = [seat_view(snap, seat) for snap in sent[-1] for seat in SEATS]
            views_cpu.append(time.process_time() - t0)
            t0 = time.process_time()
            for snap in sent[-1]:
                engine = snapshot_table(snap)
                [seat_view(snap, seat, table=engine) for seat in SEATS]
            shared_cpu.append(time.process_time() - t0)
            t0 = time.process_time()
            for v in views:
                json.dumps({"type": "state", "table": v})
            json_cpu.append(time.process_time() - t0)
    finally:
        services.table_broadcast = broadcast
    stats = pstats.Stats(profile).stats
    n = max(len(act_cpu), 1)
    plain = [c for i, c in enumerate(act_cpu) if not i % 2]
    act_ms = sum(plain) * 1000 / max(len(plain), 1)
    # the profiler slows what it watches: its figures scaled to the unprofiled CPU
    scale = act_ms / max(sum(profiled_cpu) * 1000 / max(len(profiled_cpu), 1), 1e-9)

    def cumulative(module: str, name: str) -> float:
        return sum(
            v[3] for (path, _, func), v in stats.items() if func == name and path.endswith(module)
        ) * 1000 / max(len(profiled_cpu), 1) * scale  # fmt: skip

    return {
        "actions": len(act_cpu),
        "act_ms": act_ms,
        "queries": sum(queries) / max(len(queries), 1),
        "queries_max": max(queries, default=0),
        "sql_ms": cumulative("psycopg/cursor.py", "execute"),
        "orm_ms": cumulative("django/db/models/sql/compiler.py", "execute_sql")
        - cumulative("psycopg/cursor.py", "execute"),
        "seat_check_ms": cumulative("online/services.py", "_viewer"),
        "where_ms": cumulative("online/selectors.py", "table_boards_get"),
        "replay_ms": cumulative("online/state.py", "snapshot_table"),
        "broadcast_ms": cumulative("online/services.py", "table_broadcast"),
        "views_ms": sum(views_cpu) * 1000 / n,
        "views_shared_ms": sum(shared_cpu) * 1000 / n,
        "json_ms": sum(json_cpu) * 1000 / n,
    }


# -- the server --------------------------------------------------------------------------


def _raise_fd_limit() -> int:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY:
        hard = 1 << 20
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


def _listeners(processes: int) -> list[socket.socket]:
    """One listening loopback socket a server process, all on one port with
    SO_REUSEPORT: the kernel spreads the connections evenly over the processes (with one
    shared socket, whichever process wakes first takes them, and one did 70 %)."""
    sockets: list[socket.socket] = []
    port = 0
    for _ in range(processes):
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        listener.bind(("127.0.0.1", port))
        listener.listen(4096)
        port = listener.getsockname()[1]
        os.set_inheritable(listener.fileno(), True)
        sockets.append(listener)
    return sockets


def _servers(kind: str, processes: int, db_url: str, log_path: str):
    """``processes`` ASGI servers on one loopback port; (procs, port)."""
    listeners = _listeners(processes)
    port = listeners[0].getsockname()[1]
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.production",
        DATABASE_URL=db_url,
        DJANGO_SECRET_KEY="bench-play-" + "x" * 50,
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        DJANGO_SECURE_SSL_REDIRECT="false",
        DJANGO_DEBUG="false",
        DJANGO_LOG_LEVEL="WARNING",
        CELERY_BROKER_URL=os.environ.get("CELERY_BROKER_URL") or "memory://",
        PYTHONWARNINGS="ignore:No directory at",  # whitenoise: no collectstatic here
    )

    def command(fd: int) -> list[str]:
        if kind == "uvicorn":
            return [sys.executable, "-m", "uvicorn", "--fd", str(fd), "--log-level", "warning",
                    "--no-access-log", "config.asgi:application"]  # fmt: skip
        return [sys.executable, "-m", "daphne", "--fd", str(fd), "-v", "0",
                "config.asgi:application"]  # fmt: skip

    log = open(log_path, "ab")  # noqa: SIM115 - the servers write to it until stopped
    procs = [
        subprocess.Popen(
            command(listener.fileno()),
            cwd=ROOT,
            env=env,
            pass_fds=(listener.fileno(),),
            start_new_session=True,
            stdout=log,
            stderr=subprocess.STDOUT,
        )  # fmt: skip
        for listener in listeners
    ]
    for listener in listeners:
        listener.close()  # the servers hold them now
    log.close()
    deadline = time.monotonic() + 60
    up: set[int] = set()
    while time.monotonic() < deadline:
        for proc in procs:
            if proc.poll() is not None:
                _stop(procs)
                raise RuntimeError(f"{kind} exited with {proc.returncode}: {_tail(log_path)}")
        try:
            status, _ = Client(port).request("GET", "/health/")
            up.add(status)
            if status == 200:
                time.sleep(1.0 + 0.5 * processes)  # the others start alongside
                return procs, port
        except OSError:
            pass
        time.sleep(0.3)
    _stop(procs)
    raise RuntimeError(f"{kind} did not answer /health/ within 60 s ({up}): {_tail(log_path)}")


def _tail(path: str, size: int = 1500) -> str:
    try:
        return Path(path).read_bytes()[-size:].decode(errors="replace")
    except OSError:
        return ""


def _stop(procs) -> None:
    for proc in procs:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
    for proc in procs:
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def _session_usage(sessions: set[int]) -> tuple[float, int, int, int]:
    """CPU seconds (user + system), RSS and PSS bytes, and the number of processes, of
    the live processes in ``sessions`` (each server and the children it starts)."""
    tick = os.sysconf("SC_CLK_TCK")
    page = os.sysconf("SC_PAGE_SIZE")
    cpu, rss, pss, count = 0, 0, 0, 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            if int(fields[3]) not in sessions:  # session id
                continue
            cpu += int(fields[11]) + int(fields[12])  # utime + stime
            rss += int(fields[21]) * page
            with open(f"/proc/{pid}/smaps_rollup") as f:
                for line in f:
                    if line.startswith("Pss:"):
                        pss += int(line.split()[1]) * 1024
                        break
            count += 1
        except (OSError, IndexError, ValueError):
            continue
    return cpu / tick, rss, pss, count


def _others_cpu(database: str) -> dict[str, float]:
    """CPU seconds so far of the PostgreSQL backends serving ``database`` (by their
    process title) and of the Redis server (all of it: it may serve others too)."""
    tick = os.sysconf("SC_CLK_TCK")
    totals = {"db": 0, "redis": 0}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                title = f.read().replace(b"\0", b" ").decode(errors="replace")
            if title.startswith("postgres: ") and f" {database} " in title:
                which = "db"
            elif "redis-server" in title.split(" ", 1)[0]:
                which = "redis"
            else:
                continue
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            totals[which] += int(fields[11]) + int(fields[12])
        except (OSError, IndexError, ValueError):
            continue
    return {k: v / tick for k, v in totals.items()}


class Sampler(threading.Thread):
    """The server's resident memory every half second: the peak of each figure."""

    def __init__(self, sessions: set[int]):
        super().__init__(daemon=True)
        self.sessions = sessions
        self.stop = threading.Event()
        self.peak_rss = self.peak_pss = 0

    def run(self) -> None:
        while not self.stop.is_set():
            _, rss, pss, _ = _session_usage(self.sessions)
            self.peak_rss, self.peak_pss = max(self.peak_rss, rss), max(self.peak_pss, pss)
            self.stop.wait(0.5)

    def take(self) -> tuple[int, int]:
        peaks = (self.peak_rss, self.peak_pss)
        self.peak_rss = self.peak_pss = 0
        return peaks


# -- the clients (their own processes; no Django) -----------------------------------------


class TableRun:
    """One table's four connections, what each seat last saw, and the actions in flight."""

    def __init__(self, row: dict, rng: random.Random):
        self.id = row["id"]
        self.tokens = row["tokens"]
        self.rng = rng
        self.ws: dict[str, object] = {}
        self.views: dict[str, dict] = {}
        self.changed = asyncio.Event()
        # message id -> [sent at, actor, the new version, seats still to see, actor saw it]
        self.pending: dict[int, list] = {}
        self.sequence = 0  # the message ids
        self.acked = 0  # actions whose new version the acting seat has seen
        self.acked_versions: set[int] = set()
        self.done = False  # no board left to play here
        self.step_reset()

    def step_reset(self) -> None:
        self.latencies: list[float] = []
        self.lags: list[float] = []
        self.errors: Counter = Counter()
        self.sent = self.late = 0

    def seen(self, seat: str, view: dict, at: float) -> None:
        """A state reached ``seat``: the actions it answers, once every seat has it."""
        self.views[seat] = view
        version = view.get("version", 0)
        for key in [k for k, item in self.pending.items() if item[2] <= version]:
            item = self.pending[key]
            if item[1] == seat and not item[4]:
                item[4] = True
                # two actions sent for one version (the first timed out): one is applied
                if item[2] not in self.acked_versions:
                    self.acked_versions.add(item[2])
                    self.acked += 1
            item[3].discard(seat)
            if not item[3]:
                self.latencies.append((at - item[0]) * 1000)
                del self.pending[key]
        self.changed.set()

    def refused(self, message: dict) -> None:
        self.errors[message.get("code") or "?"] += 1
        self.pending.pop(message.get("id"), None)
        self.changed.set()

    def waiting(self) -> bool:
        """An action in flight for less than ``ACK_TIMEOUT``: the table waits for it. An
        older one stays in flight (an answer that comes yet still counts) but the table
        moves on; it is counted late."""
        now = time.monotonic()
        for item in self.pending.values():
            if now - item[0] <= ACK_TIMEOUT:
                return True
            if len(item) == 5:
                item.append(True)
                self.late += 1
        return False

    async def wait_change(self, until: float) -> bool:
        self.changed.clear()
        try:
            await asyncio.wait_for(self.changed.wait(), max(0.0, until - time.monotonic()))
        except TimeoutError:
            return False
        return True

    def actor_view(self) -> dict | None | bool:
        """The acting seat's view when every seat is current and it may act; False while
        a seat lags behind; None when the table has nothing left to play."""
        if len(self.views) < 4:
            return False
        latest = max(v.get("version", 0) for v in self.views.values())
        if any(v.get("version", 0) != latest for v in self.views.values()):
            return False
        playing = [v for v in self.views.values() if v.get("phase") in ("auction", "play")]
        if not playing:
            over = [v for v in self.views.values() if (v.get("next") or {}).get("round_over")]
            if len(over) == 4 or any(v.get("phase") == "claim" for v in self.views.values()):
                return None
            return False  # the next board's state is on its way
        view = self.views.get(playing[0].get("actor"))
        if view is None or view.get("phase") not in ("auction", "play"):
            return False
        return view

    def choose(self, view: dict) -> tuple[str, str] | None:
        legal = view.get("legal") or {}
        if view["phase"] == "auction" and legal.get("calls"):
            calls = legal["calls"]
            if "P" in calls and self.rng.random() < 0.6:
                return "call", "P"
            return "call", self.rng.choice(calls)
        if view["phase"] == "play" and legal.get("cards"):
            return "card", self.rng.choice(legal["cards"])
        return None

    async def act(self, until: float) -> bool:
        """Wait for every seat to be current, then the acting seat sends its action."""
        while True:
            view = self.actor_view() if not self.waiting() else False
            if view is None:
                self.done = True
                return False
            choice = self.choose(view) if view else None
            if choice is not None:
                break
            changed = await self.wait_change(min(until, time.monotonic() + ACK_TIMEOUT))
            if not changed and time.monotonic() >= until:
                return False
        kind, value = choice
        seat = view["seat"]
        self.sequence += 1
        key = self.sequence
        self.pending[key] = [time.monotonic(), seat, view["version"] + 1, set(SEATS), False]
        message = {"type": "act", "id": key, "version": view["version"], "kind": kind,
                   "value": value}  # fmt: skip
        try:
            await self.ws[seat].send(json.dumps(message))
        except Exception:  # noqa: BLE001 - the connection is gone: the table stops here
            self.pending.pop(key, None)
            self.errors["closed"] += 1
            self.done = True
            return False
        self.sent += 1
        return True

    async def drive(self, pace: float, start: float, end: float) -> None:
        due = start + self.rng.random() * pace
        while due < end and not self.done:
            pause = due - time.monotonic()
            if pause > 0:
                await asyncio.sleep(pause)
            if not await self.act(end):
                break
            self.lags.append((time.monotonic() - due) * 1000)
            due = max(due + pace, time.monotonic())  # behind: the next one as soon as it may
        drain = time.monotonic() + ACK_TIMEOUT
        while self.waiting() and time.monotonic() < drain:
            await self.wait_change(drain)
        self.waiting()  # what is still unanswered now counts late


async def _read(table: TableRun, seat: str, ws) -> None:
    try:
        async for raw in ws:
            at = time.monotonic()
            message = json.loads(raw)
            kind = message.get("type")
            if kind == "state":
                table.seen(seat, message["table"], at)
            elif kind == "error":
                table.refused(message)
    except Exception:  # noqa: BLE001 - a dropped connection: the table stops answering
        table.errors["closed"] += 1
        table.changed.set()


async def _connect(table: TableRun, seat: str, port: int, event: int, gate, deflate: bool):
    from websockets.asyncio.client import connect

    uri = f"ws://127.0.0.1:{port}/ws/events/{event}/tables/{table.id}/?token={table.tokens[seat]}"
    async with gate:
        t0 = time.monotonic()
        ws = await connect(
            uri, origin=f"http://127.0.0.1:{port}", proxy=None, open_timeout=60,
            compression="deflate" if deflate else None, max_queue=64,
            ping_interval=None,
        )  # fmt: skip
        first = json.loads(await asyncio.wait_for(ws.recv(), 60))
        took = (time.monotonic() - t0) * 1000
    if first.get("type") != "state":
        raise RuntimeError(f"table {table.id} {seat}: {first}")
    table.ws[seat] = ws
    table.views[seat] = first["table"]
    return took


async def _client_async(conn, port: int, event: int, rows: list[dict], seed: int, deflate: bool):
    loop = asyncio.get_running_loop()
    tables = [TableRun(row, random.Random(seed * 100_003 + row["id"])) for row in rows]
    gate = asyncio.Semaphore(32)
    t0 = time.monotonic()
    jobs = [_connect(t, s, port, event, gate, deflate) for t in tables for s in SEATS]
    outcomes = await asyncio.gather(*jobs, return_exceptions=True)
    failed = [repr(o) for o in outcomes if isinstance(o, BaseException)]
    connect_ms = [o for o in outcomes if not isinstance(o, BaseException)]
    readers = [asyncio.create_task(_read(t, s, ws)) for t in tables for s, ws in list(t.ws.items())]
    conn.send(("ready", {"connect_ms": connect_ms, "failed": failed,
                         "seconds": time.monotonic() - t0}))  # fmt: skip
    while True:
        command = await loop.run_in_executor(None, conn.recv)
        if command[0] == "step":
            _, pace, seconds, start = command
            for t in tables:
                t.step_reset()
            usage0 = resource.getrusage(resource.RUSAGE_SELF)
            crashes = await asyncio.gather(
                *(t.drive(pace, start, start + seconds) for t in tables), return_exceptions=True
            )
            usage1 = resource.getrusage(resource.RUSAGE_SELF)
            cpu = (usage1.ru_utime - usage0.ru_utime) + (usage1.ru_stime - usage0.ru_stime)
            errors: Counter = Counter()
            for t in tables:
                errors.update(t.errors)
            errors.update(type(c).__name__ for c in crashes if isinstance(c, BaseException))
            conn.send((
                "done",
                {
                    "latencies": [x for t in tables for x in t.latencies],
                    "lags": [x for t in tables for x in t.lags],
                    "sent": sum(t.sent for t in tables),
                    "late": sum(t.late for t in tables),
                    "errors": dict(errors),
                    "tables_done": sum(t.done for t in tables),
                    "cpu": cpu,
                    "ended": time.monotonic(),
                },
            ))  # fmt: skip
        else:
            for t in tables:
                for ws in t.ws.values():
                    await ws.close()
            for r in readers:
                r.cancel()
            unanswered = sum(not item[4] for t in tables for item in t.pending.values())
            conn.send(("closed", ({t.id: t.acked for t in tables}, unanswered)))
            return


def _client_main(conn, port: int, event: int, rows: list[dict], seed: int, deflate: bool):
    _raise_fd_limit()
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    asyncio.run(_client_async(conn, port, event, rows, seed, deflate))


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
    test_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    procs, clients, sampler = [], [], None
    log_path = tempfile.mkstemp(prefix="bench-play-", suffix=".log")[1]
    failed = True
    try:
        field = _build(tables + 1, _boards_needed(plan))
        built = time.perf_counter() - t_build
        aside = field["tables"].pop()  # the breakdown's own table
        breakdown = _breakdown(field, aside)
        connection.close()
        _raise_fd_limit()
        db_url = urlunsplit(urlsplit(url)._replace(path="/" + test_name))
        procs, port = _servers(server, processes, db_url, log_path)
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
            row["rate"] = len(row["latencies"]) / step_secs
            row["cpu_ms_per_action"] = (cpu_end - cpu_start) * 1000 / max(row["sent"], 1)
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
            "unanswered": unanswered,
        }  # fmt: skip
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
        connection.creation.destroy_test_db(old_name, verbosity=0)
        if failed or Path(log_path).stat().st_size:
            print(f"The server's output is kept in {log_path}; its end:\n{_tail(log_path)}")
        else:
            Path(log_path).unlink(missing_ok=True)


def _mb(n: int) -> str:
    return f"{n / 2**20:.0f} MB"


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
    )
    if figures is not None:
        print(report(figures))
