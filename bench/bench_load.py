"""Benchmark: result entry under load, through gunicorn, on PostgreSQL.

A 220-table Swiss event (440 pairs) is built in a throw-away database (``test_`` + the
name in DATABASE_URL, created and dropped here), round 1 seated and open with 4 boards
a round. gunicorn serves it on a free loopback port with the production settings
(DEBUG off). Twenty client threads, each the scorer of 11 tables, enter every board's
result as the NS player (``POST /api/results/``) and confirm it as the EW player
(``POST /api/results/<id>/confirm/``), while one more thread polls the standings API.
The first ``--logins`` clients (default 2) log in with ``POST /api/auth/token/`` as one
of their players, before the write phase; every other player's token is written in bulk
(a production PBKDF2 login costs 0.9 s of CPU: 440 of them would take minutes on 2
cores, 20 took 28 s).

It prints writes/s (accepted entries + confirmations over the write phase), p50/p95/p99
of the entry and confirmation latency, the standings p95, the CPU gunicorn and the client used, and
checks that every accepted write is stored exactly once. It stops by itself: the write
phase ends after ``--seconds`` (default 30, at most 60) even if unfinished; with the
build (about 7 s), the logins and the teardown a default run takes under a minute.

    python -m bench load [--workers 4] [--worker-class sync|gthread] [--threads 4]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
PASSWORD = "bench-load-password"


def held_leads(deal: str) -> dict[str, str]:
    """For each declarer, a card the opening leader (declarer's left) holds in ``deal``."""
    from tournaments.deals import deal_hands

    hands = deal_hands(deal)
    leads = {}
    for declarer, leader in (("N", "E"), ("E", "S"), ("S", "W"), ("W", "N")):
        suit = next(s for s in "SHDC" if hands[leader][s])
        leads[declarer] = suit + hands[leader][suit][0]
    return leads


CONTRACTS = (
    ("4S", "N", 10, "HA"),
    ("3NT", "S", 9, "SQ"),
    ("2H", "E", 8, "S3"),
    ("PASS", "", None, ""),
)


def _setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    import django

    django.setup()


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q / 100 * (len(values) - 1))))]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Client:
    """One keep-alive HTTP/1.1 connection to the server (reconnects when it closes)."""

    def __init__(self, port: int):
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(self, method: str, path: str, body=None, token: str | None = None):
        headers = {"Accept": "application/json"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if token:
            headers["Authorization"] = f"Token {token}"
        for attempt in (1, 2):
            try:
                self.conn.request(method, path, body=data, headers=headers)
                response = self.conn.getresponse()
                payload = response.read()
                return response.status, payload
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                # A sync worker closes the connection after each response; reconnect.
                self.conn.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")


def _build(tables: int, boards: int) -> dict:
    """The event, round 1 open; per table the ids and both players' tokens."""
    from django.contrib.auth.hashers import PBKDF2PasswordHasher
    from knox.models import AuthToken

    from accounts.models import User
    from bench.fields import field_start
    from tournaments.models import EntryMember

    event = field_start(pairs=tables * 2, rounds=3, boards_per_round=boards)
    rnd = event.rounds.get(number=1)
    board_ids = list(rnd.boards.order_by("number").values_list("pk", flat=True))
    first_player = {}
    for m in EntryMember.objects.filter(event=event, position=1).select_related("player"):
        first_player[m.entry_id] = m.player
    rows = []
    for t in rnd.tables.filter(ew__isnull=False).order_by("number"):
        rows.append({"id": t.pk, "ns": first_player[t.ns_id], "ew": first_player[t.ew_id]})
    users = [p for row in rows for p in (row["ns"], row["ew"])]
    # One real (production) password hash, shared: the clients' logins check it.
    hashed = PBKDF2PasswordHasher().encode(PASSWORD, "benchloadsalt")
    User.objects.filter(pk__in=[u.pk for u in users]).update(password=hashed)
    tokens = {u.pk: AuthToken.objects.create(user=u)[1] for u in users}
    for row in rows:
        row["ns_token"] = tokens[row["ns"].pk]
        row["ew_token"] = tokens[row["ew"].pk]
    leads = {b.pk: held_leads(b.deal) for b in rnd.boards.all()}
    return {"event": event.pk, "round": rnd.pk, "boards": board_ids, "tables": rows,
            "leads": leads}  # fmt: skip


def _server(port: int, db_url: str, workers: int, worker_class: str, threads: int):
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.production",
        DATABASE_URL=db_url,
        DJANGO_SECRET_KEY="bench-load-" + "x" * 50,
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        DJANGO_SECURE_SSL_REDIRECT="false",
        DJANGO_DEBUG="false",
        CELERY_BROKER_URL=os.environ.get("CELERY_BROKER_URL") or "memory://",
        PYTHONWARNINGS="ignore:No directory at",  # whitenoise: no collectstatic here
    )
    cmd = [
        sys.executable,
        "-m",
        "gunicorn",
        "config.wsgi:application",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        "--worker-class",
        worker_class,
        "--threads",
        str(threads),
        "--timeout",
        "60",
        "--log-level",
        "warning",
    ]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, start_new_session=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {proc.returncode}")
        try:
            status, _ = Client(port).request("GET", "/health/")
            if status == 200:
                return proc
        except OSError:
            pass
        time.sleep(0.2)
    _stop(proc)
    raise RuntimeError("gunicorn did not answer /health/ within 30 s")


def _stop(proc) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def _cpu_seconds(group: int) -> float:
    """CPU (user + system) used so far by the live processes of a process group."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == group:  # pgrp
            total += int(fields[11]) + int(fields[12])  # utime + stime
    return total / tick


class _Load:
    """The clients' write phase and the standings reader: each client enters and
    confirms its tables' results through the API; the reader polls the standings."""

    def __init__(self, port: int, field: dict, clients: int, logins: int) -> None:
        self.port, self.field, self.logins = port, field, logins
        self.per_client = [field["tables"][i::clients] for i in range(clients)]
        self.submit_ms: list[float] = []
        self.confirm_ms: list[float] = []
        self.standings_ms: list[float] = []
        self.accepted_submits: list[int] = []
        self.accepted_confirms: list[int] = []
        self.errors: list[str] = []
        self.lock = threading.Lock()
        self.logged_in = threading.Barrier(clients + 1)
        self.stop = threading.Event()
        self.deadline = float("inf")  # set once every client has logged in

    def login(self, http, row) -> None:
        status, body = http.request(
            "POST", "/api/auth/token/", {"username": row["ns"].username, "password": PASSWORD}
        )
        if status != 200:
            raise RuntimeError(f"login: {status} {body[:200]!r}")
        row["ns_token"] = json.loads(body)["token"]

    def client(self, index, mine) -> None:
        http = Client(self.port)
        rng = random.Random(len(mine))
        if index < self.logins:
            try:
                self.login(http, mine[0])
            except Exception as exc:  # noqa: BLE001 - reported below
                self.errors.append(repr(exc))
        self.logged_in.wait()
        try:
            self.enter_all(http, mine, rng)
        except Exception as exc:  # noqa: BLE001 - reported below
            with self.lock:
                self.errors.append(repr(exc))

    def enter_all(self, http, mine, rng) -> None:
        field = self.field
        for board in field["boards"]:
            for row in mine:
                if self.stop.is_set() or time.monotonic() > self.deadline:
                    return
                contract, declarer, tricks, _lead = rng.choice(CONTRACTS)
                lead = field["leads"][board][declarer]  # a card the opening leader holds
                body = {"table": row["id"], "board": board, "contract": contract}
                body |= {"declarer": declarer, "tricks": tricks, "lead": lead}
                t0 = time.perf_counter()
                status, payload = http.request("POST", "/api/results/", body, row["ns_token"])
                t1 = time.perf_counter()
                if status != 201:
                    with self.lock:
                        self.errors.append(f"submit {status} {payload[:200]!r}")
                    continue
                result_id = json.loads(payload)["id"]
                status, payload = http.request(
                    "POST", f"/api/results/{result_id}/confirm/", None, row["ew_token"]
                )
                t2 = time.perf_counter()
                with self.lock:
                    self.submit_ms.append((t1 - t0) * 1000)
                    self.accepted_submits.append(result_id)
                    if status == 200:
                        self.confirm_ms.append((t2 - t1) * 1000)
                        self.accepted_confirms.append(result_id)
                    else:
                        self.errors.append(f"confirm {status} {payload[:200]!r}")

    def reader(self) -> None:
        http = Client(self.port)
        path = f"/api/events/{self.field['event']}/standings/"
        while not self.stop.is_set():
            t0 = time.perf_counter()
            status, _ = http.request("GET", path)
            if status == 200:
                self.standings_ms.append((time.perf_counter() - t0) * 1000)
            else:
                self.errors.append(f"standings {status}")
            self.stop.wait(1.0)  # a standings screen refreshing every second

    def run(self, seconds: float, group: int) -> dict:
        """Log every client in, then enter for ``seconds``; the figures (latencies in
        ms, CPU shares of the clients and of the server's process ``group``)."""
        threads = [
            threading.Thread(target=self.client, args=(i, m), daemon=True)
            for i, m in enumerate(self.per_client)
        ]
        t_login = time.perf_counter()
        for t in threads:
            t.start()
        self.logged_in.wait()
        login_seconds = time.perf_counter() - t_login
        cpu0 = resource.getrusage(resource.RUSAGE_SELF)
        server0 = _cpu_seconds(group)
        load0 = os.getloadavg()[0]
        t0 = time.perf_counter()
        self.deadline = time.monotonic() + seconds
        poller = threading.Thread(target=self.reader, daemon=True)
        poller.start()
        for t in threads:
            t.join(timeout=seconds + 35)
        wall = time.perf_counter() - t0
        cpu1 = resource.getrusage(resource.RUSAGE_SELF)
        server_cpu = _cpu_seconds(group) - server0
        self.stop.set()
        poller.join(timeout=35)
        client_cpu = (cpu1.ru_utime - cpu0.ru_utime) + (cpu1.ru_stime - cpu0.ru_stime)
        writes = len(self.accepted_submits) + len(self.accepted_confirms)
        return {
            "wall": wall,
            "login_seconds": login_seconds,
            "writes": writes,
            "writes_per_s": writes / wall,
            "submit_ms": self.submit_ms,
            "confirm_ms": self.confirm_ms,
            "standings_ms": self.standings_ms,
            "accepted_submits": self.accepted_submits,
            "accepted_confirms": self.accepted_confirms,
            "client_cpu_share": client_cpu / wall,
            "server_cpu_share": server_cpu / wall,
            "server_cpu_ms_per_write": server_cpu * 1000 / max(writes, 1),
            "loadavg_before": load0,
            "errors": self.errors,
            "planned": len(self.field["tables"]) * len(self.field["boards"]) * 2,
        }


def _load(port: int, field: dict, clients: int, seconds: float, logins: int, group: int) -> dict:
    """The clients' write phase and the standings reader; latencies in ms."""
    return _Load(port, field, clients, logins).run(seconds, group)


def _check_stored(field: dict, figures: dict) -> dict:
    from django.db.models import Count

    from tournaments.models import Result

    rows = Result.objects.filter(table__round_id=field["round"])
    ids = set(rows.values_list("pk", flat=True))
    confirmed = set(rows.filter(confirmed_at__isnull=False).values_list("pk", flat=True))
    doubled = rows.values("table_id", "board_id").annotate(n=Count("id")).filter(n__gt=1).count()
    submits, confirms = figures["accepted_submits"], figures["accepted_confirms"]
    return {
        "rows": len(ids),
        "confirmed_rows": len(confirmed),
        "exactly_once": (
            len(submits) == len(set(submits)) == len(ids)
            and set(submits) == ids
            and len(confirms) == len(set(confirms)) == len(confirmed)
            and set(confirms) == confirmed
            and doubled == 0
        ),
    }


def run(
    *,
    tables: int = 220,
    boards: int = 4,
    clients: int = 20,
    workers: int = 4,
    worker_class: str = "sync",
    threads: int = 1,
    seconds: float = 30.0,
    logins: int = 2,
) -> dict | None:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://", "pgsql://")):
        print(
            "Result entry under load: skipped, it needs PostgreSQL "
            "(DATABASE_URL=postgres://...; SQLite serialises every writer)."
        )
        return None
    _setup_django()
    from django.db import connection

    from tournaments.services import rounds as rounds_module

    rounds_module.dispatch_on_commit = lambda task_name, *args: None
    old_name = connection.settings_dict["NAME"]
    t_build = time.perf_counter()
    test_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    proc = None
    try:
        field = _build(tables, boards)
        built = time.perf_counter() - t_build
        connection.close()
        parts = urlsplit(url)
        db_url = urlunsplit(parts._replace(path="/" + test_name))
        port = _free_port()
        proc = _server(port, db_url, workers, worker_class, threads)
        figures = _load(port, field, clients, seconds, logins, proc.pid)
        _stop(proc)
        proc = None
        figures |= _check_stored(field, figures)
        figures |= {
            "tables": tables,
            "boards": boards,
            "clients": clients,
            "workers": workers,
            "worker_class": worker_class,
            "threads": threads,
            "build_seconds": built,
            "logins": logins,
        }
        return figures
    finally:
        if proc is not None:
            _stop(proc)
        connection.close()
        connection.creation.destroy_test_db(old_name, verbosity=0)


def report(f: dict) -> str:
    both = f["submit_ms"] + f["confirm_ms"]
    server = f"gunicorn {f['workers']} x {f['worker_class']}"
    if f["worker_class"] == "gthread":
        server += f" ({f['threads']} threads)"
    lines = [
        f"Result entry under load (PostgreSQL, {server}): {f['tables']} tables x "
        f"{f['boards']} boards, {f['clients']} clients + 1 standings reader "
        f"(built in {f['build_seconds']:.1f} s, {f['logins']} logins in "
        f"{f['login_seconds']:.1f} s)",
        f"  {f['writes']} of {f['planned']} writes in {f['wall']:.1f} s: "
        f"{f['writes_per_s']:.0f} writes/s (target >= 300)",
        "  entry latency p50/p95/p99: "
        + "/".join(f"{_pct(f['submit_ms'], q):.0f}" for q in (50, 95, 99))
        + " ms; confirm: "
        + "/".join(f"{_pct(f['confirm_ms'], q):.0f}" for q in (50, 95, 99))
        + f" ms; both p99 {_pct(both, 99):.0f} ms (target < 200)",
        f"  standings p95: {_pct(f['standings_ms'], 95):.0f} ms over "
        f"{len(f['standings_ms'])} polls (median {statistics.median(f['standings_ms'] or [0]):.0f}"
        " ms)",
        f"  CPU: gunicorn {f['server_cpu_share'] * 100:.0f}% of one core "
        f"({f['server_cpu_ms_per_write']:.1f} ms a write, standings polls included), "
        f"client {f['client_cpu_share'] * 100:.0f}%; load average before "
        f"{f['loadavg_before']:.1f} on {os.cpu_count()} cores",
        f"  stored exactly once: {'yes' if f['exactly_once'] else 'NO'} "
        f"({len(f['accepted_submits'])} entries accepted, {f['rows']} rows; "
        f"{len(f['accepted_confirms'])} confirmations accepted, {f['confirmed_rows']} "
        "confirmed rows)",
    ]
    if f["errors"]:
        lines.append(f"  {len(f['errors'])} errors, first: {f['errors'][0]}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench load")
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--worker-class", default="sync", choices=["sync", "gthread"])
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--tables", type=int, default=220)
    parser.add_argument("--boards", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument(
        "--logins", type=int, default=2, help="clients that log in with a password first"
    )
    args = parser.parse_args(argv)
    figures = run(
        tables=args.tables,
        boards=args.boards,
        clients=args.clients,
        workers=args.workers,
        worker_class=args.worker_class,
        threads=args.threads,
        seconds=min(args.seconds, 60.0),
        logins=min(args.logins, args.clients),
    )
    if figures is not None:
        print(report(figures))


if __name__ == "__main__":
    main()
