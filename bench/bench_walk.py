"""``python -m bench walk --url http://127.0.0.1:8000 --minutes 10 [--log FILE]``: walk a
running ``make demo`` as its users would, several tables at once, and say whether
anything stuck (docs/benchmarks.md § A walk of the demo).

Every round, ``alice`` and ``bob`` each start a pool table with three robots (**Play now
with robots**) and ``carol``, ``dave`` and ``erin`` each practise three boards of a
finished event against three robots, all at once, through the same REST API the table
page falls back to; each plays random legal calls and cards (and accepts any claim or
undo it answers) until its table is over. It prints the tables played, the boards
finished, the server errors (5xx) and every table where nothing happened for
``--stall`` seconds while the walker had nothing to do (a table stuck on a robot); with
``--log`` (the server's output) it counts "database is locked", tracebacks and
segmentation faults in it too."""

from __future__ import annotations

import argparse
import json
import random
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

PASSWORD = "bridge-demo"  # every demo login's (docs/user-guide.md § The demo)
POOL_PLAYERS = ("alice", "bob")
PRACTICE_PLAYERS = ("carol", "dave", "erin")


class Walk:
    def __init__(self, url: str, stall: float):
        self.url, self.stall = url.rstrip("/"), stall
        self.lock = threading.Lock()
        self.tables = 0
        self.boards = 0
        self.errors: list[str] = []
        self.stuck: list[dict] = []

    def call(self, method: str, path: str, token: str | None = None, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Token {token}")
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                return answer.status, json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as error:
            text = error.read()
            try:
                return error.code, json.loads(text)
            except ValueError:
                return error.code, text[:300].decode(errors="replace")

    def login(self, username: str) -> str:
        status, body = self.call(
            "POST", "/api/auth/token/", body={"username": username, "password": PASSWORD}
        )
        if status != 200:
            raise SystemExit(f"cannot log in as {username}: {status} {body}")
        return body["token"]

    def note_error(self, where: str, status: int, body) -> None:
        if status >= 500:
            with self.lock:
                self.errors.append(f"{where}: {status} {str(body)[:200]}")

    def play(self, name: str, path: str, token: str, rng: random.Random, deadline: float):
        """Play the table at ``path`` (a view with ``legal``) until it is over."""
        finished: set[int] = set()
        last_version, last_change = None, time.monotonic()
        while time.monotonic() < deadline:
            status, view = self.call("GET", path, token)
            self.note_error(f"GET {path}", status, view)
            if status != 200:
                time.sleep(1)
                continue
            self._count(view, finished)
            if (view.get("next") or {}).get("round_over") or view.get("phase") == "none":
                break
            if view.get("version") != last_version:
                last_version, last_change = view.get("version"), time.monotonic()
            action = choose(view, rng)
            if action is None:
                if time.monotonic() - last_change > self.stall:
                    with self.lock:
                        self.stuck.append(
                            {"table": name, **{k: view.get(k) for k in ("phase", "to_play")}}
                        )
                    break
                time.sleep(0.4)
                continue
            status, after = self.call("POST", path, token, {**action, "version": view["version"]})
            self.note_error(f"POST {path}", status, after)
            if status == 200:
                self._count(after, finished)
        with self.lock:
            self.tables += 1
            self.boards += len(finished)

    @staticmethod
    def _count(view: dict, finished: set[int]) -> None:
        if view.get("phase") == "over" and view.get("board"):
            finished.add(view["board"])

    def round(self, pool_id: int, events: list[int], number: int, deadline: float) -> None:
        threads = []
        for index, username in enumerate(POOL_PLAYERS):
            token = self.login(username)
            status, body = self.call(
                "POST", f"/api/events/{pool_id}/pool/join/", token, {"robots": True}
            )
            self.note_error("pool join", status, body)
            status, mine = self.call("GET", f"/api/events/{pool_id}/pool/table/", token)
            if status != 200:
                self.note_error("pool table", status, mine)
                continue
            path = f"/api/events/{pool_id}/tables/{mine['table_id']}/play/"
            threads.append((f"pool {username} #{number}", path, token, index))
        for index, username in enumerate(PRACTICE_PLAYERS):
            token = self.login(username)
            event = events[(index + number) % len(events)]
            status, body = self.call(
                "POST", "/api/practice/", token, {"event": event, "boards": [1, 2, 3]}
            )
            if status != 201:
                self.note_error("practice", status, body)
                continue
            path = f"/api/practice/{body['id']}/play/"
            threads.append((f"practice {username} #{number}", path, token, 10 + index))
        running = [
            threading.Thread(
                target=self.play,
                args=(name, path, token, random.Random(seed * 1000 + number), deadline),
            )
            for name, path, token, seed in threads
        ]
        for thread in running:
            thread.start()
        for thread in running:
            thread.join()


def choose(view: dict, rng: random.Random) -> dict | None:
    """A random legal action of the viewer's seat: mostly passes once the auction has
    begun (short auctions), random cards; an accept of a claim or undo it answers."""
    seat = view.get("seat")
    for waiting in (view.get("claim"), view.get("undo")):
        if not waiting or waiting.get("rejected") or seat in waiting.get("accepted", []):
            continue
        opponents = "EW" if waiting["seat"] in "NS" else "NS"
        if seat in opponents and seat != view.get("dummy"):
            return {"kind": "accept"}
    legal = view.get("legal") or {}
    if legal.get("calls"):
        calls = legal["calls"]
        if "P" in calls and view.get("auction") and rng.random() < 0.6:
            return {"kind": "call", "value": "P"}
        bids = [call for call in calls if call[0].isdigit()][:4] or calls
        return {"kind": "call", "value": rng.choice(bids)}
    if legal.get("cards"):
        return {"kind": "card", "value": rng.choice(legal["cards"])}
    return None


def log_faults(path: Path) -> dict[str, int]:
    text = path.read_text(errors="replace")
    return {
        "database is locked": text.count("database is locked"),
        "Traceback": text.count("Traceback"),
        "Segmentation fault": text.count("Segmentation fault"),
    }


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench walk")
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--stall", type=float, default=45.0, help="seconds with no change")
    parser.add_argument("--log", type=Path, help="the server's output, to read for faults")
    args = parser.parse_args(argv)
    walk = Walk(args.url, args.stall)
    token = walk.login("alice")
    _status, listing = walk.call("GET", "/api/events/?limit=500", token)
    rows = listing["results"] if isinstance(listing, dict) else listing
    pool = next(row["id"] for row in rows if row.get("kind") == "pool")
    events = [
        row["id"]
        for row in rows
        if row.get("status") == "finished" and row.get("kind") in ("swiss_pairs", "mitchell")
    ]
    deadline = time.monotonic() + args.minutes * 60
    rounds = 0
    while time.monotonic() < deadline - 30:
        rounds += 1
        walk.round(pool, events, rounds, deadline)
    print(f"Walk of {args.url}: {args.minutes:g} minutes, {rounds} rounds of 5 tables at once")
    print(f"  tables played: {walk.tables}, boards finished: {walk.boards}")
    print(f"  server errors (5xx): {len(walk.errors)}")
    for line in walk.errors[:10]:
        print(f"    {line}")
    print(f"  tables stuck ({args.stall:g} s with no change): {len(walk.stuck)}")
    for row in walk.stuck[:10]:
        print(f"    {row}")
    if args.log:
        for fault, count in log_faults(args.log).items():
            print(f"  {fault!r} in the server's log: {count}")
