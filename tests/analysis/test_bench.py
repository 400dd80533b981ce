"""``python -m bench analysis`` runs on a few boards and reports its figures
(docs/benchmarks.md § The analysis of the play)."""

from __future__ import annotations

import pytest

from bench import bench_analysis


@pytest.mark.slow
def test_the_benchmark_times_a_few_boards_and_projects_a_round() -> None:
    figures = bench_analysis.run(boards=2, seed=3, mode="random", per_table=3, tables=10)
    assert figures["boards"] == 2 and 0 < figures["p50_s"] <= figures["max_s"]
    # the last trick and every other forced card are not solved
    assert 13 <= figures["solves_per_board"] <= 48
    assert figures["round_boards"] == 30
    assert figures["round_seconds"] > 30 * figures["mean_s"] / 2
    text = bench_analysis.report(figures)
    assert "CPU a board" in text and "10 tables x 3 boards" in text
