"""Build the default HCP-par expected-score table from double-dummy par scores.

Usage::

    python -m scoring.build_hcp_par --deals 2050 --out scoring/data/hcp_par.json

Method:

1. Stratified sampling: the deals are spread evenly over NS combined HCP 0..40. For a
   target HCP h the deal is drawn *exactly* from the conditional distribution of random
   deals given NS HCP = h: the set of honours NS hold is drawn with probability
   proportional to the number of deals that complete it (C(36, 26 − #honours)), the rest
   of NS's 26 cards are random spot cards, and both partnerships' cards are shuffled.
2. Each deal gets a double-dummy table (endplay/DDS) and its par score for each of the
   four vulnerabilities (dealer rotating N, E, S, W).
3. Every deal is used twice: as it is (NS HCP h) and turned a quarter (NS ↔ EW: HCP 40 − h,
   vulnerability swapped, score negated), which makes the table exactly antisymmetric.
4. Per vulnerability the bin means are smoothed by a local-linear Gaussian kernel over
   HCP, forced non-decreasing in HCP (pool-adjacent-violators) and rounded to 10.

Only this module and :mod:`scoring.solver` (the one door to DDS) import endplay;
``import scoring`` does not.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from pathlib import Path

from scoring.boards import VULNERABILITIES
from scoring.hcp_par import DEFAULT_HCP_PAR_PATH, HCP_POINTS, validate_hcp_par_table
from scoring.notation import RANKS
from scoring.solver import calc_dd_table, par

_SUITS = "SHDC"
_HONOURS = [(s, r) for s in _SUITS for r in "AKQJ"]
_SPOTS = [(s, r) for s in _SUITS for r in RANKS[4:]]
_SWAP = {"None": "None", "NS": "EW", "EW": "NS", "All": "All"}


def _honour_subsets() -> dict[int, tuple[list[int], list[int]]]:
    """For each HCP 0..40: the honour bitmasks with that HCP and their deal-count weights."""
    by_hcp: dict[int, tuple[list[int], list[int]]] = {h: ([], []) for h in range(41)}
    for mask in range(1 << 16):
        chosen = [i for i in range(16) if mask >> i & 1]
        points = sum(HCP_POINTS[_HONOURS[i][1]] for i in chosen)
        masks, weights = by_hcp[points]
        masks.append(mask)
        weights.append(math.comb(36, 26 - len(chosen)))
    return by_hcp


def _hand_pbn(cards: Sequence[tuple[str, str]]) -> str:
    """PBN of one hand from (suit, rank) cards."""
    held = set(cards)
    return ".".join("".join(r for r in RANKS if (s, r) in held) for s in _SUITS)


def random_deal_with_ns_hcp(h: int, rng: random.Random, subsets: dict | None = None) -> str:
    """A PBN deal ("N:n e s w") drawn uniformly among the deals where N+S hold ``h`` HCP."""
    subsets = subsets or _honour_subsets()
    masks, weights = subsets[h]
    mask = rng.choices(masks, weights=weights)[0]
    ns = [_HONOURS[i] for i in range(16) if mask >> i & 1]
    ew = [_HONOURS[i] for i in range(16) if not mask >> i & 1]
    spots = list(_SPOTS)
    rng.shuffle(spots)
    ns += spots[: 26 - len(ns)]
    taken = set(ns)
    ew += [card for card in spots if card not in taken]
    rng.shuffle(ns)
    rng.shuffle(ew)
    hands = [ns[:13], ew[:13], ns[13:], ew[13:]]  # N, E, S, W
    return "N:" + " ".join(_hand_pbn(hand) for hand in hands)


def _par_scores(job: tuple[str, int]) -> dict[str, int]:
    """Double-dummy par NS score of one deal for each vulnerability (runs in a worker)."""
    from endplay.types import Deal, Player, Vul

    pbn, dealer = job
    table = calc_dd_table(Deal(pbn))
    vuls = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both}
    seat = (Player.north, Player.east, Player.south, Player.west)[dealer % 4]
    return {name: int(par(table, vul, seat).score) for name, vul in vuls.items()}


def _pav(values: list[float], weights: list[float]) -> list[float]:
    """Weighted isotonic (non-decreasing) regression by pool-adjacent-violators."""
    blocks: list[list[float]] = []  # [mean, weight, count]
    for v, w in zip(values, weights, strict=True):
        blocks.append([v, w, 1])
        while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
            m2, w2, c2 = blocks.pop()
            m1, w1, c1 = blocks.pop()
            blocks.append([(m1 * w1 + m2 * w2) / (w1 + w2), w1 + w2, c1 + c2])
    out: list[float] = []
    for mean, _, count in blocks:
        out.extend([mean] * int(count))
    return out


def smooth(sums: list[float], counts: list[int], bandwidth: float) -> list[float]:
    """Local-linear Gaussian-kernel estimate at HCP 0..40 from per-HCP sums and counts."""
    fitted = []
    for h in range(41):
        sw = swx = swxx = swy = swxy = 0.0
        for x in range(41):
            if counts[x] == 0:
                continue
            w = counts[x] * math.exp(-0.5 * ((x - h) / bandwidth) ** 2)
            mean = sums[x] / counts[x]
            sw, swx, swxx = sw + w, swx + w * x, swxx + w * x * x
            swy, swxy = swy + w * mean, swxy + w * x * mean
        if sw < 1e-300:  # no data within reach: take the nearest filled bin
            nearest = min((x for x in range(41) if counts[x]), key=lambda x: abs(x - h))
            fitted.append(sums[nearest] / counts[nearest])
            continue
        det = sw * swxx - swx * swx
        if det <= 1e-12 * sw * sw:
            fitted.append(swy / sw)
        else:
            slope = (sw * swxy - swx * swy) / det
            fitted.append((swy - slope * swx) / sw + slope * h)
    return fitted


def _round10(value: float) -> int:
    """Round to the nearest 10, halves away from zero (keeps antisymmetry exact)."""
    tens = math.floor(abs(value) / 10 + 0.5)
    return int(-10 * tens if value < 0 else 10 * tens)


def build(
    deals: int,
    seed: int,
    jobs: int,
    bandwidth: float,
    verbose: bool = True,
    progress: Callable[[int], None] | None = None,
) -> dict:
    """Sample ``deals`` deals, solve them and return the JSON-ready table document.

    ``progress(1)`` is called after each deal solved (a progress bar's ``update``)."""
    rng = random.Random(seed)
    subsets = _honour_subsets()
    work = [(random_deal_with_ns_hcp(i % 41, rng, subsets), i) for i in range(deals)]
    sums = {v: [0.0] * 41 for v in VULNERABILITIES}
    counts = {v: [0] * 41 for v in VULNERABILITIES}
    started = time.monotonic()
    with ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else nullcontext() as pool:
        results = pool.map(_par_scores, work, chunksize=8) if pool else map(_par_scores, work)
        for i, scores in enumerate(results):
            h = i % 41  # the HCP the deal was drawn for
            for vul, score in scores.items():
                sums[vul][h] += score
                counts[vul][h] += 1
                sums[_SWAP[vul]][40 - h] -= score
                counts[_SWAP[vul]][40 - h] += 1
            if progress is not None:
                progress(1)
            if verbose and (i + 1) % 100 == 0:
                print(f"{i + 1}/{deals} deals, {time.monotonic() - started:.0f} s", flush=True)
    expected = {}
    for vul in VULNERABILITIES:
        fitted = smooth(sums[vul], counts[vul], bandwidth)
        expected[vul] = [
            _round10(v) for v in _pav(fitted, [max(float(c), 1e-6) for c in counts[vul]])
        ]
    doc = {
        "description": "Expected NS score by NS combined HCP (index 0..40) and vulnerability, "
        "from double-dummy par scores of random deals (scoring.build_hcp_par).",
        "method": "stratified by NS HCP, each deal also used rotated NS<->EW; local-linear "
        f"Gaussian kernel smoothing (bandwidth {bandwidth} HCP), isotonic, rounded to 10",
        "deals": deals,
        "seed": seed,
        "samples_per_cell": {v: counts[v] for v in VULNERABILITIES},
        "raw_mean": {
            v: [round(s / c, 1) if c else None for s, c in zip(sums[v], counts[v], strict=True)]
            for v in VULNERABILITIES
        },
        "expected": expected,
    }
    validate_hcp_par_table(doc["expected"])
    return doc


def main(argv: Sequence[str] | None = None) -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2050, help="deals to solve (default 2050)")
    parser.add_argument("--seed", type=int, default=20250101, help="random seed")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--bandwidth", type=float, default=1.0, help="kernel width in HCP")
    parser.add_argument("--out", type=Path, default=DEFAULT_HCP_PAR_PATH, help="JSON output")
    args = parser.parse_args(argv)
    doc = build(args.deals, args.seed, args.jobs, args.bandwidth)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
