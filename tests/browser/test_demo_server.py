"""The product as ``make demo`` runs it: ``manage.py runserver`` on the embedded
default (a SQLite file, no broker, no Redis), its round clock inside the one server
process (tournaments.clock). Two players sit at an online table; East closes the page,
and North's open table marks East disconnected once the grace is over; then the
clock's cut at the round's end reaches North's table: no reload, the socket only."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.browser.conftest import need_chromium

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
ROUND_SECONDS = 75
#: The services CI sets up for the rest of the suite: make demo has none of them.
NOT_DEMO = ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "REQUIRE_SERVICES")


def demo_serve_command(port: int) -> list[str]:
    """The last line of the Makefile's demo recipe (the server it leaves running), as
    this test runs it: the same command, on another port."""
    recipe, inside = [], False
    for line in (ROOT / "Makefile").read_text().splitlines():
        if line.startswith("demo:"):
            inside = True
        elif inside and line.startswith("\t"):
            recipe.append(line.strip())
        elif inside and line.strip():
            break
    command = recipe[-1].replace("$(BIN)/python", sys.executable).replace("$(PORT)", str(port))
    assert "&" not in command, "make demo serves from one process"
    return command.split()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def demo_server(tmp_path):
    """``manage.py migrate`` then ``runserver --noreload`` as make demo runs them, on a
    SQLite file of this test's own, with a quick clock and a short grace."""
    need_chromium()
    env = {k: v for k, v in os.environ.items() if k not in NOT_DEMO}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.base",
        DATABASE_URL=f"sqlite:///{tmp_path / 'demo.sqlite3'}",
        SCHEDULER_TICK_SECONDS="1",
        ONLINE_DISCONNECT_GRACE_SECONDS="3",
        ONLINE_HEARTBEAT_SECONDS="2",
        PYTHONUNBUFFERED="1",
    )
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    made = subprocess.run(
        [sys.executable, "-m", "tests.browser.demo_setup", str(ROUND_SECONDS)],
        cwd=ROOT, env=env, check=True, capture_output=True, text=True,
    )  # fmt: skip
    seated = json.loads(made.stdout.strip().splitlines()[-1])
    port = _free_port()
    log_path = tmp_path / "server.log"
    with open(log_path, "wb") as log:
        server = subprocess.Popen(
            demo_serve_command(port),
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, log_path.read_text()[-3000:]
            with contextlib.suppress(OSError):
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            assert time.monotonic() < deadline, "the demo server did not start"
            time.sleep(0.2)
        yield {"url": f"http://127.0.0.1:{port}", "log": log_path, **seated}
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=10)
        if os.environ.get("KEEP_DEMO_LOG"):
            shutil.copy(log_path, os.environ["KEEP_DEMO_LOG"])


def test_the_clock_s_cut_and_a_disconnection_reach_an_open_table(demo_server, browser):
    url = demo_server["url"]
    contexts, pages = [], {}
    try:
        for seat in "NE":
            context = browser.new_context(locale="en-US", timezone_id="UTC")
            contexts.append(context)
            context.add_cookies(
                [{"name": "sessionid", "value": demo_server["sessions"][seat], "url": url}]
            )
            page = context.new_page()
            page.set_default_timeout(30_000)
            page.goto(url + demo_server["page"])
            page.locator(".conn-live").wait_for()  # over the WebSocket
            pages[seat] = page
        north = pages["N"]
        pages["E"].context.close()  # East leaves: the socket closes
        contexts.remove(pages["E"].context)
        north.locator(".tag.off").first.wait_for(timeout=20_000)  # past the 3 s grace
        assert north.locator(".conn-live").count() == 1  # still the socket, not a poll
        # the round's end: the in-process clock cuts it, and the open table hears it
        wait = demo_server["ends_at"] - time.time() + 10
        north.get_by_text("The round is over.").wait_for(timeout=max(wait, 5) * 1000)
        told_at = time.time()
        assert told_at - demo_server["ends_at"] < 8, "the cut reached the table late"
        assert north.locator(".conn-live").count() == 1
    finally:
        for context in contexts:
            context.close()
    log = demo_server["log"].read_text()
    assert "database is locked" not in log
    assert "Traceback" not in log, log[-3000:]
