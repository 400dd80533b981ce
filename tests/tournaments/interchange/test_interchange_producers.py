"""Small files written in the style of other producers, imported end to end
(docs/rules.md § Files): a BridgeComposer hand record with its auction, play and
commentary, a Pianola cross-IMP USEBIO file, and a Bridgewebs-style PBN results file."""

from __future__ import annotations

import random
import re

import pytest

from tests.tournaments.interchange.test_results_import import exported
from tournaments.deals import deal_generate
from tournaments.interchange.compare import event_scoring_compare
from tournaments.interchange.importers.dispatch import event_results_import
from tournaments.models import Board, Entry, Event, Result


def deal(seed: int) -> str:
    return deal_generate(rng=random.Random(seed))


def bridgecomposer_file() -> str:
    """BridgeComposer: one game per board with [Auction] and [Play] sections, {}
    commentary over several lines, [OptimumResultTable], a [ScoreTable] with the
    result as "=", "+1", "-1"."""
    games = ["% PBN 2.1\n% EXPORT\n%Creator: BridgeComposer Version 5.98", ""]
    for number in (1, 2):
        dd_rows = "\n".join(
            f"{seat} {strain} {7}" for seat in "NSEW" for strain in ("NT", "S", "H", "D", "C")
        )
        games.append(
            f'[Event "Thursday Teams-of-Pairs"]\n[Site "Club"]\n[Date "2026.11.26"]\n'
            f'[Board "{number}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal(number)}"]\n'
            '[Scoring "MP"]\n[Declarer "S"]\n[Contract "3NT"]\n[Result "9"]\n'
            '[Auction "N"]\n1C Pass 1H Pass\n2NT Pass 3NT AP\n'
            '[Play "W"]\nS2 S3 SK SA\nH4 H5 H6 H7\n*\n'
            "{Nice hand.\nWest led low: the only lead to beat it\ndouble dummy.}\n"
            '[OptimumScore "NS 400"]\n'
            '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\n'
            f"{dd_rows}\n"
            '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;'
            'Score_NS\\5R;MP_NS\\4R;MP_EW\\4R"]\n'
            " 1  3 3NT   S  =   400  2.0  0.0\n"
            " 2  4 3NT   S -1   -50  0.0  2.0\n"
        )
    return "\n".join(games)


def test_a_bridgecomposer_file_with_auction_play_and_commentary(db):
    event = event_results_import(data=bridgecomposer_file())

    assert (event.kind, event.method, event.source) == ("swiss_pairs", "mp", "pbn")
    board = Board.objects.get(event=event, number=2)
    assert board.deal == deal(2) and board.par_score == 400
    assert board.dd_table["NT"] == {"N": 7, "S": 7, "E": 7, "W": 7}
    lines = Result.objects.filter(board=board).order_by("ns_score")
    assert [(r.contract, r.declarer, r.tricks, r.ns_score, r.ns_points) for r in lines] == [
        ("3NT", "S", 8, -50, 0.0), ("3NT", "S", 9, 400, 100.0),
    ]  # fmt: skip
    # the game's own auction and play belong to its own table's line (3NT S, 9 tricks)
    assert [(r.auction, r.play) for r in lines] == [
        ("", ""), ("N:1C Pass 1H Pass 2NT Pass 3NT AP", "W:S2 S3 SK SA H4 H5 H6 H7"),
    ]  # fmt: skip


def test_the_board_page_shows_a_files_auction_and_play(db, client):
    event = event_results_import(data=bridgecomposer_file())

    page = client.get(f"/events/{event.pk}/boards/1/").content.decode()

    records = page.split('id="records"')[1]
    assert "Auctions and play" in page and "All pass" in records
    auction = records.split('class="data auction"')[1].split("</table>")[0]
    # West, North, East, South: North deals, so the first row starts with an empty cell
    first_row = auction.split("<tbody>")[1].split("</tr>")[0]
    assert first_row.count("<td") == 4 and first_row.startswith('<tr><td class="center"></td>')
    play = records.split('class="data play"')[1].split("</table>")[0]
    assert play.count("<tr>") == 3  # the head and two tricks


PIANOLA = """<?xml version="1.0" encoding="UTF-8"?>
<USEBIO Version="1.2">
 <CLUB><CLUB_NAME>Online Club</CLUB_NAME></CLUB>
 <EVENT EVENT_TYPE="CROSS_IMP_PAIRS">
  <PROGRAM_NAME>Pianola</PROGRAM_NAME>
  <EVENT_DESCRIPTION>Friday cross-IMPs</EVENT_DESCRIPTION>
  <DATE>27/11/2026</DATE>
  <PARTICIPANTS>
   <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1</PLACE><TOTAL_SCORE>5.50</TOTAL_SCORE>
    <PLAYER><FIRST_NAME>Mei</FIRST_NAME><SURNAME>Wang</SURNAME></PLAYER>
    <PLAYER><FIRST_NAME>Tom</FIRST_NAME><SURNAME>Hill</SURNAME></PLAYER></PAIR>
   <PAIR><PAIR_NUMBER>2</PAIR_NUMBER><PLACE>2</PLACE><TOTAL_SCORE>-5.50</TOTAL_SCORE>
    <PLAYER><FIRST_NAME>Ada</FIRST_NAME><SURNAME>Roe</SURNAME></PLAYER>
    <PLAYER><FIRST_NAME>Ian</FIRST_NAME><SURNAME>Fox</SURNAME></PLAYER></PAIR>
   <PAIR><PAIR_NUMBER>3</PAIR_NUMBER><PLACE>3</PLACE><TOTAL_SCORE>-5.50</TOTAL_SCORE>
    <PLAYER><FIRST_NAME>Bo</FIRST_NAME><SURNAME>Lin</SURNAME></PLAYER>
    <PLAYER><FIRST_NAME>Cy</FIRST_NAME><SURNAME>Day</SURNAME></PLAYER></PAIR>
   <PAIR><PAIR_NUMBER>4</PAIR_NUMBER><PLACE>4</PLACE><TOTAL_SCORE>5.50</TOTAL_SCORE>
    <PLAYER><FIRST_NAME>Di</FIRST_NAME><SURNAME>Orr</SURNAME></PLAYER>
    <PLAYER><FIRST_NAME>Ed</FIRST_NAME><SURNAME>Kay</SURNAME></PLAYER></PAIR>
  </PARTICIPANTS>
  <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
   <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
    <CONTRACT>4H</CONTRACT><PLAYED_BY>N</PLAYED_BY><LEAD>D10</LEAD><TRICKS>10</TRICKS>
    <SCORE>420</SCORE><NS_CROSS_IMP_POINTS>5.50</NS_CROSS_IMP_POINTS>
    <EW_CROSS_IMP_POINTS>-5.50</EW_CROSS_IMP_POINTS></TRAVELLER_LINE>
   <TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER>
    <CONTRACT>2H</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS>
    <SCORE>170</SCORE><NS_CROSS_IMP_POINTS>-5.50</NS_CROSS_IMP_POINTS>
    <EW_CROSS_IMP_POINTS>5.50</EW_CROSS_IMP_POINTS></TRAVELLER_LINE>
  </BOARD>
 </EVENT>
</USEBIO>
"""


def test_a_pianola_cross_imp_file(db):
    event = event_results_import(data=PIANOLA)

    assert (event.kind, event.method, event.name) == ("swiss_pairs", "ximp", "Friday cross-IMPs")
    first = Entry.objects.get(event=event, registration_order=1)
    assert [m.player.name for m in first.members.order_by("position")] == ["Mei Wang", "Tom Hill"]
    assert (first.rank, first.total) == (1, 5.5)
    lines = Result.objects.filter(board__event=event).order_by("-ns_score")
    assert [(r.contract, r.lead, r.ns_points, r.ew_points) for r in lines] == [
        ("4H", "DT", 5.5, -5.5), ("2H", "", -5.5, 5.5),
    ]  # fmt: skip


def bridgewebs_file() -> str:
    """Bridgewebs-style results: sections, tables and rounds in the score table, raw
    matchpoints only, totals as TotalMP with a percentage and ranks such as "2=",
    players' names in one column."""
    return (
        "% PBN 2.1\n% EXPORT\n"
        '[Event "Wednesday Pairs"]\n[Date "2026.11.25"]\n[Scoring "MP"]\n[Board "1"]\n'
        f'[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal(7)}"]\n'
        '[ScoreTable "Section\\1R;Table\\2R;Round\\2R;PairId_NS\\2R;PairId_EW\\2R;'
        'Contract\\5L;Declarer\\1R;Result\\2R;Lead\\3L;Score_NS\\5R;MP_NS\\4R;MP_EW\\4R"]\n'
        "A  1  1  1  4 4S    N 10 SK    420  4.0  0.0\n"
        "A  2  1  2  5 4S    N  9 HA    -50  1.0  3.0\n"
        "A  3  1  3  6 3NT   S  9 -     400  1.0  3.0\n\n"
        '[Event "Wednesday Pairs"]\n'
        '[TotalScoreTable "Rank\\2R;PairId\\2R;Names\\30L;TotalMP\\5R;TotalPercentage\\6R"]\n'
        ' 1  1 "Ann Lee - Bo Chen"              4.0 100.00\n'
        ' 2= 2 "Cy Dunn - Di Ray"               1.0  25.00\n'
        ' 2= 3 "Ed Kay - Fi Orr"                1.0  25.00\n'
        ' 1  5 "Gu Li - Hu Ma"                  3.0  75.00\n'
        ' 1  6 "Ivy Ng - Jo Pe"                 3.0  75.00\n'
        ' 3  4 "Kim Qi - Lu Re"                 0.0   0.00\n'
    )


def test_a_bridgewebs_style_results_file(db):
    event = event_results_import(data=bridgewebs_file())

    assert (event.kind, event.method, event.name) == ("swiss_pairs", "mp", "Wednesday Pairs")
    ranks = dict(Entry.objects.filter(event=event).values_list("registration_order", "rank"))
    assert ranks == {1: 1, 2: 2, 3: 2, 4: 3, 5: 1, 6: 1}
    second = Entry.objects.get(event=event, registration_order=2)
    assert second.total == 25.0
    assert [m.player.name for m in second.members.order_by("position")] == ["Cy Dunn", "Di Ray"]
    lines = Result.objects.filter(board__event=event).order_by("table__number")
    # raw matchpoints on a top of 4, as percentages in a pairs event
    assert [(r.table.number, r.ns_points, r.ew_points) for r in lines] == [
        (1, 100.0, 0.0), (2, 25.0, 75.0), (3, 25.0, 75.0),
    ]  # fmt: skip
    assert Event.objects.get(pk=event.pk).status == Event.Status.FINISHED


def two_sections_file() -> str:
    """Bridgewebs-style, two sections that number their tables 1 to 3 each and are
    matchpointed apart (a top of 4 in each)."""
    rows = [
        ("A", 1, 1, 4, "4S", "N", 10, 420, 4), ("A", 2, 2, 5, "3NT", "S", 9, 400, 2),
        ("A", 3, 3, 6, "4S", "N", 9, -50, 0), ("B", 1, 7, 10, "2H", "S", 8, 110, 4),
        ("B", 2, 8, 11, "3H", "S", 8, -50, 1), ("B", 3, 9, 12, "3H", "S", 8, -50, 1),
    ]  # fmt: skip
    table = "".join(
        f"{s}  {t}  1 {ns:2d} {ew:2d} {c:5s} {d} {tr:2d} -  {sc:5d} {mp:4.1f} {4 - mp:4.1f}\n"
        for s, t, ns, ew, c, d, tr, sc, mp in rows
    )
    totals = "".join(
        f' {n:2d} {n:2d} "Player {n}a - Player {n}b"  {50.0:6.2f}\n' for n in range(1, 13)
    )
    return (
        "% PBN 2.1\n"
        '[Event "Two sections"]\n[Date "2026.11.25"]\n[Scoring "MP"]\n[Board "1"]\n'
        f'[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal(8)}"]\n'
        '[ScoreTable "Section\\1R;Table\\2R;Round\\2R;PairId_NS\\2R;PairId_EW\\2R;'
        'Contract\\5L;Declarer\\1R;Result\\2R;Lead\\3L;Score_NS\\5R;MP_NS\\4R;MP_EW\\4R"]\n'
        f"{table}\n"
        '[Event "Two sections"]\n'
        '[TotalScoreTable "Rank\\2R;PairId\\2R;Names\\30L;TotalPercentage\\6R"]\n'
        f"{totals}"
    )


def sectioned_lines(event: Event) -> list[tuple]:
    return sorted(
        Result.objects.filter(board__event=event).values_list(
            "table__section", "table__number", "table__ns__registration_order", "ns_score",
            "ns_points", "ew_points",
        )
    )  # fmt: skip


@pytest.mark.parametrize("source", ["usebio", "pbn"])
def test_two_sections_keep_their_tables_and_tops_through_our_files(director, source):
    event = event_results_import(data=two_sections_file())

    # each section's tables keep the file's numbers; percentages are over its own top
    assert sectioned_lines(event) == [
        ("A", 1, 1, 420, 100.0, 0.0), ("A", 2, 2, 400, 50.0, 50.0), ("A", 3, 3, -50, 0.0, 100.0),
        ("B", 1, 7, 110, 100.0, 0.0), ("B", 2, 8, -50, 25.0, 75.0), ("B", 3, 9, -50, 25.0, 75.0),
    ]  # fmt: skip
    text = exported(event, source)
    if source == "usebio":  # raw matchpoints on each section's top (4), not the field's
        assert "<SECTION_ID>B</SECTION_ID>" in text
        raw = re.findall(r"<NS_MATCH_POINTS>([\d.]+)<", text)
        assert sorted(raw) == ["0.00", "1.00", "1.00", "2.00", "4.00", "4.00"]

    again = event_results_import(data=text)

    assert sectioned_lines(again) == sectioned_lines(event)
    # our scoring matchpoints each section apart, as the file did
    assert event_scoring_compare(event=again, actor=director) == []
