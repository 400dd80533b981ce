"""USEBIO as the scorers write it: raw matchpoints and cross-IMP points on writing;
boards nested under SESSION/SECTION or MATCH, teams, adjusted scores, matchpoints,
cross-IMP points, match IMPs and VPs on reading; short grouped errors."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from datetime import date

import pytest

from tournaments.deals import deal_generate
from tournaments.interchange import (
    BoardRecord,
    EventRecord,
    ResultLine,
    UsebioError,
    usebio_parse,
    usebio_write,
)


def event_record(method: str) -> EventRecord:
    return EventRecord(
        id=1, name="Tuesday", date=date(2026, 3, 3), method=method, boards_total=1,
        boards_per_round=1,
    )  # fmt: skip


def board_record() -> BoardRecord:
    return BoardRecord(1, "N", "None", deal_generate(rng=random.Random(1)))


def lines_of(xml: str) -> list[dict[str, str]]:
    root = ET.fromstring(xml)
    return [{c.tag: c.text for c in line} for line in root.iter("TRAVELLER_LINE")]


def test_matchpoints_are_written_raw_on_the_top_with_the_percentage_beside():
    # Five tables played: 420, 420, 170, -50, -100 (tie on top), and one adjusted A+.
    scores = [420, 420, 170, -50, -100]
    percentages = [87.5, 87.5, 50.0, 25.0, 0.0]
    played = [
        ResultLine(i + 1, i + 11, "4S", "N", 10, "", s, p, 100 - p)
        for i, (s, p) in enumerate(zip(scores, percentages, strict=True))
    ]
    adjusted = ResultLine(6, 16, "", "", None, "", None, 60.0, 40.0, "A+", "A-")
    xml = usebio_write(
        event=event_record("mp"), pairs=[], boards=[board_record()],
        results={1: [*played, adjusted]},
    )  # fmt: skip

    lines = lines_of(xml)
    # top = 2 × (5 − 1) = 8: 2 per result beaten, 1 per tie
    assert [line["NS_MATCH_POINTS"] for line in lines] == [
        "7.00", "7.00", "4.00", "2.00", "0.00", "4.80",
    ]  # fmt: skip
    assert [line["EW_MATCH_POINTS"] for line in lines][:2] == ["1.00", "1.00"]
    assert [line["NS_PERCENTAGE"] for line in lines] == [
        "87.50", "87.50", "50.00", "25.00", "0.00", "60.00",
    ]  # fmt: skip
    for line, score in zip(lines, scores, strict=False):
        beaten = sum(1 for other in scores if other < score)
        ties = sum(1 for other in scores if other == score) - 1
        assert float(line["NS_MATCH_POINTS"]) == 2 * beaten + ties

    read = usebio_parse(xml)["boards"][1]["results"]
    assert [line["ns_points"] for line in read] == [*percentages, 60.0]
    assert [line["ns_mp"] for line in read][:3] == [7.0, 7.0, 4.0]


def test_cross_imps_are_written_as_cross_imp_points():
    lines = [
        ResultLine(1, 2, "3NT", "N", 9, "", 400, 5.5, -5.5),
        ResultLine(3, 4, "3NT", "N", 8, "", -50, -5.5, 5.5),
    ]
    xml = usebio_write(
        event=event_record("ximp"), pairs=[], boards=[board_record()], results={1: lines}
    )
    assert "<BOARD_SCORING_METHOD>CROSS_IMPS</BOARD_SCORING_METHOD>" in xml
    assert [line["NS_CROSS_IMP_POINTS"] for line in lines_of(xml)] == ["5.50", "-5.50"]
    assert "NS_CROSS_IMPS>" not in xml
    assert [line["ns_points"] for line in usebio_parse(xml)["boards"][1]["results"]] == [
        5.5, -5.5,
    ]  # fmt: skip


EBUSCORE = """<?xml version="1.0" encoding="ISO-8859-1"?>
<USEBIO Version="1.2">
 <CLUB><CLUB_NAME>Riverside BC</CLUB_NAME></CLUB>
 <EVENT EVENT_TYPE="MP_PAIRS">
  <PROGRAM_NAME>EBUScore Pairs</PROGRAM_NAME>
  <EVENT_DESCRIPTION>Monday Pairs</EVENT_DESCRIPTION>
  <DATE>02/03/2026</DATE>
  <BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>
  <WINNER_TYPE>2</WINNER_TYPE>
  <SESSION><SESSION_NUMBER>1</SESSION_NUMBER>
   <SECTION SECTION_ID="A">
    <PARTICIPANTS>
     <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NS</DIRECTION><PLACE>1</PLACE>
      <PERCENTAGE>62.50</PERCENTAGE>
      <PLAYER><PLAYER_NAME>Ann Lee</PLAYER_NAME></PLAYER>
      <PLAYER><FIRST_NAME>Bo</FIRST_NAME><SURNAME>Chen</SURNAME></PLAYER></PAIR>
     <PAIR><PAIR_NUMBER>2</PAIR_NUMBER><DIRECTION>EW</DIRECTION><PLACE>2=</PLACE>
      <PLAYER><PLAYER_NAME>Cy Dunn</PLAYER_NAME></PLAYER>
      <PLAYER><PLAYER_NAME>Di Ray</PLAYER_NAME></PLAYER></PAIR>
    </PARTICIPANTS>
    <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
     <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
      <CONTRACT>4S*</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS><SCORE>590</SCORE>
      <NS_MATCH_POINTS>2</NS_MATCH_POINTS><EW_MATCH_POINTS>0</EW_MATCH_POINTS></TRAVELLER_LINE>
     <TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER>
      <CONTRACT>3NT</CONTRACT><PLAYED_BY>S</PLAYED_BY><LEAD>H10</LEAD><TRICKS>9</TRICKS>
      <SCORE>400</SCORE>
      <NS_MATCH_POINTS>0</NS_MATCH_POINTS><EW_MATCH_POINTS>2</EW_MATCH_POINTS></TRAVELLER_LINE>
    </BOARD>
   </SECTION>
   <SECTION SECTION_ID="B">
    <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
     <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
      <SCORE>A+/A-</SCORE><NS_MATCH_POINTS>1.2</NS_MATCH_POINTS>
      <EW_MATCH_POINTS>0.8</EW_MATCH_POINTS></TRAVELLER_LINE>
     <TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER>
      <SCORE>40%/60%</SCORE></TRAVELLER_LINE>
    </BOARD>
   </SECTION>
  </SESSION>
 </EVENT>
</USEBIO>
"""


def test_boards_under_sessions_and_sections_are_one_board_per_number():
    data = usebio_parse(EBUSCORE.encode("latin-1"))

    assert data["event"] | {"date": None} == {
        "id": None, "name": "Monday Pairs", "date": None, "method": "mp", "type": "MP_PAIRS",
        "kind": "pairs", "winners": 2, "movement": "", "mp_factoring": "",
        "boards_per_round": None,
    }  # fmt: skip
    assert data["event"]["date"] == date(2026, 3, 2)
    assert [(p["number"], p["players"], p["rank"], p["section"]) for p in data["pairs"]] == [
        (1, ["Ann Lee", "Bo Chen"], 1, "A"),
        (2, ["Cy Dunn", "Di Ray"], 2, "A"),
    ]
    lines = data["boards"][1]["results"]
    keys = ("section", "ns_pair", "contract", "declarer", "tricks", "lead", "ns_score")
    keys += ("ns_adjustment", "ew_adjustment", "ns_points", "ew_points")
    assert [tuple(line[k] for k in keys) for line in lines] == [
        ("A", 1, "4SX", "N", 10, "", 590, "", "", 100.0, 0.0),
        ("A", 3, "3NT", "S", 9, "HT", 400, "", "", 0.0, 100.0),
        ("B", 1, "", "", None, "", None, "A+", "A-", 60.0, 40.0),
        ("B", 3, "", "", None, "", None, "A-", "A+", 40.0, 60.0),
    ]


TEAMSSCORER = """<USEBIO Version="1.2">
 <EVENT EVENT_TYPE="SWISS_TEAMS">
  <PROGRAM_NAME>TeamsScorer</PROGRAM_NAME>
  <EVENT_DESCRIPTION>County Teams</EVENT_DESCRIPTION>
  <DATE>2026-03-01</DATE>
  <BOARD_SCORING_METHOD>IMPS</BOARD_SCORING_METHOD>
  <PARTICIPANTS>
   <TEAM><TEAM_NUMBER>1</TEAM_NUMBER><TEAM_NAME>Lions</TEAM_NAME><PLACE>1</PLACE>
    <TOTAL_SCORE>14.36</TOTAL_SCORE>
    <PLAYER><PLAYER_NAME>A One</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>B One</PLAYER_NAME></PLAYER>
    <PLAYER><PLAYER_NAME>C One</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>D One</PLAYER_NAME></PLAYER>
   </TEAM>
   <TEAM><TEAM_NUMBER>2</TEAM_NUMBER><TEAM_NAME>Tigers</TEAM_NAME><PLACE>2</PLACE>
    <TOTAL_SCORE>5.64</TOTAL_SCORE></TEAM>
  </PARTICIPANTS>
  <MATCH><MATCH_NUMBER>1</MATCH_NUMBER><ROUND_NUMBER>1</ROUND_NUMBER>
   <HOME_TEAM><TEAM_NUMBER>1</TEAM_NUMBER><IMPS>10</IMPS><VICTORY_POINTS>14.36</VICTORY_POINTS></HOME_TEAM>
   <AWAY_TEAM><TEAM_NUMBER>2</TEAM_NUMBER><IMPS>0</IMPS><VICTORY_POINTS>5.64</VICTORY_POINTS></AWAY_TEAM>
   <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
    <TRAVELLER_LINE><ROOM>Open</ROOM><NS_TEAM_NUMBER>1</NS_TEAM_NUMBER><EW_TEAM_NUMBER>2</EW_TEAM_NUMBER>
     <CONTRACT>4H</CONTRACT><PLAYED_BY>S</PLAYED_BY><TRICKS>10</TRICKS><SCORE>420</SCORE>
     <NS_IMPS>10</NS_IMPS><EW_IMPS>-10</EW_IMPS></TRAVELLER_LINE>
    <TRAVELLER_LINE><ROOM>Closed</ROOM><NS_TEAM_NUMBER>2</NS_TEAM_NUMBER><EW_TEAM_NUMBER>1</EW_TEAM_NUMBER>
     <CONTRACT>PASS</CONTRACT><SCORE>0</SCORE>
     <NS_IMPS>-10</NS_IMPS><EW_IMPS>10</EW_IMPS></TRAVELLER_LINE>
   </BOARD>
  </MATCH>
 </EVENT>
</USEBIO>
"""  # noqa: E501


def test_team_matches_with_imps_and_vps():
    data = usebio_parse(TEAMSSCORER)

    assert (data["event"]["kind"], data["event"]["method"]) == ("teams", "imp")
    assert data["event"]["date"] == date(2026, 3, 1)
    teams = data["teams"]
    assert [(t["number"], t["name"], t["rank"], t["total"], len(t["players"])) for t in teams] == [
        (1, "Lions", 1, 14.36, 4),
        (2, "Tigers", 2, 5.64, 0),
    ]  # fmt: skip
    assert data["matches"] == [
        {
            "id": 1,
            "number": 1,
            "round": 1,
            "teams": [
                {"number": 1, "imps": 10.0, "vps": 14.36},
                {"number": 2, "imps": 0.0, "vps": 5.64},
            ],
        }
    ]
    lines = data["boards"][1]["results"]
    keys = ("room", "match", "ns_pair", "contract", "ns_points")
    assert [tuple(r[k] for k in keys) for r in lines] == [
        ("open", 1, 1, "4H", 10.0),
        ("closed", 1, 2, "PASS", -10.0),
    ]  # fmt: skip


def test_lines_that_are_not_results_are_left_out_with_their_board_and_why():
    board = """<BOARD><BOARD_NUMBER>{n}</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1
    </NS_PAIR_NUMBER><CONTRACT>{c}</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS>
    <SCORE>480</SCORE></TRAVELLER_LINE></BOARD>"""
    boards = "".join(board.format(n=n, c="4S" if n != 3 else "42") for n in range(1, 30))
    boards += "".join(board.format(n=n, c="4S").replace("10", "15") for n in range(11, 13))
    xml = f'<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">{boards}</EVENT></USEBIO>'

    data = usebio_parse(xml)

    assert [(p["board"], p["ns"], p["reason"]) for p in data["left_out"]] == [
        (3, "1", "contract '42' is not a contract such as 4SX, 3NT or Pass."),
        (11, "1", "<TRICKS> '15' is not a number of tricks."),
        (12, "1", "<TRICKS> '15' is not a number of tricks."),
    ]
    assert data["boards"][3]["results"] == []
    assert len(data["boards"][11]["results"]) == 1  # its first line, 4S making 10


@pytest.mark.parametrize(
    ("xml", "message"),
    [
        ("<USEBIO><EVENT>", "not XML"),
        ("<RESULTS/>", "the root element is <RESULTS>, not <USEBIO>."),
        ("<USEBIO/>", "no <EVENT>."),
        (
            '<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY a "aaaaaaaaaa">]>'
            "<USEBIO><EVENT>&a;</EVENT></USEBIO>",
            "declares no entities",
        ),
    ],
)
def test_what_is_not_usebio_is_refused(xml, message):
    with pytest.raises(UsebioError, match=message):
        usebio_parse(xml)
