"""Benchmark: spectators polling a team match's live state, through gunicorn, from Redis.

A Swiss teams event (8 teams, 4 matches of 16 boards, round 1 in play) is built in a
throw-away PostgreSQL database (``test_`` + the name in DATABASE_URL). gunicorn serves it
on a free loopback port with the production settings and the Redis cache of REDIS_URL
(the benchmark first forgets the live states there: ``live:*`` keys only). Then:

* **polls**: ``--clients`` threads (keep-alive connections) poll one match's live state
  (``GET /events/<id>/matches/<id>/live.json``, anonymous, as the page does) at
  ``--rate`` requests a second in all (default 1,000) for ``--seconds`` (default 10),
  each sending the ETag it last saw in ``If-None-Match`` (a 304 unless the state changed).
  Latency is measured from when each request was due, so a server that falls behind
  shows in the figures (and also from when it was sent);
* **freshness**: meanwhile, every second, a result of that match is entered through the
  API (``POST /api/results/`` as the room's NS player), and a watcher polling every 5 ms
  measures the time from the entry being sent to the new state being served.

It prints the rate reached, p50/p95/p99/max latency, the share of 304s, the CPU gunicorn
used, and the freshness p50/max. Figures, not asserts (``make bench``;
``docs/benchmarks.md`` § Spectators of a live match).

    python -m bench live [--rate 1000] [--seconds 10] [--clients 16] [--workers 4]
                         [--worker-class gthread] [--threads 2]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import threading
import time
from datetime import timedelta
from urllib.parse import urlsplit, urlunsplit

from bench.bench_load import (
    Client,
    _cpu_seconds,
    _free_port,
    _pct,
    _server,
    _setup_django,
    _stop,
    held_leads,
)

TEAMS, BOARDS = 8, 16


class LiveClient(Client):
    """A keep-alive client that sends headers and returns the answer's headers."""

    def request_with_headers(self, method: str, path: str, headers: dict):
        import http.client

        for attempt in (1, 2):
            try:
                self.conn.request(method, path, headers={"Accept": "application/json", **headers})
                response = self.conn.getresponse()
                payload = response.read()
                return response.status, payload, {k.lower(): v for k, v in response.getheaders()}
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self.conn.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")


def _build() -> dict:
    from django.utils import timezone
    from knox.models import AuthToken

    from accounts.models import User
    from tournaments import services
    from tournaments.formats.teams.services import team_create, team_enter, teams_event_create
    from tournaments.models import Match

    director = User.objects.create(username="bench-live-td", is_staff=True)
    event = teams_event_create(
        name="Live bench", kind="teams_swiss", start_at=timezone.now() + timedelta(hours=1),
        num_rounds=3, boards_per_round=BOARDS, director=director, seed=1,
        round_minutes=120,
    )  # fmt: skip
    for i in range(TEAMS):
        players = [User.objects.create(username=f"bench-live-{i}-{j}") for j in range(4)]
        team = team_create(name=f"Team {i + 1}", captain=players[0], players=players)
        team_enter(event=event, team=team, by=players[0])
    services.event_start(event=event, rng=random.Random(1))
    match = Match.objects.select_related("open_table", "closed_table").get(
        event=event, round__number=1, number=1
    )
    boards = list(match.round.boards.order_by("number").values_list("pk", flat=True))
    leads = {b.pk: held_leads(b.deal) for b in match.round.boards.all()}
    rooms = []
    for table in (match.open_table, match.closed_table):
        ns = table.ns.members.order_by("position").first().player
        rooms.append({"table": table.pk, "token": AuthToken.objects.create(user=ns)[1]})
    # Half the boards already played in the open room: a state of a realistic size.
    for board in boards[: BOARDS // 2]:
        services.result_submit(
            table_id=match.open_table_id, board_id=board, user=director,
            contract="4S", declarer="N", tricks=10, lead=leads[board]["N"],
        )  # fmt: skip
    return {"event": event.pk, "match": match.pk, "boards": boards, "rooms": rooms,
            "leads": leads}  # fmt: skip


def _forget_live_states() -> None:
    from django.core.cache import cache

    client = cache._cache.get_client(write=True)
    for key in client.scan_iter(match=f"*{cache.make_key('live:')}*"):
        client.delete(key)


def _polls(port: int, path: str, rate: float, seconds: float, clients: int) -> dict:
    due_ms: list[float] = []
    sent_ms: list[float] = []
    statuses = {"200": 0, "304": 0, "other": 0}
    lock = threading.Lock()
    start = time.perf_counter() + 0.5
    interval = clients / rate

    def client(index: int) -> None:
        http = LiveClient(port)
        http.request("GET", path)  # connect before the clock starts
        etag = ""
        mine_due, mine_sent, counts = [], [], {"200": 0, "304": 0, "other": 0}
        due = start + index * interval / clients
        end = start + seconds
        while due < end:
            pause = due - time.perf_counter()
            if pause > 0:
                time.sleep(pause)
            t0 = time.perf_counter()
            headers = {"If-None-Match": etag} if etag else {}
            status, _, got = http.request_with_headers("GET", path, headers)
            t1 = time.perf_counter()
            if status == 200:
                etag = got.get("etag", "")
            counts[str(status) if status in (200, 304) else "other"] += 1
            mine_due.append((t1 - due) * 1000)
            mine_sent.append((t1 - t0) * 1000)
            due += interval
        with lock:
            due_ms.extend(mine_due)
            sent_ms.extend(mine_sent)
            for k, v in counts.items():
                statuses[k] += v

    threads = [threading.Thread(target=client, args=(i,), daemon=True) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=seconds + 60)
    return {"due_ms": due_ms, "sent_ms": sent_ms, "statuses": statuses, "seconds": seconds}


def _freshness(port: int, field: dict, path: str, stop: threading.Event) -> list[float]:
    """Every second a result of the watched match is entered; the time until the new
    state is served (ms)."""
    writer, watcher = Client(port), LiveClient(port)
    found: list[float] = []
    boards = list(field["boards"][len(field["boards"]) // 2 :])
    room = field["rooms"][0]
    while boards and not stop.is_set():
        _, _, got = watcher.request_with_headers("GET", path, {})
        etag = got.get("etag", "")
        board = boards.pop(0)
        body = {"table": room["table"], "board": board, "contract": "3NT"}
        body |= {"declarer": "S", "tricks": 9, "lead": field["leads"][board]["S"]}
        t0 = time.perf_counter()
        status, _ = writer.request("POST", "/api/results/", body, room["token"])
        if status != 201:
            raise RuntimeError(f"result entry answered {status}")
        while time.perf_counter() - t0 < 10:
            status, _, got = watcher.request_with_headers("GET", path, {"If-None-Match": etag})
            if status == 200:
                found.append((time.perf_counter() - t0) * 1000)
                break
            time.sleep(0.005)
        stop.wait(1.0)
    return found


def run(
    *,
    rate: float = 1000,
    seconds: float = 10,
    clients: int = 16,
    workers: int = 4,
    worker_class: str = "gthread",
    threads: int = 2,
) -> dict | None:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://", "pgsql://")) or not os.environ.get(
        "REDIS_URL"
    ):
        print(
            "Live match view under load: skipped, it needs PostgreSQL and Redis "
            "(DATABASE_URL=postgres://... REDIS_URL=redis://...)."
        )
        return None
    _setup_django()
    from django.db import connection

    old_name = connection.settings_dict["NAME"]
    test_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    proc = None
    try:
        _forget_live_states()
        field = _build()
        connection.close()
        db_url = urlunsplit(urlsplit(url)._replace(path="/" + test_name))
        port = _free_port()
        proc = _server(port, db_url, workers, worker_class, threads)
        path = f"/events/{field['event']}/matches/{field['match']}/live.json"
        status, body = Client(port).request("GET", path)
        if status != 200 or json.loads(body)["match"] != field["match"]:
            raise RuntimeError(f"the live state answered {status}")
        stop = threading.Event()
        fresh: list[float] = []
        writer = threading.Thread(
            target=lambda: fresh.extend(_freshness(port, field, path, stop)), daemon=True
        )
        server0 = _cpu_seconds(proc.pid)
        load0 = os.getloadavg()[0]
        writer.start()
        figures = _polls(port, path, rate, seconds, clients)
        server_cpu = _cpu_seconds(proc.pid) - server0
        stop.set()
        writer.join(timeout=30)
        figures |= {
            "rate": rate,
            "clients": clients,
            "workers": workers,
            "worker_class": worker_class,
            "threads": threads,
            "fresh_ms": fresh,
            "server_cpu_share": server_cpu / seconds,
            "loadavg_before": load0,
            "body_bytes": len(body),
        }
        return figures
    finally:
        if proc is not None:
            _stop(proc)
        connection.close()
        connection.creation.destroy_test_db(old_name, verbosity=0)


def report(f: dict) -> str:
    done = len(f["due_ms"])
    server = f"gunicorn {f['workers']} x {f['worker_class']}"
    if f["worker_class"] == "gthread":
        server += f" ({f['threads']} threads)"
    s = f["statuses"]
    fresh = f["fresh_ms"]
    lines = [
        f"Live match view under load (PostgreSQL + Redis, {server}, {f['clients']} clients, "
        f"one match of {BOARDS} boards, state {f['body_bytes']} bytes)",
        f"  {done} polls in {f['seconds']:.0f} s: {done / f['seconds']:.0f}/s "
        f"(asked {f['rate']:.0f}/s); {s['304']} answered 304, {s['200']} 200, "
        f"{s['other']} other",
        "  latency from when due p50/p95/p99/max: "
        + "/".join(f"{_pct(f['due_ms'], q):.1f}" for q in (50, 95, 99))
        + f"/{max(f['due_ms'], default=float('nan')):.1f} ms (target p99 < 20 ms); from sent: "
        + "/".join(f"{_pct(f['sent_ms'], q):.1f}" for q in (50, 95, 99))
        + " ms",
        f"  result entered -> new state served: p50 "
        f"{statistics.median(fresh) if fresh else float('nan'):.0f} ms, max "
        f"{max(fresh, default=float('nan')):.0f} ms over {len(fresh)} results (target < 1 s)",
        f"  gunicorn CPU {f['server_cpu_share'] * 100:.0f} % of one core; load average before "
        f"{f['loadavg_before']:.1f}",
    ]
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench live")
    parser.add_argument("--rate", type=float, default=1000)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--worker-class", default="gthread", choices=["sync", "gthread"])
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args(argv)
    figures = run(
        rate=args.rate,
        seconds=min(args.seconds, 60),
        clients=args.clients,
        workers=args.workers,
        worker_class=args.worker_class,
        threads=args.threads,
    )
    if figures is not None:
        print(report(figures))
