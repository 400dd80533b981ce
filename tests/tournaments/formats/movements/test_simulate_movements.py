"""``simulate_event --kind mitchell|howell``: the JSON's numbers recomputed from its
own results, independently of the code that wrote them (docs/rules.md § Movements)."""

from __future__ import annotations

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


def recompute(data, *, two_fields: bool, threshold: float = 0.7):
    """Check every number of a movement's JSON from its results."""
    tables_of_set: dict[int, int] = defaultdict(int)
    results: dict[int, list[tuple[dict, dict]]] = defaultdict(list)
    sets_of_pair: dict[int, list[int]] = defaultdict(list)
    met = set()
    # A pair without a table in a round sat out because of the movement (no pair here
    # withdraws or is sat out by the director): those boards count towards finishing.
    sat_out: dict[int, int] = defaultdict(int)
    for rnd in data["rounds"]:
        seated = {t[side] for t in rnd["tables"] for side in ("ns", "ew")}
        per_round = len(rnd["tables"][0]["boards"])
        for pair in data["pairs"]:
            if pair["entry"] not in seated and not pair.get("withdrawn"):
                sat_out[pair["entry"]] += per_round
        for table in rnd["tables"]:
            tables_of_set[table["set"]] += 1
            for side in ("ns", "ew"):
                sets_of_pair[table[side]].append(table["set"])
            key = frozenset((table["ns"], table["ew"]))
            assert key not in met, "no pair meets another twice"
            met.add(key)
            numbers = [b["number"] for b in table["boards"]]
            per = len(numbers)
            assert numbers == list(range((table["set"] - 1) * per + 1, table["set"] * per + 1))
            for b in table["boards"]:
                results[b["number"]].append((table, b))
    for sets in sets_of_pair.values():
        assert len(sets) == len(set(sets)), "a pair plays each set once"
    mp_total: dict[int, float] = defaultdict(float)
    top_total: dict[int, float] = defaultdict(float)
    played: dict[int, int] = defaultdict(int)
    for lines in results.values():
        expected = tables_of_set[lines[0][0]["set"]]
        top = 2 * (expected - 1)
        scores = [b["ns_score"] for _t, b in lines if b["status"] == "played"]
        ordered = sorted(scores)
        for table, b in lines:
            if b["status"] == "cut":
                assert b["ns_mp"] is None and b["ew_mp"] is None
                continue
            # matchpoints by hand: 2 a result beaten, 1 a tie, then Neuberg to E
            beaten = sum(1 for s in ordered if s < b["ns_score"])
            ties = sum(1 for s in ordered if s == b["ns_score"]) - 1
            mp = 2 * beaten + ties
            factored = (mp + 1) * expected / len(scores) - 1
            assert b["ns_mp"] == pytest.approx(factored)
            assert b["ew_mp"] == pytest.approx(top - factored)
            for side, pts in (("ns", b["ns_mp"]), ("ew", b["ew_mp"])):
                played[table[side]] += 1
                if top:
                    mp_total[table[side]] += pts
                    top_total[table[side]] += top
    needed = threshold * data["boards_total"]
    fields = defaultdict(list)
    for pair in data["pairs"]:
        entry = pair["entry"]
        assert pair["boards_played"] == played[entry]
        assert pair["mp_total"] == pytest.approx(mp_total[entry])
        pct = 100 * mp_total[entry] / top_total[entry] if top_total[entry] else 0.0
        assert pair["percentage"] == pytest.approx(pct)
        assert pair["total"] == pytest.approx(pct)
        assert (pair["field"] in ("NS", "EW")) is two_fields
        if pair["boards_played"] + sat_out[entry] >= needed - 1e-9:
            assert pair["finished"]
            fields[pair["field"]].append(pair)
        else:
            assert pair["rank"] is None and pair["master_points"] == 0
    assert len(fields) == (2 if two_fields else 1)
    for field in fields.values():
        field.sort(
            key=lambda p: (-round(p["total"], 6), -p["boards_played"], p["registration_order"])
        )
        for place, pair in enumerate(field, 1):
            assert pair["rank"] == place, "rank counts within the field"
            assert pair["master_points"] == master_points_for_place(place, len(field))


@pytest.mark.slow
@pytest.mark.django_db
def test_two_winner_mitchell_with_a_sit_out(tmp_path):
    data = run(
        tmp_path, "--kind", "mitchell", "--pairs", "11", "--rounds", "5",
        "--boards-per-round", "2", "--method", "mp", "--play-rate", "0.8", "--seed", "4",
    )  # fmt: skip
    assert len(data["rounds"]) == 5
    assert all(len(r["tables"]) == 5 for r in data["rounds"])  # 6 tables, one sits out
    recompute(data, two_fields=True)


@pytest.mark.slow
@pytest.mark.django_db
def test_arrow_switched_mitchell_has_one_field(tmp_path):
    data = run(
        tmp_path, "--kind", "mitchell", "--pairs", "8", "--rounds", "3", "--arrow-switch",
        "--boards-per-round", "2", "--method", "mp", "--play-rate", "0.9", "--seed", "5",
    )  # fmt: skip
    recompute(data, two_fields=False)


@pytest.mark.slow
@pytest.mark.django_db
def test_three_quarter_howell(tmp_path):
    data = run(
        tmp_path, "--kind", "howell", "--pairs", "10", "--rounds", "6",
        "--boards-per-round", "2", "--method", "mp", "--play-rate", "0.9", "--seed", "6",
    )  # fmt: skip
    recompute(data, two_fields=False)


@pytest.mark.django_db
def test_howell_cross_imps_sums_the_board_points(tmp_path):
    data = run(
        tmp_path, "--kind", "howell", "--pairs", "6", "--rounds", "2",
        "--boards-per-round", "1", "--method", "ximp", "--play-rate", "1", "--seed", "2",
    )  # fmt: skip
    by_board = defaultdict(list)
    for rnd in data["rounds"]:
        for table in rnd["tables"]:
            for b in table["boards"]:
                assert b["ns_mp"] is None
                by_board[b["number"]].append(b)
    for lines in by_board.values():
        expected = scoring.cross_imps([b["ns_score"] for b in lines])
        assert [b["ns_points"] for b in lines] == pytest.approx(expected)
    assert all(p["mp_total"] is None and p["percentage"] is None for p in data["pairs"])


@pytest.mark.django_db
def test_a_movement_too_small_is_refused(tmp_path):
    with pytest.raises(CommandError):
        run(tmp_path, "--kind", "howell", "--pairs", "4", "--rounds", "3")
