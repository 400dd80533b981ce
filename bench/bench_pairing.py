"""Benchmark Swiss seating: 1,000 and 4,000 pairs, round 8 after 7 simulated rounds.

Run ``python -m bench.bench_pairing``.  Targets: < 1 s for 1,000 pairs, < 5 s for 4,000,
zero repeats.  The history is made by the algorithm itself with random results:
``imp`` (continuous IMP totals, the required case) and ``coarse`` (win/draw/loss
results, so many tied totals and more old opponents among rank neighbours: harder).
"""

from __future__ import annotations

import random
import time

from tournaments.pairing import PairState, mean_rank_distance, swiss_pair

SIZES = (1000, 4000)
HISTORY_ROUNDS = 7
TARGETS = {1000: 1.0, 4000: 5.0}
RESULTS = {
    "imp": lambda rng: round(rng.gauss(0.0, 20.0), 1),
    "coarse": lambda rng: float(rng.choice((-1, 0, 1))),
}


def simulate(n: int, rounds: int, scenario: str = "imp", seed: int = 1) -> list[PairState]:
    """Seat ``rounds`` rounds of an ``n``-pair field with random results; return the field."""
    rng = random.Random(seed)
    result = RESULTS[scenario]
    score = {i: 0.0 for i in range(1, n + 1)}
    met: dict[int, set[int]] = {i: set() for i in score}
    byes: set[int] = set()
    for rnd in range(1, rounds + 1):
        field = [PairState(i, score[i], i, frozenset(met[i]), i in byes) for i in range(1, n + 1)]
        pairing = swiss_pair(field, round_number=rnd)
        for ns, ew in pairing.tables:
            delta = result(rng)
            score[ns] += delta
            score[ew] -= delta
            met[ns].add(ew)
            met[ew].add(ns)
        if pairing.bye is not None:
            byes.add(pairing.bye)
    return [PairState(i, score[i], i, frozenset(met[i]), i in byes) for i in range(1, n + 1)]


def run(sizes: tuple[int, ...] = SIZES, scenario: str = "imp") -> dict:
    """Time seating round ``HISTORY_ROUNDS + 1`` for each field size: ``{n: figures}``."""
    out: dict = {}
    round_number = HISTORY_ROUNDS + 1
    for n in sizes:
        field = simulate(n, HISTORY_ROUNDS, scenario)
        wall, cpu = time.perf_counter(), time.process_time()
        pairing = swiss_pair(field, round_number=round_number)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        out[n] = {
            "seconds": round(wall, 3),
            "cpu_seconds": round(cpu, 3),
            "target_seconds": TARGETS.get(n),
            "repeats": pairing.repeats,
            "tables": len(pairing.tables),
            "mean_rank_distance": round(
                mean_rank_distance(field, pairing, round_number=round_number), 3
            ),
        }
    return out


if __name__ == "__main__":
    for name in RESULTS:
        for size, row in run(scenario=name).items():
            print(
                f"{name:>6} {size:>5} pairs, round {HISTORY_ROUNDS + 1}: "
                f"{row['seconds']:.3f} s (cpu {row['cpu_seconds']:.3f} s, "
                f"target < {row['target_seconds']} s), repeats {row['repeats']}, "
                f"mean rank distance {row['mean_rank_distance']:.3f}"
            )
