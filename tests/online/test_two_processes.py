"""Two ASGI processes serve one table through the Redis channel layer: a call made by a
seat connected to one process reaches the seats connected to the other (docs/online-
play.md; deploy/asgi.sh runs several). Real uvicorn processes on the test database
(PostgreSQL, committed: a ``transaction=True`` test) and Redis."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time

import pytest

from tests.conftest import api_token_for, need_postgres
from tests.deploy.conftest import ROOT, database_url

from .conftest import seated_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres, pytest.mark.slow]


class Ports(list):
    """The servers' ports, with their processes (``procs``)."""

    def __init__(self, ports, procs) -> None:
        super().__init__(ports)
        self.procs = procs


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def two_servers(transactional_db, redis_url, tmp_path):
    """Two uvicorn processes serving config.asgi on the test database and one Redis."""
    need_postgres()
    env = dict(os.environ, DATABASE_URL=database_url(), REDIS_URL=redis_url)
    env["DJANGO_SETTINGS_MODULE"] = "config.settings.base"
    env["DJANGO_ALLOWED_HOSTS"] = "127.0.0.1,localhost"
    env["CLOCK_IN_SERVER"] = "0"  # two servers of production's kind: no clock inside them
    procs, ports = [], []
    for i in range(2):
        port = free_port()
        log = open(tmp_path / f"asgi{i}.log", "wb")  # noqa: SIM115 - closed with the process
        procs.append(
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "uvicorn",
                    "config.asgi:application",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(port),
                    "--ws",
                    "websockets",
                ],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # fmt: skip
        )
        ports.append(port)
    try:
        for port, proc in zip(ports, procs, strict=True):
            deadline = time.monotonic() + 60
            while True:
                assert proc.poll() is None, (tmp_path / "asgi0.log").read_text()[-3000:]
                with contextlib.suppress(OSError):
                    socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                    break
                assert time.monotonic() < deadline, "uvicorn did not start"
                time.sleep(0.2)
        yield Ports(ports, procs)
    finally:
        for proc in procs:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGTERM)
        for proc in procs:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)


def test_a_call_made_on_one_process_reaches_the_seats_on_the_other(make_event, two_servers):
    import websockets

    online = seated_table(make_event(pairs=4, start=True, online_play=True))
    dealer = online.engine().to_play
    tokens = {seat: api_token_for(user)["token"] for seat, user in online.players.items()}
    path = f"/ws/events/{online.event.pk}/tables/{online.table.pk}/?token="

    async def scenario():
        conns = {}
        for index, seat in enumerate("NESW"):
            port = two_servers[index % 2]  # N and S on one process, E and W on the other
            conns[seat] = await websockets.connect(
                f"ws://127.0.0.1:{port}{path}{tokens[seat]}", origin=f"http://127.0.0.1:{port}"
            )
            first = json.loads(await asyncio.wait_for(conns[seat].recv(), 10))
            assert first["type"] == "state" and first["table"]["seat"] == seat
        await conns[dealer].send(json.dumps(
            {"type": "act", "id": "a", "version": 0, "kind": "call", "value": "1NT"}
        ))  # fmt: skip
        for seat, ws in conns.items():
            message = json.loads(await asyncio.wait_for(ws.recv(), 10))
            assert message["type"] == "state", message
            assert message["table"]["version"] == 1 and message["table"]["seat"] == seat
            assert message["table"]["auction"] == [{"seat": dealer, "call": "1NT"}]
        for ws in conns.values():
            await ws.close()

    asyncio.run(scenario())


def test_a_table_goes_on_when_a_process_dies_each_action_stored_once(make_event, two_servers):
    """Calls made in turn from seats on both processes (each keeps the table live and
    checks them in memory: online.live), then the process of two seats is killed; the
    seats connect to the other, which goes on from the stored actions: nothing lost,
    nothing applied twice, and a call sent again after the reconnection is stale."""
    import websockets

    from online.changes import change_apply
    from online.models import PlayAction

    online = seated_table(make_event(pairs=4, start=True, online_play=True))
    tokens = {seat: api_token_for(user)["token"] for seat, user in online.players.items()}
    path = f"/ws/events/{online.event.pk}/tables/{online.table.pk}/?changes=1&token="
    seats = "NESW"
    dealer = online.engine().to_play
    order = [seats[(seats.index(dealer) + i) % 4] for i in range(8)]
    calls = ["1C", "1D", "1H", "1S", "2C", "2D", "2H", "2S"]

    async def open_all(port_of):
        conns, views = {}, {}
        for seat in seats:
            port = port_of(seat)
            conns[seat] = await websockets.connect(
                f"ws://127.0.0.1:{port}{path}{tokens[seat]}", origin=f"http://127.0.0.1:{port}"
            )
            first = json.loads(await asyncio.wait_for(conns[seat].recv(), 10))
            assert first["type"] == "state", first
            views[seat] = first["table"]
        return conns, views

    async def call(conns, views, seat, value):
        version = views[seat]["version"]
        await conns[seat].send(json.dumps(
            {"type": "act", "id": value, "version": version, "kind": "call", "value": value}
        ))  # fmt: skip
        for other, ws in conns.items():
            message = json.loads(await asyncio.wait_for(ws.recv(), 10))
            assert message["type"] == "change", message
            views[other] = change_apply(views[other], message["change"])
            assert views[other]["version"] == version + 1
            assert views[other]["auction"][-1] == {"seat": seat, "call": value}

    async def scenario():
        # N and S on process 0, E and W on process 1
        conns, views = await open_all(lambda s: two_servers[seats.index(s) % 2])
        for seat, value in zip(order[:4], calls[:4], strict=True):
            await call(conns, views, seat, value)
        last_seat, last_version = order[3], views[order[3]]["version"] - 1
        os.killpg(two_server_procs[0].pid, signal.SIGKILL)
        two_server_procs[0].wait(timeout=10)
        for ws in conns.values():
            with contextlib.suppress(Exception):
                await ws.close()
        conns, views = await open_all(lambda s: two_servers[1])
        assert {v["version"] for v in views.values()} == {4}
        # the last call sent again, as a client unsure it arrived: refused, not applied
        await conns[last_seat].send(json.dumps(
            {"type": "act", "id": "again", "version": last_version, "kind": "call",
             "value": calls[3]}
        ))  # fmt: skip
        refused = json.loads(await asyncio.wait_for(conns[last_seat].recv(), 10))
        assert refused["type"] == "error" and refused["code"] == "stale", refused
        for seat, value in zip(order[4:], calls[4:], strict=True):
            await call(conns, views, seat, value)
        for ws in conns.values():
            await ws.close()

    two_server_procs = _procs_of(two_servers)
    asyncio.run(scenario())
    stored = list(
        PlayAction.objects.filter(play__table=online.table)
        .order_by("seq")
        .values_list("seq", "value")
    )
    assert stored == list(enumerate(calls, start=1))


def _procs_of(ports):
    """The server processes of ``two_servers`` (the fixture keeps them beside its ports)."""
    return ports.procs
