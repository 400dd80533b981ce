"""``simulate_pool`` runs a pool through the real services; every number of its JSON is
derived again here from the rules (docs/rules.md § The scoring pool), with an IMP table
and a trimmed mean written out independently of ``scoring``."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest
from django.core.management import CommandError, call_command

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

# Lower bounds of 1, 2, ... 24 IMPs (WBF), for differences that are multiples of 10.
IMP_BOUNDS = [20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100,
              1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000]  # fmt: skip


def imps(diff: int) -> int:
    assert diff % 10 == 0
    won = sum(1 for bound in IMP_BOUNDS if abs(diff) >= bound)
    return won if diff >= 0 else -won


def trimmed_datum(scores: list[int]) -> int:
    n = len(scores)
    drop = 0 if n <= 3 else math.ceil((n - 10) / 15) + 1
    kept = sorted(scores)[drop : n - drop]
    mean = Fraction(sum(kept), len(kept))
    tens = math.floor(abs(mean) / 10 + Fraction(1, 2))
    return 10 * tens if mean >= 0 else -10 * tens


def run(tmp_path, *args) -> dict:
    path = tmp_path / "pool.json"
    call_command("simulate_pool", *args, "--json", str(path), "--no-progress")
    return json.loads(path.read_text())


def check(report: dict) -> dict:
    score_at, retire_at = report["score_at"], report["retire_at"]
    every = [r for b in report["boards"] for r in b["results"]]
    seqs = [r["seq"] for r in every]
    assert sorted(seqs) == list(range(1, len(every) + 1)), "one arrival order for the pool"
    counts = {"scored": 0, "provisional": 0, "batches": 0, "retired": 0}
    for board in report["boards"]:
        results = board["results"]
        assert [r["seq"] for r in results] == sorted(r["seq"] for r in results)
        assert len(results) <= retire_at, f"board {board['board']} has a result too many"
        assert board["retired"] == (len(results) == retire_at)
        counts["retired"] += board["retired"]
        seen = [p for r in results for p in r["players"]]
        assert len(seen) == len(set(seen)), f"a player got board {board['board']} twice"
        for i, r in enumerate(results, start=1):
            assert len(set(r["players"])) == 4
            if i < score_at:
                expected = results[score_at - 1]["seq"] if len(results) >= score_at else None
            else:
                expected = r["seq"]
            assert r["scored_at_seq"] == expected, (board["board"], i)
            if expected is None:
                assert (r["datum"], r["ns_imps"], r["ew_imps"]) == (None, 0, 0)
                counts["provisional"] += 1
                continue
            # The datum of the moment it was scored: the results that had arrived by then.
            known = [x["ns_score"] for x in results if x["seq"] <= r["scored_at_seq"]]
            assert r["datum"] == trimmed_datum(known), (board["board"], i)
            assert r["ns_imps"] == imps(r["ns_score"] - r["datum"])
            assert r["ew_imps"] == -r["ns_imps"]
            counts["scored"] += 1
        counts["batches"] += len(results) >= score_at
    return counts


def test_every_score_of_a_simulated_pool_follows_the_rules(tmp_path):
    report = run(tmp_path, "--players", "40", "--tables-per-hour", "12", "--hours", "4",
                 "--seed", "5", "--boards-per-table", "3", "--score-at", "3",
                 "--retire-at", "6", "--library", "6")  # fmt: skip
    assert report["score_at"] == 3 and report["retire_at"] == 6
    counts = check(report)
    # the run reached every case: batches, one-by-one scores, provisional 0s, retirements
    assert counts["batches"] >= 3 and counts["retired"] >= 1 and counts["provisional"] >= 1
    assert counts["scored"] > 3 * counts["batches"]


def test_the_default_pool_scores_at_the_sixth_result(tmp_path):
    report = run(tmp_path, "--players", "24", "--tables-per-hour", "10", "--hours", "3",
                 "--seed", "2", "--library", "8")  # fmt: skip
    assert (report["score_at"], report["retire_at"]) == (6, 40)
    counts = check(report)
    assert counts["batches"] >= 1 and counts["provisional"] >= 1
    first = report["boards"][0]["results"][0]
    assert set(first) == {"seq", "table", "players", "ns_score", "scored_at_seq", "datum",
                          "ns_imps", "ew_imps"}  # fmt: skip


def test_bad_options_are_refused():
    with pytest.raises(CommandError, match="four players"):
        call_command("simulate_pool", "--players", "3", "--no-progress")
    with pytest.raises(CommandError, match="positive"):
        call_command("simulate_pool", "--hours", "0", "--no-progress")
