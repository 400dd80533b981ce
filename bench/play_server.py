"""``python -m bench play``'s field and server side: the online event and its tokens,
the ASGI server processes, their CPU and memory from ``/proc``, where an action's CPU
goes, and the stored-once check (bench/bench_play.py)."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from bench.bench_load import Client
from bench.play_clients import SEATS, TableRun

ROOT = Path(__file__).resolve().parent.parent

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
                seated=view["actor"],  # as a connection acts: its seat checked at connect
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


def _servers(
    kind: str, processes: int, db_url: str, log_path: str, app: str = "config.asgi:application"
):
    """``processes`` ASGI servers of ``app`` on one loopback port; (procs, port)."""
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
                    "--no-access-log", app]  # fmt: skip
        return [sys.executable, "-m", "daphne", "--fd", str(fd), "-v", "0", app]  # fmt: skip

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
        self.lock = threading.Lock()  # a take never loses a sample taken across it
        self.peak_rss = self.peak_pss = 0

    def run(self) -> None:
        while not self.stop.is_set():
            with self.lock:
                _, rss, pss, _ = _session_usage(self.sessions)
                self.peak_rss, self.peak_pss = max(self.peak_rss, rss), max(self.peak_pss, pss)
            self.stop.wait(0.5)

    def take(self) -> tuple[int, int]:
        """The peaks since the last take (and now, so a short step has a figure), in
        bytes: each the largest sum over the server's processes at one moment."""
        with self.lock:
            _, rss, pss, _ = _session_usage(self.sessions)
            peaks = (max(self.peak_rss, rss), max(self.peak_pss, pss))
            self.peak_rss = self.peak_pss = 0
        return peaks
