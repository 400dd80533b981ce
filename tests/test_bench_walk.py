"""``python -m bench walk`` (bench/bench_walk.py): the walker plays only what the view
says is legal, answers what waits for its seat, and reads a server's log for faults."""

from __future__ import annotations

import random

from bench.bench_walk import choose, log_faults


def test_the_walker_answers_a_claim_it_is_asked_and_no_other():
    claim = {"seat": "N", "tricks": 9, "accepted": [], "rejected": False}
    view = {"seat": "E", "dummy": "S", "claim": claim, "undo": None, "legal": {}}
    assert choose(view, random.Random(1)) == {"kind": "accept"}
    assert choose({**view, "seat": "S"}, random.Random(1)) is None  # dummy: not asked
    claim["accepted"] = ["E"]
    assert choose(view, random.Random(1)) is None  # answered already


def test_the_walker_plays_only_legal_calls_and_cards():
    rng = random.Random(3)
    calls = {"legal": {"calls": ["P", "1C", "1D", "X"], "cards": []}, "auction": []}
    for _ in range(20):
        assert choose({"seat": "N", **calls}, rng)["value"] in calls["legal"]["calls"]
    cards = {"seat": "W", "legal": {"calls": [], "cards": ["SA", "S2"]}}
    assert {choose(cards, rng)["value"] for _ in range(20)} <= {"SA", "S2"}
    assert choose({"seat": "W", "legal": {"calls": [], "cards": []}}, rng) is None


def test_the_log_is_read_for_faults(tmp_path):
    log = tmp_path / "server.log"
    log.write_text("ok\nTraceback (most recent call last):\nsqlite3.OperationalError: "
                   "database is locked\n")  # fmt: skip
    assert log_faults(log) == {"database is locked": 1, "Traceback": 1, "Segmentation fault": 0}
