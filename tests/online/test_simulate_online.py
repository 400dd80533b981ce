"""``simulate_event --online``: the whole event played at the online tables, and what its
JSON says of each board (docs/simulation.md § Played online: an interface that independent
checks read). Each board's auction and play are replayed here through the engine, and
its contract, declarer, tricks, claim and score checked against them."""

from __future__ import annotations

import io
import json
import random

import pytest
from django.core.management import call_command

from online import simulation
from scoring import contract_score, format_contract
from tableplay import Action, Table
from tableplay.cards import SEATS, seat_next, side
from tableplay.views import table_view
from tests.tableplay.helpers import random_deal

FIELDS = ("deal", "dealer", "vul", "auction", "play", "claim", "contract", "declarer", "tricks")


def run(tmp_path, *args, name="event.json"):
    path = tmp_path / name
    call_command(
        "simulate_event", "--online", *args, "--json", str(path), "--no-progress",
        stdout=io.StringIO(), stderr=io.StringIO(),
    )  # fmt: skip
    return json.loads(path.read_text())


def ns_score(contract: str, declarer: str, tricks: int, vul: str) -> int:
    """The NS score by the scoring API, from the report's own fields."""
    if contract == "PASS":
        return 0
    doubled = contract.count("X")
    bid = contract.rstrip("X")
    vulnerable = vul == "All" or (vul != "None" and declarer in vul)
    score = contract_score(int(bid[0]), bid[1:], doubled, vulnerable, tricks)
    return score if side(declarer) == "NS" else -score


def replay(board: dict) -> Table:
    """The board's auction and play (and its accepted claim) through the engine."""
    assert board["deal"].startswith("N:")
    for hand in board["deal"][2:].split():
        for holding in hand.split("."):
            assert list(holding) == sorted(holding, key="AKQJT98765432".index)
    table = Table(board["deal"], board["dealer"], board["vul"])
    for i, call in enumerate(board["auction"]):
        table.apply(Action("call", seat_next(board["dealer"], i), call))
    for card in board["play"]:
        table.apply(Action("card", table.actor, card))
    claim = board["claim"]
    if claim is not None:
        assert claim["after"] == len(board["play"])
        declaring = side(table.declarer)
        rest = claim["declarer_tricks"] - table.tricks_won(declaring)
        table.apply(Action("claim", table.declarer, str(rest)))
        for seat in SEATS:
            if side(seat) != declaring:
                table.apply(Action("accept", seat))
    return table


#: A room of a match whose board is cut in the other room: the report gives no score.
UNSCORED = object()


def check_board(board: dict, score) -> str:
    """One board (of a table, or one room of a match) and its NS score in the report;
    its outcome ("played", "claimed", "passed", "cut")."""
    for name in FIELDS:
        assert name in board, name
    assert board["vul"] in ("None", "NS", "EW", "All") and board["dealer"] in SEATS
    table = replay(board)
    if board["status"] == "cut":
        assert score is None or score is UNSCORED
        assert table.phase != "over", "a cut board stops before its end"
        assert board["tricks"] is None and board["claim"] is None
        assert board["contract"] == (format_contract(table.contract) if table.contract else None)
        assert board["declarer"] == table.declarer
        return "cut"
    assert board["status"] == "played"
    assert table.phase == "over", "a board played online is played to its end"
    result = table.result
    assert board["contract"] == result.contract
    if result.contract == "PASS":
        assert board["declarer"] is None and board["tricks"] is None and board["play"] == []
        assert score in (0, UNSCORED)
        return "passed"
    assert board["declarer"] == result.declarer and board["tricks"] == result.tricks
    assert result.ns_score == ns_score(
        board["contract"], board["declarer"], board["tricks"], board["vul"]
    )
    assert score is UNSCORED or score == result.ns_score
    return "claimed" if board["claim"] is not None else "played"


def views_of(table: Table) -> dict:
    return {seat: table_view(table, seat) for seat in SEATS}


def pairs_boards(data):
    for rnd in data["rounds"]:
        for table in rnd["tables"]:
            for board in table["boards"]:
                if table["ew"] is None:
                    assert "auction" not in board, "a bye has no play"
                    continue
                yield rnd["number"], table["number"], board


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_swiss_pairs_event_played_online(tmp_path, monkeypatch):
    monkeypatch.setattr(simulation, "CLAIM_RATE", 0.5)  # claims in a small event
    args = ("--pairs", "4", "--rounds", "2", "--boards-per-round", "2", "--seed", "5")
    data = run(tmp_path, *args, "--play-rate", "1")
    outcomes = [check_board(b, b["ns_score"]) for _, _, b in pairs_boards(data)]
    assert len(outcomes) == 2 * 2 * 2
    assert "cut" not in outcomes
    assert "claimed" in outcomes
    # the rest of the report is as without --online
    assert set(data) == {"event", "method", "boards_total", "pairs", "rounds"}
    assert all(p["boards_played"] == 4 for p in data["pairs"])
    # the same seed plays the same auctions and cards
    again = run(tmp_path, *args, "--play-rate", "1", name="again.json")
    assert list(pairs_boards(again)) == list(pairs_boards(data))


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_the_clock_cuts_some_boards_at_a_play_rate_below_one(tmp_path):
    data = run(
        tmp_path, "--pairs", "6", "--rounds", "2", "--boards-per-round", "3",
        "--seed", "2", "--play-rate", "0.5",
    )  # fmt: skip
    outcomes = [check_board(b, b["ns_score"]) for _, _, b in pairs_boards(data)]
    assert "cut" in outcomes and {"played", "passed", "claimed"} & set(outcomes)
    for _, _, board in pairs_boards(data):
        if board["status"] == "cut":
            assert board["ns_points"] is None and board["ew_points"] is None


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_team_event_played_online_in_both_rooms(tmp_path):
    data = run(
        tmp_path, "--kind", "teams_swiss", "--teams", "4", "--rounds", "2",
        "--boards-per-round", "2", "--seed", "3", "--play-rate", "0.8",
    )  # fmt: skip
    seen = 0
    for rnd in data["rounds"]:
        for match in rnd["matches"]:
            for board in match["boards"]:
                seen += 1
                open_, closed = board["open"], board["closed"]
                assert open_["deal"] == closed["deal"]
                cut = board["status"] == "cut"
                if cut:
                    assert board["open_ns_score"] is board["closed_ns_score"] is None
                open_out = check_board(open_, UNSCORED if cut else board["open_ns_score"])
                closed_out = check_board(closed, UNSCORED if cut else board["closed_ns_score"])
                assert cut == ("cut" in (open_out, closed_out))
    assert seen == 2 * 2 * 2


def test_the_players_choose_only_legal_actions_and_mostly_pass():
    """The players' choices, on the engine alone: every board ends, at plausible levels
    (the engine refuses any illegal action, so each one chosen is legal)."""
    rng = random.Random(1)
    levels, claims = [], 0
    for _ in range(200):
        table = Table(random_deal(rng), rng.choice(SEATS), "None")
        plan = simulation.board_plan(rng, 1.0)
        claims += plan.claim_after is not None
        while (action := simulation.next_action(views_of(table), plan, rng)) is not None:
            seat, kind, value = action
            table.apply(Action(kind, seat, "" if value is None else str(value)))
        assert table.phase == "over"
        if not table.contract.is_passed_out:
            levels.append(table.contract.level)
    assert 2 <= sum(levels) / len(levels) <= 4, "auctions end at plausible levels"
    assert 150 <= len(levels) < 200, "a few boards are passed out"
    assert 5 <= claims <= 40


def test_a_board_planned_cut_stops_where_the_plan_says():
    rng = random.Random(3)
    for _ in range(100):
        plan = simulation.board_plan(rng, 0.0)
        table = Table(random_deal(rng), "N", "All")
        while (action := simulation.next_action(views_of(table), plan, rng)) is not None:
            seat, kind, value = action
            table.apply(Action(kind, seat, "" if value is None else str(value)))
        where, at = plan.cut
        if table.phase == "over":  # passed out before the play it was to stop in
            assert where == "play" and table.contract.is_passed_out
        elif where == "auction":
            assert table.phase == "auction" and len(table.calls) == at
        else:
            assert table.phase == "play" and len(table.cards) == at


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_movement_played_online(tmp_path):
    data = run(
        tmp_path, "--kind", "mitchell", "--pairs", "6", "--rounds", "2",
        "--boards-per-round", "2", "--seed", "4", "--play-rate", "0.8",
    )  # fmt: skip
    outcomes = [check_board(b, b["ns_score"]) for _, _, b in pairs_boards(data)]
    assert len(outcomes) == 3 * 2 * 2
