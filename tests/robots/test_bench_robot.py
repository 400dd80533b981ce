"""``python -m bench robot``: the boards it writes with ``--json`` (an interface other
checks read) and the figures it prints."""

from __future__ import annotations

import json
import re

from bench import bench_robot
from tableplay import Action, Table
from tableplay.cards import deal_parse, side


def test_the_json_boards(tmp_path, capsys):
    path = tmp_path / "boards.json"
    bench_robot.main(["--deals", "3", "--seed", "4", "--samples", "2", "--json", str(path)])
    out = capsys.readouterr().out
    assert "per call: p50" in out and "per card: p50" in out
    assert "at least double dummy" in out and "mean shortfall" in out
    assert "card play cost a board, double dummy: declaring side" in out and "defence" in out
    boards = json.loads(path.read_text(encoding="utf-8"))
    assert [b["number"] for b in boards] == [1, 2, 3]
    for board in boards:
        assert set(board) == {
            "number", "deal", "dealer", "vul", "auction", "play", "claim", "contract",
            "declarer", "tricks", "status", "dd_tricks", "card_costs", "costs",
        }  # fmt: skip
        assert board["deal"].startswith("N:") and deal_parse(board["deal"])
        assert board["vul"] in ("None", "NS", "EW", "All")
        assert board["claim"] is None and board["status"] == "played"
        assert all(re.fullmatch(r"[1-7](C|D|H|S|NT)|P|X|XX", c) for c in board["auction"])
        table = Table(board["deal"], board["dealer"], board["vul"])
        for call in board["auction"]:  # the record replays in the engine
            table.apply(Action("call", table.to_play, call))
        for card in board["play"]:
            table.apply(Action("card", table.actor, card))
        assert table.phase == "over" and table.result.contract == board["contract"]
        if board["contract"] == "PASS":
            assert board["declarer"] is board["tricks"] is board["dd_tricks"] is None
            assert board["play"] == []
        else:
            assert re.fullmatch(r"[1-7](C|D|H|S|NT)X{0,2}", board["contract"])
            assert board["declarer"] in "NESW" and len(board["play"]) == 52
            assert board["tricks"] == table.tricks_won(side(board["declarer"]))
            assert 0 <= board["tricks"] <= 13 and 0 <= board["dd_tricks"] <= 13
            # every card costed, the costs summed by side (the lead one of the defence's)
            costs = board["card_costs"]
            assert len(costs) == 52 and min(costs) >= 0
            assert board["costs"]["declaring"] + board["costs"]["defence"] == sum(costs)
            assert board["costs"]["lead"] == costs[0] <= board["costs"]["defence"]


def test_double_dummy_tricks_of_a_known_deal():
    deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    assert bench_robot.dd_tricks(deal, "4S", "N") == 7
    assert bench_robot.dd_tricks(deal, "4SX", "E") == 5
