"""``simulate_event`` end to end: every number in its JSON follows the rules."""

import io
import json
from collections import defaultdict

import pytest
from django.core.management import CommandError, call_command

import scoring
from ratings.awards import master_points_for_place


def run(tmp_path, *args):
    path = tmp_path / "event.json"
    call_command(
        "simulate_event", *args, "--json", str(path), "--no-progress", stdout=io.StringIO()
    )
    return json.loads(path.read_text())


def check_event(data, play_rate_positive=True):
    method = data["method"]
    pairs = {p["entry"]: p for p in data["pairs"]}
    points = defaultdict(list)
    played = defaultdict(int)
    byes = defaultdict(int)  # a bye's boards count towards the finishing threshold
    met = set()
    for rnd in data["rounds"]:
        board_numbers = None
        by_board = defaultdict(list)
        seated = set()
        for table in rnd["tables"]:
            numbers = [b["number"] for b in table["boards"]]
            board_numbers = board_numbers or numbers
            assert numbers == board_numbers, "every table plays the same boards"
            for side in ("ns", "ew"):
                if table[side] is not None:
                    assert table[side] not in seated
                    seated.add(table[side])
            if table["ew"] is None:
                for b in table["boards"]:
                    assert b["status"] == "adjusted" and b["ns_score"] is None
                    assert b["ns_points"] == (50.0 if method == "mp" else 0.0)
                    points[table["ns"]].append(b["ns_points"])
                    byes[table["ns"]] += 1
                continue
            key = frozenset((table["ns"], table["ew"]))
            assert key not in met, "no repeat opponents"
            met.add(key)
            for b in table["boards"]:
                if b["status"] == "cut":
                    assert b["ns_score"] is b["ns_points"] is b["ew_points"] is None
                    continue
                assert b["status"] == "played"
                by_board[b["number"]].append(b)
                played[table["ns"]] += 1
                played[table["ew"]] += 1
                points[table["ns"]].append(b["ns_points"])
                points[table["ew"]].append(b["ew_points"])
        for results in by_board.values():
            expected = scoring.score_board([b["ns_score"] for b in results], method)
            for b, (ns, ew) in zip(results, expected, strict=True):
                assert b["ns_points"] == pytest.approx(ns)
                assert b["ew_points"] == pytest.approx(ew)
            if method == "mp" and len(results) == 1:
                assert results[0]["ns_points"] == 50.0
    for entry_id, p in pairs.items():
        pts = points[entry_id]
        total = (sum(pts) / len(pts) if pts else 0.0) if method == "mp" else sum(pts)
        assert p["total"] == pytest.approx(total)
        assert p["boards_played"] == played[entry_id]
        share = p["boards_played"] + byes[entry_id]
        assert p["finished"] == (share >= 0.7 * data["boards_total"] - 1e-9)
        assert (p["rank"] is None) == (not p["finished"])
    ranked = sorted((p for p in pairs.values() if p["finished"]), key=lambda p: p["rank"])
    assert [p["rank"] for p in ranked] == list(range(1, len(ranked) + 1))
    keys = [(-round(p["total"], 6), -p["boards_played"], p["registration_order"]) for p in ranked]
    assert keys == sorted(keys)
    for p in ranked:
        assert p["master_points"] == master_points_for_place(p["rank"], len(ranked))
    return pairs


@pytest.mark.slow
@pytest.mark.parametrize("method", ["ximp", "imp", "mp"])
def test_simulated_event_follows_the_rules(db, tmp_path, method):
    data = run(
        tmp_path,
        *("--pairs", "11", "--rounds", "4", "--boards-per-round", "3"),
        *("--method", method, "--play-rate", "0.8", "--withdraw", "2", "--seed", "4"),
    )
    assert data["method"] == method and data["boards_total"] == 12
    pairs = check_event(data)
    assert sum(p["withdrawn"] for p in pairs.values()) == 2
    assert any(
        b["status"] == "cut" for r in data["rounds"] for t in r["tables"] for b in t["boards"]
    )


@pytest.mark.slow
def test_withdrawn_pairs_are_not_seated_after_they_leave(db, tmp_path):
    data = run(
        tmp_path,
        *("--pairs", "8", "--rounds", "5", "--boards-per-round", "2", "--withdraw", "3"),
        *("--seed", "9"),
    )
    withdrawn = {p["entry"] for p in data["pairs"] if p["withdrawn"]}
    last = data["rounds"][-1]["tables"]
    assert not withdrawn & ({t["ns"] for t in last} | {t["ew"] for t in last})


@pytest.mark.slow
def test_same_seed_same_event(db, tmp_path):
    args = ("--pairs", "7", "--rounds", "3", "--boards-per-round", "2", "--seed", "11")
    a, b = run(tmp_path, *args), run(tmp_path, *args)
    strip = lambda d: [  # noqa: E731
        [
            (t["ns"] - d["pairs"][0]["entry"], [x["ns_score"] for x in t["boards"]])
            for t in r["tables"]
        ]
        for r in d["rounds"]
    ]
    assert strip(a) == strip(b)


def test_bad_options_give_a_clear_error(db):
    with pytest.raises(CommandError):
        call_command("simulate_event", "--pairs", "1", "--no-progress")
    with pytest.raises(CommandError):
        call_command("simulate_event", "--pairs", "4", "--play-rate", "2", "--no-progress")


@pytest.mark.slow
def test_a_withdrawn_pair_leaves_before_the_next_round_is_seated(db, tmp_path):
    # Two rounds: a pair withdraws after round 1, so it has no table in round 2 (and
    # its would-be opponents are not left with a whole round of cut boards).
    from tournaments.models import Entry

    data = run(
        tmp_path,
        *("--pairs", "6", "--rounds", "2", "--boards-per-round", "2", "--withdraw", "2"),
        *("--play-rate", "1", "--seed", "3"),
    )
    withdrawn = {p["entry"] for p in data["pairs"] if p["withdrawn"]}
    assert len(withdrawn) == 2
    assert set(
        Entry.objects.filter(pk__in=withdrawn).values_list("withdrawn_after_round", flat=True)
    ) == {1}
    round2 = data["rounds"][1]["tables"]
    assert not withdrawn & ({t["ns"] for t in round2} | {t["ew"] for t in round2})
    assert all(b["status"] == "played" for t in round2 for b in t["boards"])
