"""HCP counting, the shipped expected-score table and HCP-par IMPs."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from scoring import (
    VULNERABILITIES,
    deal_hcp,
    expected_score,
    hcp,
    hcp_par_imps,
    load_hcp_par_table,
    validate_hcp_par_table,
)
from scoring.build_hcp_par import _honour_subsets, _pav, random_deal_with_ns_hcp, smooth

DEAL = "N:AKQJ.AKQJ.AKQJ.A T987.T987.T987.K 6543.6543.6543.Q 2.2.2.JT98765432"


def test_hcp() -> None:
    assert hcp("AKQ2.J95.T84.K73") == 13
    assert hcp("AKQJ.AKQJ.AKQJ.A") == 34
    assert hcp("...") == 0
    assert hcp("-.-.-.-") == 0
    assert hcp("A10.K.Q.J") == 10
    assert hcp(["SA", "♥K", "dq", "CJ", "S2"]) == 10
    for bad in ("AKQ.J95.T84", "AAK.-.-.-", "AKX.-.-.-", "AKQJT98765432.A.-.-"):
        with pytest.raises(ValueError):
            hcp(bad)
    with pytest.raises(ValueError):
        hcp(["SA", "SA"])


def test_deal_hcp() -> None:
    assert deal_hcp(DEAL) == {"N": 34, "E": 3, "S": 2, "W": 1}
    rotated = "E:T987.T987.T987.K 6543.6543.6543.Q 2.2.2.JT98765432 AKQJ.AKQJ.AKQJ.A"
    assert deal_hcp(rotated) == {"N": 34, "E": 3, "S": 2, "W": 1}
    with pytest.raises(ValueError):
        deal_hcp("AKQJ.AKQJ.AKQJ.A")
    with pytest.raises(ValueError):
        deal_hcp("N:AKQJ.AKQJ.AKQJ.A AKQJ.AKQJ.AKQJ.A x y")


def test_default_table_shape_and_symmetry() -> None:
    table = load_hcp_par_table()
    assert set(table) == set(VULNERABILITIES)
    swap = {"None": "None", "NS": "EW", "EW": "NS", "All": "All"}
    for vul, row in table.items():
        assert len(row) == 41
        assert all(a <= b for a, b in zip(row, row[1:], strict=False)), vul  # more HCP, more
        for h in range(41):
            assert row[h] == -table[swap[vul]][40 - h]
    assert table["None"][20] == 0 and table["All"][20] == 0
    # Extremes: the side with everything bids and makes a grand slam.
    assert table["None"][40] >= 1400 and table["All"][40] >= 2000
    assert table["None"][0] <= -1400
    # Around 25-26 HCP NS are expected to reach game: worth more vulnerable.
    assert table["NS"][26] > table["None"][26] > 150
    doc = json.loads(Path(load_hcp_par_table.__globals__["DEFAULT_HCP_PAR_PATH"]).read_text())
    assert doc["deals"] >= 1000


def test_hcp_par_imps() -> None:
    table = {v: [0] * 20 + [110] + [400] * 20 for v in VULNERABILITIES}
    assert expected_score(25, "None", table) == 400.0
    assert hcp_par_imps(420, 25, "None", table) == 1
    assert hcp_par_imps(-100, 20, "NS", table) == -5
    assert hcp_par_imps(1430, 33, "All", table) == 14
    default = load_hcp_par_table()
    assert hcp_par_imps(0, 20, "None") == 0  # shipped table: 20 HCP, no one vulnerable
    assert hcp_par_imps(620, 26, "NS") == hcp_par_imps(620, 26, "NS", default)
    with pytest.raises(ValueError):
        hcp_par_imps(0, 41, "None", table)
    with pytest.raises(ValueError):
        hcp_par_imps(0, 20, "Both", table)


def test_table_validation(tmp_path: Path) -> None:
    good = {v: list(range(41)) for v in VULNERABILITIES}
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"expected": good}))
    assert load_hcp_par_table(path)["NS"][40] == 40.0
    path.write_text(json.dumps(good))
    assert load_hcp_par_table(path)["EW"][0] == 0.0
    with pytest.raises(ValueError):
        validate_hcp_par_table({v: [0] * 40 for v in VULNERABILITIES})
    with pytest.raises(ValueError):
        validate_hcp_par_table({"None": [0] * 41})
    with pytest.raises(ValueError):
        validate_hcp_par_table({v: [float("nan")] * 41 for v in VULNERABILITIES})


def test_builder_deals_have_the_requested_hcp() -> None:
    rng = random.Random(7)
    subsets = _honour_subsets()
    for h in range(41):
        pbn = random_deal_with_ns_hcp(h, rng, subsets)
        points = deal_hcp(pbn)  # also checks the 52 cards are distinct
        assert points["N"] + points["S"] == h
        assert sum(len(hand.replace(".", "")) for hand in pbn[2:].split()) == 52


def test_builder_smoothing() -> None:
    assert _pav([1.0, 3.0, 2.0, 4.0], [1.0, 1.0, 1.0, 1.0]) == [1.0, 2.5, 2.5, 4.0]
    sums = [10.0 * h for h in range(41)]
    fitted = smooth(sums, [1] * 41, 1.0)
    assert all(abs(f - 10 * h) < 1e-6 for h, f in enumerate(fitted))  # linear data is kept
    sparse = smooth([5.0] + [0.0] * 40, [1] + [0] * 40, 0.5)
    assert sparse[40] == 5.0  # nothing within reach: nearest filled bin


def test_builder_end_to_end() -> None:
    pytest.importorskip("endplay")
    from scoring.build_hcp_par import build

    doc = build(deals=3, seed=1, jobs=1, bandwidth=1.0, verbose=False)
    assert validate_hcp_par_table(doc["expected"])
    assert doc["samples_per_cell"]["None"][0] == 1 and doc["samples_per_cell"]["None"][40] == 1
