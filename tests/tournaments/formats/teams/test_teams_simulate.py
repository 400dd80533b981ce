"""``simulate_event --kind teams_swiss|teams_rr``: every number of its JSON follows the
rules (IMPs of each board from the two rooms, VPs on the scale, totals, ranks, awards)."""

from __future__ import annotations

import io
import json
import math
from collections import defaultdict
from itertools import combinations

import pytest
from django.core.management import CommandError, call_command

import scoring
from ratings.awards import master_points_for_place
from tournaments.models import Entry, EntryMember, Event, Match, Table
from tournaments.pairing.roundrobin import round_robin_rounds

BYE_VP = 12.0


def run(tmp_path, *args):
    path = tmp_path / "teams.json"
    call_command(
        "simulate_event", *args, "--json", str(path), "--no-progress", stdout=io.StringIO()
    )
    return json.loads(path.read_text())


def check_teams_event(data, *, withdrawn=()):
    """Recompute every number of the report from the rules."""
    teams = {t["entry"]: t for t in data["teams"]}
    boards_per_match = data["boards_per_match"]
    vp = defaultdict(float)
    imps_for = defaultdict(int)
    imps_against = defaultdict(int)
    h2h = defaultdict(float)  # (team, opponent) -> VPs
    for rnd in data["rounds"]:
        seated = set()
        numbers = None
        for match in rnd["matches"]:
            home, away = match["home"], match["away"]
            assert home not in seated and away not in seated
            seated |= {home, away} - {None}
            if away is None:  # a bye: the bye VPs, no IMPs, no boards
                assert match["home_vp"] == BYE_VP and match["away_vp"] is None
                assert match["boards"] == []
                vp[home] += BYE_VP
                continue
            assert [b["number"] for b in match["boards"]] == (
                numbers := numbers or [b["number"] for b in match["boards"]]
            ), "every match of a round plays the round's boards"
            assert len(match["boards"]) == boards_per_match
            won = lost = counted = 0
            for board in match["boards"]:
                if board["status"] == "played":
                    net = scoring.imps(board["open_ns_score"] - board["closed_ns_score"])
                    assert (board["home_imps"], board["away_imps"]) == (max(net, 0), max(-net, 0))
                    counted += 1
                else:
                    assert board["status"] == "cut"
                    assert board["open_ns_score"] is None and board["closed_ns_score"] is None
                    assert board["home_imps"] == board["away_imps"] == 0
                won += board["home_imps"]
                lost += board["away_imps"]
            assert (match["home_imps"], match["away_imps"]) == (won, lost)
            expected = (
                scoring.vp_convert(won - lost, counted, data["scale"]) if counted else (10, 10)
            )
            assert (match["home_vp"], match["away_vp"]) == expected
            assert match["home_vp"] + match["away_vp"] == 20
            for team, opp, v, f, a in (
                (home, away, match["home_vp"], won, lost),
                (away, home, match["away_vp"], lost, won),
            ):
                vp[team] += v
                imps_for[team] += f
                imps_against[team] += a
                h2h[(team, opp)] += v
    for entry, team in teams.items():
        assert team["vp"] == pytest.approx(round(vp[entry], 2), abs=1e-9)
        assert (team["imps_for"], team["imps_against"]) == (imps_for[entry], imps_against[entry])

    # Ranking: VPs, IMP quotient, head-to-head among the still tied, registration order.
    def quotient(e):
        f, a = imps_for[e], imps_against[e]
        return math.inf if a == 0 and f else (1.0 if a == 0 else f / a)

    ranked = sorted((t for t in data["teams"] if t["rank"] is not None), key=lambda t: t["rank"])
    assert [t["rank"] for t in ranked] == list(range(1, len(ranked) + 1))
    assert {t["entry"] for t in data["teams"] if t["rank"] is None} == set(withdrawn)
    for better, worse in zip(ranked, ranked[1:], strict=False):
        a, b = better["entry"], worse["entry"]
        key_a = (round(vp[a], 6), quotient(a))
        key_b = (round(vp[b], 6), quotient(b))
        assert key_a >= key_b
        if key_a == key_b:
            group = [
                t["entry"]
                for t in ranked
                if (round(vp[t["entry"]], 6), quotient(t["entry"])) == key_a
            ]
            ha = sum(h2h[(a, o)] for o in group if o != a)
            hb = sum(h2h[(b, o)] for o in group if o != b)
            assert (ha, -better["registration_order"]) >= (hb, -worse["registration_order"])
    for t in data["teams"]:
        expected = master_points_for_place(t["rank"], len(ranked)) if t["rank"] else 0
        assert t["master_points"] == expected
    return ranked


@pytest.mark.django_db
def test_teams_swiss(tmp_path):
    data = run(
        tmp_path, "--kind", "teams_swiss", "--teams", "5", "--rounds", "3",
        "--boards-per-round", "3", "--play-rate", "0.8", "--seed", "5",
    )  # fmt: skip
    assert data["kind"] == "teams_swiss" and data["scale"] == "wbf2013"
    assert data["boards_per_match"] == 3 and len(data["rounds"]) == 3
    assert [len(r["matches"]) for r in data["rounds"]] == [3, 3, 3]  # two matches + a bye
    byes = [m["home"] for r in data["rounds"] for m in r["matches"] if m["away"] is None]
    assert len(set(byes)) == 3, "no team has a second bye while another had none"
    statuses = {b["status"] for r in data["rounds"] for m in r["matches"] for b in m["boards"]}
    assert statuses == {"played", "cut"}
    # Round 1 by registration order: 1 v 2, 3 v 4, the fifth has the bye.
    order = {t["entry"]: t["registration_order"] for t in data["teams"]}
    first = [
        (order[m["home"]], m["away"] and order[m["away"]]) for m in data["rounds"][0]["matches"]
    ]
    assert first == [(1, 2), (3, 4), (5, None)]
    ranked = check_teams_event(data)
    assert len(ranked) == 5
    # The rooms: the home team sits NS in the open room and EW in the closed room, and
    # every member of a ranked team has its master points in the ledger.
    event = Event.objects.get(pk=data["event"])
    for match in Match.objects.filter(event=event, away__isnull=False):
        assert (match.open_table.room, match.open_table.ns_id, match.open_table.ew_id) == (
            Table.Room.OPEN, match.home_id, match.away_id,
        )  # fmt: skip
        assert (match.closed_table.room, match.closed_table.ns_id, match.closed_table.ew_id) == (
            Table.Room.CLOSED, match.away_id, match.home_id,
        )  # fmt: skip
    winner = Entry.objects.get(pk=ranked[0]["entry"])
    members = EntryMember.objects.filter(entry=winner)
    assert members.count() == 4
    for m in members:
        assert m.player.master_point_entries.get(event=event, kind="award").amount == 3


@pytest.mark.django_db
def test_teams_round_robin(tmp_path):
    data = run(
        tmp_path, "--kind", "teams_rr", "--teams", "5", "--rounds", "1",
        "--boards-per-round", "2", "--play-rate", "0.85", "--seed", "11",
    )  # fmt: skip
    assert data["kind"] == "teams_rr"
    assert len(data["rounds"]) == round_robin_rounds(5) == 5  # --rounds is ignored
    met = [
        frozenset((m["home"], m["away"])) for r in data["rounds"] for m in r["matches"] if m["away"]
    ]
    entries = [t["entry"] for t in data["teams"]]
    assert sorted(met, key=sorted) == sorted(map(frozenset, combinations(entries, 2)), key=sorted)
    check_teams_event(data)


@pytest.mark.django_db
def test_teams_withdrawal_and_discrete_scale(tmp_path):
    data = run(
        tmp_path, "--kind", "teams_rr", "--teams", "4", "--boards-per-round", "2",
        "--play-rate", "1", "--withdraw", "1", "--seed", "2", "--scale", "wbf_discrete",
    )  # fmt: skip
    assert data["scale"] == "wbf_discrete"
    gone = [t["entry"] for t in data["teams"] if t["rank"] is None]
    assert len(gone) == 1
    check_teams_event(data, withdrawn=gone)
    assert all(float(m["home_vp"]).is_integer() for r in data["rounds"] for m in r["matches"])


@pytest.mark.django_db
def test_teams_bad_options(tmp_path):
    with pytest.raises(CommandError):
        run(tmp_path, "--kind", "teams_swiss", "--teams", "1")
    with pytest.raises(CommandError):
        run(tmp_path, "--kind", "teams_rr", "--teams", "4", "--play-rate", "2")


@pytest.mark.slow
@pytest.mark.django_db
def test_the_same_seed_plays_the_same_team_event(tmp_path):
    """Every round is dealt from the seed (round 2 on used the system's shuffle)."""
    args = ("--kind", "teams_rr", "--teams", "4", "--boards-per-round", "2", "--seed", "3")
    first, second = run(tmp_path, *args), run(tmp_path, *args)
    assert len(first["rounds"]) == 3

    def scores(data):
        return [
            [(b["open_ns_score"], b["closed_ns_score"]) for m in r["matches"] for b in m["boards"]]
            for r in data["rounds"]
        ]

    assert scores(first) == scores(second)
