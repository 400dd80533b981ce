"""A real Celery worker and beat as subprocesses, on the test's PostgreSQL database."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import connection
from django.utils import timezone

from tests.conftest import REQUIRE_SERVICES, need_postgres
from tests.factories import UserFactory
from tournaments import services

ROOT = Path(__file__).resolve().parents[2]
CELERY = str(Path(sys.executable).with_name("celery"))


def need_redis(url: str) -> None:
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
    except Exception as exc:  # noqa: BLE001
        if REQUIRE_SERVICES:
            pytest.fail(f"REQUIRE_SERVICES=1 but Redis at {url} does not answer: {exc}")
        pytest.skip(f"needs Redis at {url}")


class Cluster:
    """Starts and stops workers and beats that share the test database and a broker."""

    def __init__(self, broker: str, extra_env: dict | None = None) -> None:
        db = connection.settings_dict
        self.dir = Path(tempfile.mkdtemp(prefix="bridge-live-"))
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings.base",
            "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
            "CELERY_BROKER_URL": broker,
            "SCHEDULER_TICK_SECONDS": "1",
            "DJANGO_DEBUG": "0",
            **(extra_env or {}),
        }
        self.procs: dict[str, subprocess.Popen] = {}

    def start(self, name: str, kind: str, app: str = "config", **env) -> subprocess.Popen:
        """``app``: the Celery app module (``tests.live.faulty_celery`` injects faults)."""
        log = open(self.dir / f"{name}.log", "ab")  # noqa: SIM115 - closed in stop()
        if kind == "worker":
            args = [CELERY, "-A", app, "worker", "-l", "info", "-n", f"{name}@%h"]
            args += ["--concurrency", "1", "--pool", "solo", "--without-gossip", "--without-mingle"]
        else:
            args = [CELERY, "-A", app, "beat", "-l", "info"]
            args += ["--schedule", str(self.dir / f"{name}-schedule")]
        proc = subprocess.Popen(
            args,
            cwd=ROOT,
            env={**self.env, **env},
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        proc.log = log
        self.procs[name] = proc
        return proc

    def kill(self, name: str, sig: int = signal.SIGKILL) -> None:
        proc = self.procs.pop(name)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, sig)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            # A worker asked to stop while its broker is gone retries the broker
            # instead of exiting: it has nothing left to finish, so kill it.
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=15)
        proc.log.close()

    def wait_ready(self, timeout: float = 60) -> None:
        """Until a beat's tick has gone through the broker and a worker into the database.
        An event created after this runs on its schedule however slowly the processes
        started (on a busy machine that can take longer than the event's first round)."""
        from tournaments.models import SchedulerTick

        wait_for(
            lambda: SchedulerTick.objects.filter(name="beat", runs__gte=1).exists(),
            timeout,
            "the worker and beat to run a tick",
            self,
        )

    def stop(self) -> None:
        for name in list(self.procs):
            self.kill(name, signal.SIGTERM)

    def logs(self) -> str:
        return "\n".join(
            f"--- {p.name}\n{p.read_text(errors='replace')[-3000:]}" for p in self.dir.glob("*.log")
        )

    def cleanup(self) -> None:
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


class PrivateRedis:
    """A redis-server of the test's own, on a Unix socket in a fresh temporary directory and
    on no TCP port. Stopping it is an outage of this test's broker and of nothing else: a
    fixed port was shared with any other run of the same test on the machine (and with a
    server a killed run left behind), so "stopping" it could leave another server
    answering in its place, and the round was closed while the test thought the broker
    was down. Here nothing else can answer on the socket, and ``stop`` checks that
    nothing does."""

    def __init__(self) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="bridge-redis-"))
        self.socket = self.dir / "redis.sock"
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        """redis-py's URL (the test's own checks)."""
        return f"unix://{self.socket}?db=0"

    @property
    def broker_url(self) -> str:
        """Kombu's spelling of the same server, for Celery."""
        return f"redis+socket://{self.socket}"

    def answers(self) -> bool:
        import redis

        try:
            return bool(redis.Redis.from_url(self.url, socket_timeout=1).ping())
        except Exception:  # noqa: BLE001
            return False

    def start(self) -> None:
        assert self.proc is None, "the private Redis is already running"
        self.proc = subprocess.Popen(
            ["redis-server", "--port", "0", "--unixsocket", str(self.socket)]
            + ["--unixsocketperm", "700", "--save", "", "--appendonly", "no"]
            + ["--dir", str(self.dir)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_for(self._up, 10, "the private Redis")

    def _up(self) -> bool:
        if self.proc.poll() is not None:
            raise AssertionError(f"the private redis-server exited ({self.proc.returncode})")
        return self.answers()

    def stop(self) -> None:
        """The outage: the server is gone when this returns."""
        proc, self.proc = self.proc, None
        if proc is None:
            return
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
        assert not self.answers(), "something still answers on the private Redis's socket"

    def cleanup(self) -> None:
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


def wait_for(predicate, timeout: float, what: str, cluster: Cluster | None = None):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.3)
    logs = cluster.logs() if cluster else ""
    raise AssertionError(f"timed out after {timeout}s waiting for {what}\n{logs}")


@pytest.fixture
def broker_url():
    url = os.environ.get("CELERY_BROKER_URL", "")
    if not url.startswith("redis://"):
        if REQUIRE_SERVICES:
            pytest.fail("REQUIRE_SERVICES=1 but CELERY_BROKER_URL is not a Redis URL")
        pytest.skip("needs CELERY_BROKER_URL=redis://...")
    need_redis(url)
    return url


@pytest.fixture
def private_redis():
    """A Redis only this test uses, started; the test may stop and start it. Ask for it
    before ``cluster_factory``: the workers then stop before their broker does."""
    if shutil.which("redis-server") is None:
        if REQUIRE_SERVICES:
            pytest.fail("REQUIRE_SERVICES=1 but there is no redis-server to start")
        pytest.skip("needs redis-server")
    server = PrivateRedis()
    server.start()
    yield server
    server.cleanup()


@pytest.fixture
def cluster_factory(transactional_db):
    need_postgres()
    made: list[Cluster] = []

    def make(broker: str, **env) -> Cluster:
        c = Cluster(broker, env)
        made.append(c)
        return c

    yield make
    for c in made:
        c.cleanup()


@pytest.fixture
def live_event(transactional_db, director):
    """A timed event: ``pairs`` pairs, rounds of ``seconds`` each, starting soon."""

    def make(*, pairs=6, rounds=3, boards=2, seconds=15, gap=2, start_in=6, threshold=0.3):
        event = services.event_create(
            name="Live Swiss",
            start_at=timezone.now() + timedelta(seconds=start_in),
            num_rounds=rounds,
            boards_per_round=boards,
            round_minutes=seconds / 60,
            gap_minutes=gap / 60,
            director=director,
            seed=5,
            finish_threshold=threshold,
        )
        for _ in range(pairs):
            a, b = UserFactory(), UserFactory()
            entry = services.entry_register(event=event, player=a, partner=b)
            services.entry_confirm(entry=entry, player=b)
        return event

    return make
