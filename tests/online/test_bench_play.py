"""The online-play benchmark's plumbing, on a tiny field: the ASGI server starts with
the Redis channel layer, every WebSocket connects, the tables play, and every action is
found stored exactly once (``python -m bench play``; the figures are not asserted)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.slow, pytest.mark.postgres]


def test_bench_play_runs_small() -> None:
    url, redis = os.environ.get("DATABASE_URL", ""), os.environ.get("REDIS_URL", "")
    if not url.startswith(("postgres://", "postgresql://")) or not redis:
        if os.environ.get("REQUIRE_SERVICES") == "1":
            pytest.fail("REQUIRE_SERVICES=1 but DATABASE_URL or REDIS_URL is missing")
        pytest.skip("needs PostgreSQL and Redis (DATABASE_URL, REDIS_URL)")
    # A database name of its own: the bench creates and drops test_<name>, which must
    # not be the test session's own test database.
    own = urlunsplit(urlsplit(url)._replace(path=f"/bench_play_smoke_{os.getpid()}"))
    args = ["--tables", "2", "--pace", "0.4", "--seconds", "4", "--no-ramp", "--processes", "1"]
    done = subprocess.run(
        [sys.executable, "-m", "bench", "play", *args],
        cwd=ROOT, env={**os.environ, "DATABASE_URL": own}, capture_output=True, text=True,
        timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    out = done.stdout
    assert "2 tables, 8 WebSocket connections" in out, out
    assert ", 0 failed;" in out, out
    assert "stored exactly once: yes" in out, out
    acknowledged = int(re.search(r"\((\d+) actions acknowledged", out).group(1))
    assert acknowledged >= 8, out  # both tables played (about 10 actions each)
