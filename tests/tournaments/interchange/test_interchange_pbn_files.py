"""Reading other scorers' PBN files: one game per table, the file's dealer and
vulnerability, OptimumResultTable, par in every spelling, adjusted lines, score tables
in any column order, comments anywhere, and short grouped errors."""

from __future__ import annotations

import random

import pytest
from rest_framework.test import APIClient

from tournaments import services
from tournaments.deals import deal_generate
from tournaments.interchange import PbnError, pbn_results_parse
from tournaments.interchange.pbn import dd_tricks_format, par_parse
from tournaments.interchange.problems import problems_summary
from tournaments.models import Board


def deal(seed: int) -> str:
    return deal_generate(rng=random.Random(seed))


def from_east(pbn: str) -> str:
    north, east, south, west = pbn[2:].split()
    return f"E:{east} {south} {west} {north}"


def per_table_file(deals: dict[int, str], tables: int = 3) -> str:
    """RealBridge's style: one game per table, the deal repeated, names per seat,
    [Score] as "NS 420" or "EW 50", a comment and % lines between games."""
    games = ["% PBN 2.1", "% EXPORT", "%Creator: RealBridge", ""]
    contracts = [("4S", "N", "10", "NS 420"), ("4SX", "N", "9", "EW 100"), ("3NT", "S", "9", "400")]
    for number, cards in deals.items():
        for table in range(1, tables + 1):
            contract, declarer, result, score = contracts[(table - 1) % 3]
            games += [
                '[Event "Monday Pairs"]',
                '[Site "RealBridge"]',
                f'[Board "{number}"]',
                f'[Table "{table}"]',
                f'[North "N{table} North"]\n[South "N{table} South"]',
                f'[East "E{table} East"]\n[West "E{table} West"]',
                '[Dealer "N"]',
                '[Vulnerable "None"]',
                f'[Deal "{cards if table != 2 else from_east(cards)}"]',
                f'[Contract "{contract}"] {{ table {table} }}',
                f'[Declarer "{declarer}"]',
                f'[Result "{result}"]',
                f'[Score "{score}"]',
                *(
                    [
                        '[Auction "N"]',
                        "1S =1= Pass 4S! Pass",
                        "Pass Pass",
                        '[Play "E"]',
                        "H2 H3 HA H4",
                        "S10 SJ SQ SK",
                        "*",
                    ]
                    if table == 1
                    else []
                ),  # fmt: skip
                "% written by the scorer",
                "",
            ]
    return "\n".join(games)


def test_one_game_per_table_is_one_board_with_every_line():
    cards = deal(1)
    data = pbn_results_parse(per_table_file({1: cards, 2: deal(2)}))

    assert sorted(data["boards"]) == [1, 2]
    lines = data["boards"][1]["results"]
    keys = ("table", "contract", "declarer", "tricks", "ns_score")
    assert [tuple(r[k] for k in keys) for r in lines] == [
        (1, "4S", "N", 10, 420),
        (2, "4SX", "N", 9, -100),
        (3, "3NT", "S", 9, 400),
    ]
    assert lines[0]["ns_names"] == ["N1 North", "N1 South"]
    # each table's own auction and play, without notes and annotations ("=1=", "!")
    assert (lines[0]["auction"], lines[0]["play"]) == (
        "N:1S Pass 4S Pass Pass Pass", "E:H2 H3 HA H4 ST SJ SQ SK",
    )  # fmt: skip
    assert (lines[1]["auction"], lines[1]["play"]) == ("", "")
    assert lines[2]["ew_names"] == ["E3 East", "E3 West"]
    assert data["event"]["name"] == "Monday Pairs"


def test_a_different_deal_under_the_same_number_is_named():
    text = per_table_file({1: deal(1), 2: deal(2)})
    text += "\n" + per_table_file({2: deal(9)}, tables=1)

    with pytest.raises(PbnError) as error:
        pbn_results_parse(text)

    assert str(error.value) == "Board 2: two different deals have this number."


def test_errors_on_many_boards_are_grouped_and_short():
    first = per_table_file({n: deal(n) for n in range(1, 41) if n != 33}, tables=1)
    typo = per_table_file({33: deal(33)}, tables=1).replace('"4S"', '"42"')
    again = per_table_file({n: deal(100 + n) for n in range(11, 21)}, tables=1)
    text = "\n".join([first, typo, again])

    with pytest.raises(PbnError) as error:
        pbn_results_parse(text)

    message = str(error.value)
    assert message == "Boards 11–20: two different deals have this number."
    # a line that is not one is no problem of the file: it is left out, and said so
    left_out = pbn_results_parse("\n".join([first, typo]))["left_out"]
    assert [(p["board"], p["reason"]) for p in left_out] == [
        (33, "contract '42' is not a contract such as 4SX, 3NT or Pass.")
    ]


def test_problem_summary_caps_the_kinds():
    problems = [(n, f"problem {n % 9}.") for n in range(1, 100)]
    text = problems_summary(problems)
    assert text.count("problem ") == 5 and text.endswith("and 4 more problems.")
    assert text.startswith("Boards 1, 10, 19, 28, 37, 46, 55, 64, …: problem 1.")


def bcalc_game(cards: str, par: str) -> str:
    """BCalc's analysis: an OptimumResultTable, par with a sign, no DoubleDummyTricks."""
    rows = [f"{seat} {strain} {7 + i % 3}" for seat in "NSEW" for i, strain in enumerate(
        ["NT", "S", "H", "D", "C"]
    )]  # fmt: skip
    return (
        f'[Board "1"]\n[Dealer "W"]\n[Vulnerable "Both"]\n[Deal "{cards}"]\n'
        f'[OptimumScore "{par}"]\n'
        '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\n' + "\n".join(rows) + "\n"
    )


def test_optimum_result_table_and_par_spellings():
    data = pbn_results_parse(bcalc_game(deal(3), "NS +90"))
    board = data["boards"][1]
    assert board["dd_table"]["NT"] == {"N": 7, "S": 7, "E": 7, "W": 7}
    assert board["dd_table"]["H"]["W"] == 9
    assert dd_tricks_format(board["dd_table"]) == "78978" * 4
    assert board["par_score"] == 90
    assert (board["dealer"], board["vulnerability"]) == ("W", "All")
    assert [par_parse(t) for t in ("NS 420", "NS +90", "EW -420", "EW 420", "NS -100")] == [
        420, 90, 420, -420, -100,
    ]  # fmt: skip
    with pytest.raises(PbnError, match="par"):
        par_parse("N 420")


EBU_STYLE = """% PBN 2.1
% EXPORT
[Event "Club Pairs"]
[Scoring "MP"]
[Board "5"]
[Dealer "N"]
[Vulnerable "NS"]
[Deal "{deal}"]
[ScoreTable "Table\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Lead\\3L;Result\\2R;Score_NS\\5R;Score_EW\\5R;MP_NS\\4R;MP_EW\\4R"]
 1  1  8 4H    S HK 10  620     -  6.0  0.0 { a note }
 2  2  9 4HX   S -   9   -   200   3.5  2.5
% a scorer's comment between rows
 3  3 10 Pass  - -   -   -     -   1.0  5.0 ; passed out
 4  4 11 A     A A   A   A     A   3.6  2.4
 5  5 12 -     - -   -   40%/60% - 1.6  4.4
 6  6 13 3NT   N "D10" =  600    -   3.5  2.5
"""  # noqa: E501


def test_score_table_in_another_order_with_adjusted_lines_and_comments():
    data = pbn_results_parse(EBU_STYLE.replace("{deal}", deal(5)))

    assert data["event"]["method"] == "mp"
    lines = data["boards"][5]["results"]
    keys = ("table", "ns_pair", "ew_pair", "contract", "declarer", "tricks", "lead")
    keys += ("ns_score", "ns_adjustment", "ew_adjustment", "ns_mp", "ns_points")
    assert [tuple(r[k] for k in keys) for r in lines] == [
        (1, 1, 8, "4H", "S", 10, "HK", 620, "", "", 6.0, 100.0),
        (2, 2, 9, "4HX", "S", 9, "", -200, "", "", 3.5, 58.33),
        (3, 3, 10, "PASS", "", None, "", 0, "", "", 1.0, 16.67),
        (4, 4, 11, "", "", None, "", None, "A=", "A=", 3.6, 60.0),
        (5, 5, 12, "", "", None, "", None, "A-", "A+", 1.6, 40.0),
        (6, 6, 13, "3NT", "N", 9, "DT", 600, "", "", 3.5, 58.33),
    ]


def test_total_score_table_in_any_order():
    text = EBU_STYLE.replace("{deal}", deal(5)) + (
        '\n[Event "Club Pairs"]\n'
        '[TotalScoreTable "PairId\\2R;Names\\30L;NrBoards\\2R;TotalScoreMP\\6R;'
        'TotalPercentage\\6R;Rank\\3R"]\n'
        ' 1 "Ann Lee - Bo Chen"   24  150.5  62.71   1\n'
        ' 8 "Cy Dunn - Di Ray"    24  120.0  50.00  2=\n'
    )
    totals = pbn_results_parse(text)["totals"]
    keys = ("pair", "names", "rank", "total", "percentage", "boards")
    assert [tuple(t[k] for k in keys) for t in totals] == [
        (1, "Ann Lee - Bo Chen", 1, 150.5, 62.71, 24),
        (8, "Cy Dunn - Di Ray", 2, 120.0, 50.0, 24),
    ]


def test_results_file_deals_import_keeps_the_files_dealer_and_vulnerability(
    make_event, director, client
):
    event = make_event(pairs=4, num_rounds=1, boards_per_round=2)
    cards = {1: deal(1), 2: deal(2)}
    text = per_table_file(cards).replace('[Dealer "N"]', '[Dealer "W"]')
    text = text.replace('[Vulnerable "None"]', '[Vulnerable "Both"]')
    api = APIClient()
    api.force_authenticate(director)

    response = api.post(f"/api/events/{event.pk}/import/deals/", {"pbn": text}, format="json")

    assert response.status_code == 200, response.data
    assert response.data["boards"] == [1, 2]
    services.event_start(event=event, rng=random.Random(1))
    boards = {b.number: b for b in Board.objects.filter(event=event)}
    assert (boards[1].dealer, boards[1].vulnerability, boards[1].deal) == ("W", "All", cards[1])
    assert (boards[2].dealer, boards[2].vulnerability) == ("W", "All")  # the cycle: E, NS
    services.round_close(event=event, number=1)
    page = client.get(f"/events/{event.pk}/boards/2/").content.decode()
    assert 'id="off-cycle"' in page


def test_a_deal_as_the_cycle_has_it_shows_no_note(make_event, client):
    event = make_event(pairs=4, num_rounds=1, boards_per_round=1, start=True)
    services.round_close(event=event, number=1)
    page = client.get(f"/events/{event.pk}/boards/1/").content.decode()
    assert 'id="off-cycle"' not in page


def test_deals_import_refuses_an_unreadable_vulnerability(make_event, director):
    event = make_event(pairs=4, num_rounds=1, boards_per_round=1)
    text = per_table_file({1: deal(1)}, tables=1).replace('"None"', '"Sometimes"')
    api = APIClient()
    api.force_authenticate(director)
    response = api.post(f"/api/events/{event.pk}/import/deals/", {"pbn": text}, format="json")
    assert response.status_code == 400
    assert response.data["detail"] == (
        "Board 1: the vulnerability “Sometimes” is not None, NS, EW or All."
    )
    event.refresh_from_db()
    assert event.settings.preset_deals == {}
