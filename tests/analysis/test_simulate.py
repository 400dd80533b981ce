"""``simulate_event --online --analysis`` (docs/simulation.md § The analysis, an interface
that independent checks read): every played board's ``card_costs`` parallel to its
``play``, each recomputed here by the independent double-dummy computation of
``test_costs``; a claim's ``claim_cost``; and each pair's ``fair_play`` counted again
from the records."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from online import simulation
from tableplay.cards import side
from tests.analysis.test_costs import independent_costs
from tests.online.test_simulate_online import pairs_boards, replay, run

FAIR = {"leads", "leads_dd_ok", "declarer_cards", "declarer_errors", "defender_cards"}
FAIR |= {"defender_errors"}


def strain(contract: str) -> str:
    bid = contract.rstrip("X")[1:]
    return "NT" if bid in ("N", "NT") else bid


def counted(data) -> dict[int, dict]:
    """Each pair's figures, counted here from the records."""
    out = {p["entry"]: dict.fromkeys(FAIR, 0) for p in data["pairs"]}
    for rnd in data["rounds"]:
        for table in rnd["tables"]:
            if table["ew"] is None:
                continue
            for board in table["boards"]:
                if board["status"] != "played" or board["contract"] in (None, "PASS"):
                    continue
                engine = replay(board)
                seats = [card.seat for card in engine.cards][: len(board["play"])]
                for entry, own in ((table["ns"], "NS"), (table["ew"], "EW")):
                    mine = [
                        (i, cost)
                        for i, (seat, cost) in enumerate(
                            zip(seats, board["card_costs"], strict=True)
                        )
                        if side(seat) == own
                    ]
                    if side(board["declarer"]) == own:
                        figures = {"declarer_cards": mine}
                    else:
                        figures = {"leads": mine[:1] if mine[:1] and mine[0][0] == 0 else []}
                        figures["defender_cards"] = [m for m in mine if m[0] > 0]
                    for name, cards in figures.items():
                        out[entry][name] += len(cards)
                        bad = sum(1 for _, cost in cards if cost > 0)
                        if name == "leads":
                            out[entry]["leads_dd_ok"] += len(cards) - bad
                        else:
                            out[entry][name.replace("cards", "errors")] += bad
    return out


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_the_report_gives_each_cards_cost_and_each_pairs_fair_play(tmp_path, monkeypatch):
    monkeypatch.setattr(simulation, "CLAIM_RATE", 0.5)  # claims in a small event
    args = ("--pairs", "4", "--rounds", "2", "--boards-per-round", "2", "--seed", "5")
    data = run(tmp_path, *args, "--play-rate", "1", "--analysis")
    claims = costed = 0
    for _, _, board in pairs_boards(data):
        if board["status"] != "played" or board["contract"] is None:
            continue
        costs = board["card_costs"]
        assert len(costs) == len(board["play"])
        assert all(isinstance(c, int) and c >= 0 for c in costs)
        if board["contract"] == "PASS":
            continue
        want, _, values = independent_costs(
            board["deal"], strain(board["contract"]), board["declarer"], board["play"]
        )
        assert costs == want
        costed += len(costs)
        if board["claim"] is None:
            assert "claim_cost" not in board
            continue
        claims += 1
        declaring = side(board["declarer"])
        could = values[-1][declaring]  # the declaring side's at the claim, double dummy
        assert board["claim_cost"] == max(0, could - board["claim"]["declarer_tricks"])
    assert claims and costed
    want = counted(data)
    for pair in data["pairs"]:
        assert set(pair["fair_play"]) == FAIR
        assert pair["fair_play"] == want[pair["entry"]]
    assert sum(p["fair_play"]["leads"] for p in data["pairs"]) > 0
    # without --analysis the report is as it was: nothing added
    plain = run(tmp_path, *args, "--play-rate", "1", name="plain.json")
    assert all("fair_play" not in p for p in plain["pairs"])
    stripped = [
        {k: v for k, v in b.items() if k not in ("card_costs", "claim_cost")}
        for _, _, b in pairs_boards(data)
    ]
    assert [b for _, _, b in pairs_boards(plain)] == stripped


@pytest.mark.django_db
def test_analysis_needs_online_play(tmp_path) -> None:
    with pytest.raises(CommandError):
        call_command("simulate_event", "--analysis", "--pairs", "4", stdout=io.StringIO())


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_team_report_gives_each_rooms_costs_and_each_teams_fair_play(tmp_path):
    data = run(
        tmp_path, "--kind", "teams_swiss", "--teams", "4", "--rounds", "1",
        "--boards-per-round", "1", "--seed", "3", "--play-rate", "1", "--analysis",
    )  # fmt: skip
    rooms = [
        board[room]
        for rnd in data["rounds"]
        for match in rnd["matches"]
        for board in match["boards"]
        for room in ("open", "closed")
    ]
    assert len(rooms) == 4
    for room in rooms:
        if room["contract"] in (None, "PASS"):
            continue
        want, _, _ = independent_costs(
            room["deal"], strain(room["contract"]), room["declarer"], room["play"]
        )
        assert room["card_costs"] == want
    for team in data["teams"]:
        assert set(team["fair_play"]) == FAIR
    cards = sum(len(r["play"]) for r in rooms if r["status"] == "played")
    counted_cards = sum(
        t["fair_play"][k] for t in data["teams"] for k in ("declarer_cards", "defender_cards")
    ) + sum(t["fair_play"]["leads"] for t in data["teams"])
    assert counted_cards == cards  # every card of both rooms counted once, to its team
