"""``python -m bench play``'s clients: a table's four WebSockets in their own process
(no Django), the seat that acts sending a legal call or card at the asked pace, the
latency until every seat has the new state (bench/bench_play.py)."""

from __future__ import annotations

import asyncio
import json
import random
import resource
import time
from collections import Counter

from online.changes import change_apply

ACK_TIMEOUT = 10.0  #: how long an action may go unanswered before the table moves on
SEATS = ("N", "E", "S", "W")


def _raise_fd_limit() -> int:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY:
        hard = 1 << 20
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


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
    served = table.views[seat]  # the last view sent: what a change counts from
    try:
        async for raw in ws:
            at = time.monotonic()
            message = json.loads(raw)
            kind = message.get("type")
            if kind == "state":
                served = message["table"]
                table.seen(seat, served, at)
            elif kind == "change":  # what the new view adds (online/changes.py)
                if message["version"] not in (served["version"], served["version"] + 1):
                    table.errors["gap"] += 1
                    await ws.send(json.dumps({"type": "sync"}))
                    continue
                served = change_apply(served, message["change"])
                table.seen(seat, served, at)
            elif kind == "error":
                table.refused(message)
    except Exception:  # noqa: BLE001 - a dropped connection: the table stops answering
        table.errors["closed"] += 1
        table.changed.set()


async def _connect(table: TableRun, seat: str, port: int, event: int, gate, deflate: bool):
    from websockets.asyncio.client import connect

    uri = (
        f"ws://127.0.0.1:{port}/ws/events/{event}/tables/{table.id}/"
        f"?token={table.tokens[seat]}&changes=1"
    )
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
