"""Smoke test of the scoring benchmark on a small data set."""

from __future__ import annotations

from bench.bench_scoring import make_results, report, run


def test_bench_runs_small() -> None:
    figures = run(boards=40, results=12, sample_boards=10, seed=1, repeat=1)
    assert figures["results"] == 480
    assert figures["speedup"] > 0 and figures["vectorised_total_seconds"] > 0
    assert set(figures["vectorised_seconds"]) == {
        "contract_scores",
        "cross_imps",
        "butler_imps",
        "matchpoints",
    }
    assert "speed-up" in report(figures)


def test_make_results_plausible() -> None:
    data = make_results(64, 20, seed=3)
    assert data["level"].shape == (64, 20)
    assert data["level"].min() >= 0 and data["level"].max() <= 7
    assert data["tricks"].min() >= 0 and data["tricks"].max() <= 13
    assert data["doubled"].max() <= 2 and data["strain"].max() <= 4
