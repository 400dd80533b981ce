"""The online-play benchmark's plumbing, on a tiny field: the ASGI server starts with
the Redis channel layer, every WebSocket connects, the tables play, and every action is
found stored exactly once (``python -m bench play``; the figures are not asserted, but
``--json FILE``, the benchmark's interface, is: its shape, and that it measured)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.slow, pytest.mark.postgres]


STEP_KEYS = (
    "pace_s", "actions_per_s_asked", "actions_per_s_done", "p50_ms", "p95_ms", "p99_ms",
    "server_cpu_ms_per_action", "server_rss_mb_peak",
)  # fmt: skip


def test_bench_play_runs_small(tmp_path) -> None:
    url, redis = os.environ.get("DATABASE_URL", ""), os.environ.get("REDIS_URL", "")
    if not url.startswith(("postgres://", "postgresql://")) or not redis:
        if os.environ.get("REQUIRE_SERVICES") == "1":
            pytest.fail("REQUIRE_SERVICES=1 but DATABASE_URL or REDIS_URL is missing")
        pytest.skip("needs PostgreSQL and Redis (DATABASE_URL, REDIS_URL)")
    # A database name of its own: the bench creates and drops test_<name>, which must
    # not be the test session's own test database.
    own = urlunsplit(urlsplit(url)._replace(path=f"/bench_play_smoke_{os.getpid()}"))
    figures = tmp_path / "play.json"
    args = ["--tables", "2", "--pace", "0.4", "--seconds", "4", "--no-ramp", "--processes", "1",
            "--json", str(figures)]  # fmt: skip
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

    data = json.loads(figures.read_text(encoding="utf-8"))
    assert set(data) == {"steps", "acknowledged", "stored", "exactly_once"}, data
    assert data["exactly_once"] is True, data
    assert isinstance(data["acknowledged"], int) and isinstance(data["stored"], int), data
    assert data["acknowledged"] == data["stored"] == acknowledged > 0, data
    assert len(data["steps"]) == 1, data  # --no-ramp: the asked pace alone
    step = data["steps"][0]
    assert set(step) == set(STEP_KEYS), step
    for key in STEP_KEYS:  # every figure a number (none left out as null)
        assert isinstance(step[key], int | float) and not isinstance(step[key], bool), (key, step)
    assert step["pace_s"] == 0.4, step
    assert step["actions_per_s_asked"] == 2 / 0.4, step
    assert step["actions_per_s_done"] > 0, step
    assert 0 < step["p50_ms"] <= step["p95_ms"] <= step["p99_ms"], step
    # measured, from the server's processes: some CPU an action, some memory resident
    assert step["server_cpu_ms_per_action"] > 0, step
    assert 20 < step["server_rss_mb_peak"] < 4096, step


def test_bench_play_floor_runs_small() -> None:
    """``--floor``: the same clients against the transport alone (bench/floor_app.py),
    every action answered to the four seats, nothing stored."""
    if not os.environ.get("REDIS_URL"):
        if os.environ.get("REQUIRE_SERVICES") == "1":
            pytest.fail("REQUIRE_SERVICES=1 but REDIS_URL is missing")
        pytest.skip("needs Redis (REDIS_URL)")
    args = ["--tables", "2", "--pace", "0.4", "--seconds", "3", "--no-ramp", "--processes", "1",
            "--floor"]  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-m", "bench", "play", *args],
        cwd=ROOT, env=dict(os.environ), capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    out = done.stdout
    assert "The floor: the transport alone" in out, out
    assert ", 0 failed;" in out and "nothing is stored" in out, out
    acknowledged = int(re.search(r"(\d+) actions acknowledged", out).group(1))
    assert acknowledged >= 8, out
