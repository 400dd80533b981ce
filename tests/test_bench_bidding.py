"""``python -m bench robot --bidding`` (bench/bench_bidding.py): its JSON is an interface:
a file of deals in, the same deals with their auctions out, scored against par."""

from __future__ import annotations

import json

from bench.bench_bidding import deal_measure, random_boards
from bench.bench_robot import main

DEALS = [
    {
        "board": 7,
        "dealer": "S",
        "vul": "All",
        "deal": "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
    },
    {
        "board": 1,
        "dealer": "N",
        "vul": "None",
        "deal": "N:AKQ2.AK2.AQ2.K32 J543.QJ5.J54.J54 T98.T98.K98.AQT9 76.7643.T763.876",
    },
]


def test_a_deals_file_comes_back_with_its_auctions(tmp_path, capsys):
    source, out = tmp_path / "in.json", tmp_path / "out.json"
    source.write_text(json.dumps(DEALS), encoding="utf-8")
    main(["--bidding", "--deals-file", str(source), "--json", str(out)])
    rows = json.loads(out.read_text(encoding="utf-8"))["deals"]
    assert [{k: r[k] for k in ("board", "dealer", "vul", "deal")} for r in rows] == DEALS
    for row in rows:
        assert set(row) == {"board", "dealer", "vul", "deal", "auction"}
        assert row["auction"][-3:] == ["P", "P", "P"]
        assert all(c in ("P", "X", "XX") or c[0] in "1234567" for c in row["auction"])
    assert rows[1]["auction"][0] == "2C"  # North's 22 points open the strong 2C
    printed = capsys.readouterr().out
    assert "mean |IMPs from par|" in printed and "slams missed" in printed


def test_random_deals_follow_the_board_cycle():
    boards = random_boards(5, seed=3)
    assert [(b["board"], b["dealer"], b["vul"]) for b in boards][:5] == [
        (1, "N", "None"), (2, "E", "NS"), (3, "S", "EW"), (4, "W", "All"), (5, "N", "NS"),
    ]  # fmt: skip
    assert boards == random_boards(5, seed=3) and boards != random_boards(5, seed=4)


def test_a_contract_is_scored_against_par():
    # North-South hold 37 points: a grand slam; passing it out misses game and slam.
    measure = deal_measure(DEALS[1], ["P", "P", "P", "P"])
    assert measure["passed_out"] and measure["game_missed"] and measure["slam_missed"]
    assert measure["par"] > 1000 and measure["imps"] < -15
    slam = deal_measure(DEALS[1], ["7NT", "P", "P", "P"])
    assert slam["slam_bid"] and slam["slam_made"] and not slam["slam_missed"]
    assert slam["imps"] == 0 and slam["contract"] == "7NT" and slam["declarer"] == "N"
