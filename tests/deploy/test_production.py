"""The production set-up, run for real: gunicorn with config.settings.production on
PostgreSQL and Redis, answering HTTP as it does behind nginx; ``check --deploy`` clean."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time

import pytest

from tests.conftest import need_postgres
from tests.deploy.conftest import ROOT, database_url, production_env

HOST = "bridge.test"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def manage(env: dict, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


class Site:
    """A running gunicorn, and HTTP requests to it as nginx would forward them."""

    def __init__(self, port: int, log_path) -> None:
        self.port = port
        self.log_path = log_path

    def get(self, path: str, proto: str | None = "https", **headers: str):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"Host": HOST, **headers}
        if proto:
            headers["X-Forwarded-Proto"] = proto
        try:
            conn.request("GET", path, headers=headers)
            response = conn.getresponse()
            return response.status, response.headers, response.read()
        finally:
            conn.close()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")


@pytest.fixture
def site(transactional_db, redis_urls, tmp_path):
    """gunicorn (deploy/gunicorn.conf.py) serving the test database.

    The test is a ``transaction=True`` one: the tables pytest-django migrated are there
    and what the test writes is committed, so gunicorn's own connections see it. The
    fixture stops gunicorn before pytest-django flushes and drops that database."""
    need_postgres()
    port = free_port()
    env = production_env(
        DATABASE_URL=database_url(),
        DJANGO_STATIC_ROOT=str(tmp_path / "static"),
        GUNICORN_BIND=f"127.0.0.1:{port}",
        WEB_CONCURRENCY="2",
        **redis_urls,
    )
    collected = manage(env, "collectstatic", "--noinput", "-v0")
    assert collected.returncode == 0, collected.stderr
    log_path = tmp_path / "gunicorn.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", "deploy/gunicorn.conf.py"]
            + ["config.wsgi:application"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    running = Site(port, log_path)
    try:
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, f"gunicorn exited\n{running.log()[-4000:]}"
            with contextlib.suppress(OSError):
                if running.get("/health/", proto=None)[0] in (200, 503):
                    break
            assert time.monotonic() < deadline, f"gunicorn did not answer\n{running.log()[-4000:]}"
            time.sleep(0.2)
        yield running
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)


@pytest.mark.postgres
@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_gunicorn_serves_production_behind_the_proxy(site, make_event):
    event = make_event(pairs=2, name="Production Swiss")

    status, headers, body = site.get("/health/")
    health = json.loads(body)
    assert status == 200, health
    assert health["status"] == "ok"
    assert health["database"] == "ok" and health["broker"] == "ok"
    assert health["components"]["database"]["vendor"] == "postgresql"

    # nginx said https: served, no redirect (no loop), HSTS and secure cookies on.
    status, headers, body = site.get("/")
    assert status == 200, body[:2000]
    assert "Production Swiss" in body.decode()
    assert headers["Strict-Transport-Security"].startswith("max-age=")
    status, headers, _ = site.get("/accounts/login/")
    assert status == 200
    assert "secure" in headers["Set-Cookie"].lower()

    status, _, body = site.get("/api/events/")
    assert status == 200
    names = [e["name"] for e in json.loads(body)["results"]]
    assert event.name in names

    # A static file, from whitenoise, compressed and hashed by collectstatic.
    status, _, body = site.get("/static/css/site.css")
    assert status == 200 and body

    # Plain HTTP is redirected once to HTTPS; the health probe is not.
    status, headers, _ = site.get("/", proto="http")
    assert status == 301 and headers["Location"] == f"https://{HOST}/"
    assert site.get("/health/", proto=None)[0] == 200
    # A Host nobody configured is refused.
    assert site.get("/", Host="evil.test")[0] == 400

    # Every line gunicorn and Django wrote is one JSON object; the requests are there.
    time.sleep(0.5)
    records = [json.loads(line) for line in site.log().splitlines() if line.strip()]
    access = [r for r in records if r["logger"] == "gunicorn.access"]
    assert {"path": "/api/events/", "status": 200} in [
        {"path": r["path"], "status": r["status"]} for r in access
    ]
    assert all({"time", "level", "message"} <= r.keys() for r in records)


def test_check_deploy_is_clean(tmp_path):
    env = production_env(
        DATABASE_URL=f"sqlite:///{tmp_path / 'unused.sqlite3'}",
        CELERY_BROKER_URL="redis://127.0.0.1:6379/0",
    )
    proc = manage(env, "check", "--deploy", "--fail-level", "WARNING")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "System check identified no issues" in proc.stdout
