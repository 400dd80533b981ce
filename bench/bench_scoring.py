"""Benchmark: vectorised bulk scoring of 25,000 boards × 40 results (1,000,000 results).

Times (a) Law 77 scores of every result with :func:`scoring.fast.contract_scores_array`
and (b) cross-IMPs, datum (Butler) IMPs and matchpoints of every board with the matrix
functions; then times the plain pure-Python scalar functions on a sample of boards,
extrapolates to the whole set and reports the speed-up. Run::

    python -m bench.bench_scoring
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np

from scoring import STRAINS, butler_imps, contract_score, cross_imps, matchpoints
from scoring.fast import (
    butler_imps_matrix,
    contract_scores_array,
    cross_imps_matrix,
    matchpoints_matrix,
)

# NS / EW vulnerability of boards 1..16 (board n uses ((n-1) mod 16)+1).
_NS_VUL = np.array([0, 1, 0, 1, 1, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1, 0], dtype=bool)
_EW_VUL = np.array([0, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 0, 1, 0, 0, 1], dtype=bool)


def make_results(boards: int, results: int, seed: int) -> dict[str, np.ndarray]:
    """Random plausible results: each board has a "normal" contract most tables reach.

    Returns arrays of shape (boards, results): level (0 = passed out), strain index,
    doubled, declarer side (True = NS), declarer vulnerable, tricks.
    """
    rng = np.random.default_rng(seed)
    shape = (boards, results)
    level_odds = [0.06, 0.2, 0.26, 0.3, 0.09, 0.07, 0.02]
    base_level = rng.choice(np.arange(1, 8), size=(boards, 1), p=level_odds)
    base_strain = rng.integers(0, 5, size=(boards, 1))
    base_ns = rng.random((boards, 1)) < 0.5
    base_tricks = base_level + 6 + np.rint(rng.normal(0, 1, size=(boards, 1))).astype(np.int64)

    level = np.where(rng.random(shape) < 0.75, base_level, base_level + rng.integers(-1, 2, shape))
    level = np.clip(level, 1, 7)
    strain = np.where(rng.random(shape) < 0.85, base_strain, rng.integers(0, 5, shape))
    ns_declares = np.where(rng.random(shape) < 0.9, base_ns, ~base_ns)
    doubled = rng.choice(3, size=shape, p=[0.9, 0.08, 0.02])
    tricks = np.clip(base_tricks + rng.choice([-1, 0, 0, 0, 1], size=shape), 0, 13)
    level = np.where(rng.random(shape) < 0.01, 0, level)  # a few boards passed out

    cycle = (np.arange(boards) % 16)[:, None]
    vulnerable = np.where(ns_declares, _NS_VUL[cycle], _EW_VUL[cycle])
    return {
        "level": level.astype(np.int64),
        "strain": strain.astype(np.int64),
        "doubled": doubled.astype(np.int64),
        "ns_declares": ns_declares,
        "vulnerable": vulnerable,
        "tricks": tricks.astype(np.int64),
    }


def _timed(func: Callable[[], Any], repeat: int = 1) -> tuple[Any, float]:
    """Run ``func`` ``repeat`` times; return its result and the best time in seconds."""
    best = float("inf")
    for _ in range(max(1, repeat)):
        start = time.perf_counter()
        result = func()
        best = min(best, time.perf_counter() - start)
    return result, best


def _vectorised(
    data: dict[str, np.ndarray], repeat: int
) -> tuple[dict[str, float], dict[str, np.ndarray]]:
    """Time the numpy path on the whole data set (best of ``repeat`` runs per step)."""
    times: dict[str, float] = {}
    declarer, times["contract_scores"] = _timed(
        lambda: contract_scores_array(
            data["level"], data["strain"], data["doubled"], data["vulnerable"], data["tricks"]
        ),
        repeat,
    )
    ns = np.where(data["ns_declares"], declarer, -declarer)
    out = {"ns": ns}
    out["ximp"], times["cross_imps"] = _timed(lambda: cross_imps_matrix(ns), repeat)
    out["imp"], times["butler_imps"] = _timed(lambda: butler_imps_matrix(ns), repeat)
    out["mp"], times["matchpoints"] = _timed(lambda: matchpoints_matrix(ns), repeat)
    return times, out


def _pure_python(data: dict[str, np.ndarray], sample: int) -> tuple[dict[str, float], dict]:
    """Time the scalar pure-Python functions on the first ``sample`` boards."""
    rows = {key: value[:sample].tolist() for key, value in data.items()}
    times: dict[str, float] = {}

    def scores() -> list[list[int]]:
        table = []
        for b in range(sample):
            row = []
            for lv, st, dbl, vul, tr, ns in zip(
                rows["level"][b], rows["strain"][b], rows["doubled"][b],
                rows["vulnerable"][b], rows["tricks"][b], rows["ns_declares"][b], strict=True,
            ):  # fmt: skip
                score = contract_score(lv, STRAINS[st], dbl, vul, tr) if lv else 0
                row.append(score if ns else -score)
            table.append(row)
        return table

    ns, times["contract_scores"] = _timed(scores)
    out = {"ns": ns}
    out["ximp"], times["cross_imps"] = _timed(lambda: [cross_imps(r) for r in ns])
    out["imp"], times["butler_imps"] = _timed(lambda: [butler_imps(r) for r in ns])
    out["mp"], times["matchpoints"] = _timed(lambda: [matchpoints(r) for r in ns])
    return times, out


def run(
    boards: int = 25_000,
    results: int = 40,
    sample_boards: int = 250,
    seed: int = 2024,
    repeat: int = 3,
) -> dict[str, Any]:
    """Run the benchmark and return its figures (seconds, results/s, speed-up).

    Each vectorised step is timed ``repeat`` times and the best time kept (the machine
    may be shared); the pure-Python sample is timed once and scaled by boards / sample.
    """
    data = make_results(boards, results, seed)
    fast_times, fast_out = _vectorised(data, repeat)
    sample = min(sample_boards, boards)
    slow_times, slow_out = _pure_python(data, sample)
    for key in ("ns", "ximp", "imp", "mp"):  # same numbers both ways
        if fast_out[key][:sample].tolist() != slow_out[key]:
            raise AssertionError(f"vectorised and scalar {key} differ")
    scale = boards / sample
    fast_total = sum(fast_times.values())
    python_total = sum(slow_times.values()) * scale
    n = boards * results
    return {
        "boards": boards,
        "results_per_board": results,
        "repeat": repeat,
        "results": n,
        "vectorised_seconds": fast_times,
        "vectorised_total_seconds": fast_total,
        "vectorised_results_per_second": n / fast_total,
        "python_sample_boards": sample,
        "python_sample_seconds": slow_times,
        "python_extrapolated_seconds": {k: v * scale for k, v in slow_times.items()},
        "python_extrapolated_total_seconds": python_total,
        "python_results_per_second": n / python_total,
        "speedup": python_total / fast_total,
        "target_seconds": 3.0,
        "within_target": fast_total < 3.0,
    }


def report(figures: dict[str, Any]) -> str:
    """Human-readable summary of :func:`run`'s figures."""
    lines = [
        f"Scoring benchmark: {figures['boards']:,} boards × {figures['results_per_board']} "
        f"results = {figures['results']:,} results",
        "",
        f"(vectorised: best of {figures['repeat']} runs per step)",
        f"{'step':<18}{'vectorised s':>14}{'pure Python s (extrap.)':>26}{'speed-up':>10}",
    ]
    for step, seconds in figures["vectorised_seconds"].items():
        slow = figures["python_extrapolated_seconds"][step]
        lines.append(f"{step:<18}{seconds:>14.3f}{slow:>26.2f}{slow / seconds:>9.0f}×")
    lines += [
        f"{'total':<18}{figures['vectorised_total_seconds']:>14.3f}"
        f"{figures['python_extrapolated_total_seconds']:>26.2f}{figures['speedup']:>9.0f}×",
        "",
        f"vectorised: {figures['vectorised_results_per_second']:,.0f} results/s "
        f"(target < {figures['target_seconds']:.0f} s: "
        f"{'met' if figures['within_target'] else 'NOT met'})",
        f"pure Python: {figures['python_results_per_second']:,.0f} results/s, measured on "
        f"{figures['python_sample_boards']} boards and extrapolated",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    print(report(run()))
