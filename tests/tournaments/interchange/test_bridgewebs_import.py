"""Bridgewebs' results import again (issue #32, item 17; docs/rules.md § Files): a
[ScoreTable] with the contract, declarer and result but no score column is scored from
the contract with the board's vulnerability, "3S*" is doubled and "4H**" redoubled, and
only a line that truly cannot be scored is left out."""

from __future__ import annotations

from pathlib import Path

from django.core.files.uploadedfile import SimpleUploadedFile

from tests.tournaments.interchange.test_interchange_real_files import line, mp, pairs_file
from tournaments.interchange import usebio_parse
from tournaments.interchange.pbn import contract_parse, pbn_results_parse
from tournaments.models import Entry, Event, EventLog, Result

BRIDGEWEBS = Path(__file__).parents[2] / "data" / "bridgewebs_results.pbn"


def results_of(event: Event) -> dict[int, list[tuple]]:
    """Each board's results: NS pair, EW pair, contract, declarer, tricks, NS score and
    the NS percentage, in the file's order."""
    order = dict(Entry.objects.filter(event=event).values_list("pk", "registration_order"))
    rows = Result.objects.filter(board__event=event).order_by(
        "board__number", "table__round__number", "table__number"
    )
    lines: dict[int, list[tuple]] = {}
    for r in rows.select_related("board", "table"):
        lines.setdefault(r.board.number, []).append(
            (order[r.table.ns_id], order[r.table.ew_id], r.contract, r.declarer, r.tricks,
             r.ns_score, r.ns_points)
        )  # fmt: skip
    return lines


def test_a_bridgewebs_results_file_imports_with_every_line_scored_from_its_contract(
    db, client, director, django_capture_on_commit_callbacks
):
    client.force_login(director)
    upload = SimpleUploadedFile("bridgewebs.pbn", BRIDGEWEBS.read_bytes())

    with django_capture_on_commit_callbacks(execute=True):  # the import task runs
        sent = client.post("/events/import/", {"file": upload})
    page = client.get(sent.url, follow=True).content.decode()

    event = Event.objects.get()
    assert (event.name, event.method, event.status) == ("Monday Evening Pairs", "mp", "finished")
    assert "was left out of the import" not in page
    assert not EventLog.objects.filter(action="import_line_left_out").exists()
    # the file's vulnerability (None, NS, EW, All); "*" doubled, "**" redoubled
    assert results_of(event) == {
        1: [(1, 2, "4S", "N", 10, 420, 50.0),
            (3, 4, "4S", "N", 11, 450, 100.0),
            (5, 6, "3SX", "N", 8, -100, 0.0)],  # one down doubled, not vulnerable
        2: [(1, 2, "3NT", "S", 9, 600, 100.0),  # a vulnerable game
            (3, 4, "2H", "W", 8, -110, 0.0),
            (5, 6, "PASS", "", None, 0, 50.0)],  # passed out
        3: [(1, 4, "4HXX", "E", 10, -1080, 0.0),  # redoubled, vulnerable
            (3, 6, "5CX", "N", 9, -300, 50.0),
            (5, 2, "3C", "N", 9, 110, 100.0)],
        4: [(1, 4, "6NT", "S", 12, 1440, 100.0),
            (3, 6, "3NT", "S", 12, 690, 0.0),
            (5, 2, "4SX", "W", 7, 800, 50.0)],  # three down doubled, vulnerable
    }  # fmt: skip
    ranks = Entry.objects.filter(event=event).values_list("registration_order", "rank", "total")
    assert sorted(ranks) == [
        (1, 2, 62.5), (2, 6, 25.0), (3, 5, 37.5), (4, 3, 50.0), (5, 3, 50.0), (6, 1, 75.0),
    ]  # fmt: skip


GAME = """[Event "Club"]
[Scoring "MP"]
[Board "1"]
[Dealer "N"]
[Vulnerable "{vulnerable}"]
[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R"]
1 2 4S N {result}
3 4 2H* W 7
"""


def test_the_score_is_the_boards_own_vulnerability_as_the_file_gives_it():
    # board 1 is not vulnerable by the cycle; the file says both sides are
    parsed = pbn_results_parse(GAME.format(vulnerable="All", result="10"))

    lines = parsed["boards"][1]["results"]
    assert [(x["contract"], x["tricks"], x["ns_score"]) for x in lines] == [
        ("4S", 10, 620),
        ("2HX", 7, 200),  # one down doubled, vulnerable
    ]


def test_a_board_without_vulnerability_is_scored_by_the_cycle():
    text = GAME.format(vulnerable="", result="=").replace('[Vulnerable ""]\n', "")

    lines = pbn_results_parse(text)["boards"][1]["results"]

    assert [x["ns_score"] for x in lines] == [420, 100]


def test_only_a_line_without_score_and_tricks_is_left_out():
    parsed = pbn_results_parse(GAME.format(vulnerable="None", result="-"))

    assert [x["contract"] for x in parsed["boards"][1]["results"]] == ["2HX"]
    assert [(x["board"], x["ns"], x["reason"]) for x in parsed["left_out"]] == [
        (1, "1", "the result of 4S by N has no score and no tricks.")
    ]


def test_doubled_and_redoubled_as_bridgewebs_writes_them():
    assert [contract_parse(t) for t in ("3S*", "3s**", "4HX", "6NTXX", "3N*")] == [
        "3SX", "3SXX", "4HX", "6NTXX", "3NTX",
    ]  # fmt: skip
    assert [contract_parse(t) for t in ("Pass", "AP", "Passed out")] == ["PASS"] * 3


def test_a_usebio_line_without_its_score_is_scored_from_its_contract():
    without = line(3, 4, "3NT*", "E", 7, "", mp(4, 0)).replace("<SCORE></SCORE>", "")
    board = "<BOARD><BOARD_NUMBER>3</BOARD_NUMBER>" + without + "</BOARD>"

    parsed = usebio_parse(pairs_file(board))

    # board 3: East-West vulnerable; two down doubled is 500 to North-South
    [scored] = parsed["boards"][3]["results"]
    assert (scored["contract"], scored["declarer"], scored["ns_score"]) == ("3NTX", "E", 500)
    assert parsed["left_out"] == []
