"""Smoke test of the engine benchmark (``python -m bench engine``) on two boards."""

from __future__ import annotations

from bench.bench_engine import report, run


def test_bench_engine_runs_small() -> None:
    figures = run(boards=2, repeat=5)
    assert figures["boards"] == 2 and figures["actions_per_board"] >= 56
    for key in ("first_call_us", "last_call_us", "lead_us", "trick13_us", "copy_us"):
        assert figures[key] > 0
    assert figures["replay_ms"] > 0 and figures["engine_ms"] > 0 and figures["views_ms"] > 0
    assert "trick 13" in report(figures)
