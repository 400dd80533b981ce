"""Shapes of real club files the import refused or read wrong, each in a small file of
the same shape written here (docs/rules.md § Files): an entity hidden after a long
comment, EBUScore's HANDSET in a file with sections, PairsScorer's "-" for a void,
BriAn's "A5050", an individual table on two lines, TeamsScorer's and EBUScore Teams'
"1-1-2" pair numbers, one impossible line in a good file, and the raw matchpoints of a
board factored by Neuberg written back."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from accounts.models import User
from tests.tournaments.interchange.test_interchange_pbn_files import EBU_STYLE
from tournaments.deals import deal_generate, deal_validate
from tournaments.interchange import UsebioError, usebio_parse
from tournaments.interchange import exports as interchange
from tournaments.interchange.importers.dispatch import event_results_import
from tournaments.interchange.pbn import adjustment_parse
from tournaments.models import Board, Entry, Event, EventLog, Match, Result, TableSeat

SUITS = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")
DIRECTIONS = ("North", "East", "South", "West")


def deal(seed: int) -> str:
    return deal_generate(rng=random.Random(seed))


def hand_elements(cards: str, void: str = "") -> str:
    """The four HAND elements of a deal ("N:..."), a void written as ``void``."""
    hands = cards.partition(":")[2].split()
    out = []
    for direction, hand in zip(DIRECTIONS, hands, strict=True):
        suits = "".join(
            f"<{name}>{holding or void}</{name}>"
            for name, holding in zip(SUITS, hand.split("."), strict=True)
        )
        out.append(f"<HAND><DIRECTION>{direction}</DIRECTION>{suits}</HAND>")
    return "".join(out)


def handset(deals: dict[int, str], void: str = "") -> str:
    boards = "".join(
        f"<BOARD><BOARD_NUMBER>{n}</BOARD_NUMBER>{hand_elements(d, void)}</BOARD>"
        for n, d in deals.items()
    )
    return f"<HANDSET>{boards}</HANDSET>"


def line(ns, ew, contract, by, tricks, score, more="", table=None, rnd=None) -> str:
    where = (f"<ROUND_NUMBER>{rnd}</ROUND_NUMBER>" if rnd else "") + (
        f"<TABLE_NUMBER>{table}</TABLE_NUMBER>" if table else ""
    )
    return (
        f"<TRAVELLER_LINE>{where}<NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER>"
        f"<EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER><CONTRACT>{contract}</CONTRACT>"
        f"<PLAYED_BY>{by}</PLAYED_BY><TRICKS>{tricks}</TRICKS><SCORE>{score}</SCORE>"
        f"{more}</TRAVELLER_LINE>"
    )


def mp(ns: float, ew: float) -> str:
    return f"<NS_MATCH_POINTS>{ns}</NS_MATCH_POINTS><EW_MATCH_POINTS>{ew}</EW_MATCH_POINTS>"


def pairs_file(boards: str, *, head: str = "", after: str = "", participants: str = "") -> str:
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>{head}<USEBIO Version="1.2"><CLUB>'
        "<CLUB_NAME>Riverside BC</CLUB_NAME></CLUB>"
        '<EVENT EVENT_TYPE="PAIRS"><EVENT_DESCRIPTION>Club Pairs</EVENT_DESCRIPTION>'
        "<DATE>02/03/2026</DATE><BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>"
        f"<WINNER_TYPE>1</WINNER_TYPE>{participants}{boards}</EVENT>{after}</USEBIO>"
    )


def two_lines(number: int) -> str:
    return (
        f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>"
        + line(1, 2, "4S", "N", 10, 420, mp(2, 0), table=1, rnd=1)
        + line(3, 4, "4S", "N", 9, -50, mp(0, 2), table=2, rnd=1)
        + "</BOARD>"
    )


# --- item 6: the hardened parser --------------------------------------------------------


def entity_file() -> str:
    """A good pairs file whose DOCTYPE, after a 5,000-byte comment, declares an entity."""
    comment = "<!-- " + "x" * 5000 + " -->\n"
    doctype = '<!DOCTYPE USEBIO [<!ENTITY club "Riverside Bridge Club">]>'
    return pairs_file(two_lines(1), head=comment + doctype).replace(
        "<CLUB_NAME>Riverside BC</CLUB_NAME>", "<CLUB_NAME>&club;</CLUB_NAME>"
    )


def test_an_entity_after_a_long_comment_is_refused_by_the_api(db, director):
    events, users = Event.objects.count(), User.objects.count()
    api = APIClient()
    api.force_authenticate(director)

    response = api.post("/api/events/import/results/", {"text": entity_file()}, format="json")

    assert response.status_code == 400
    assert response.data["code"] == "unreadable"
    assert "declares no entities" in response.data["detail"]
    assert (Event.objects.count(), User.objects.count()) == (events, users)


def test_an_entity_after_a_long_comment_is_refused_on_the_page(
    db, client, director, django_capture_on_commit_callbacks
):
    client.force_login(director)
    upload = SimpleUploadedFile("pairs.xml", entity_file().encode())

    with django_capture_on_commit_callbacks(execute=True):  # the import task runs
        sent = client.post("/events/import/", {"file": upload})
    page = client.get(sent.url, follow=True)  # the progress page: the import has finished

    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="import-error"' in html and "declares no entities" in html
    assert not Event.objects.exists()


@pytest.mark.parametrize(
    ("head", "message"),
    [
        ("<!DOCTYPE USEBIO [<!ELEMENT USEBIO ANY>]>", "declares nothing in its DOCTYPE"),
        ('<!DOCTYPE USEBIO [<!ENTITY % p SYSTEM "http://x/p.dtd"> %p;]>', "no entities"),
    ],
)
def test_a_doctype_may_declare_nothing(head, message):
    with pytest.raises(UsebioError, match=message):
        usebio_parse(pairs_file(two_lines(1), head="<!-- " + "x" * 5000 + " -->" + head))


def test_a_doctype_naming_the_usebio_dtd_is_read_as_scorers_write_it():
    head = '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'
    data = usebio_parse(pairs_file(two_lines(1), head=head))
    assert len(data["boards"][1]["results"]) == 2


# --- EBUScore: a file with sections and its HANDSET ---------------------------------------


def ebuscore_sections(deals: dict[int, str], where: str) -> str:
    """EBUScore pairs with sections A and B playing boards 1-18, the HANDSET inside the
    EVENT (``where`` "event") or in each SECTION ("section")."""
    sections = ""
    for name in ("A", "B"):
        boards = "".join(
            f"<BOARD><BOARD_NUMBER>{n}</BOARD_NUMBER>"
            + line(1, 2, "3NT", "S", 9, 400, mp(2, 0), table=1, rnd=1)
            + line(3, 4, "3NT", "S", 8, -50, mp(0, 2), table=2, rnd=1)
            + "</BOARD>"
            for n in deals
        )
        inner = handset(deals) if where == "section" else ""
        sections += f'<SECTION SECTION_ID="{name}">{boards}{inner}</SECTION>'
    body = f"<SESSION><SESSION_NUMBER>1</SESSION_NUMBER>{sections}</SESSION>"
    body += handset(deals) if where == "event" else ""
    return pairs_file(body).replace("<WINNER_TYPE>1", "<WINNER_TYPE>2")


@pytest.mark.parametrize("where", ["event", "section"])
def test_ebuscore_sections_import_with_every_deal_of_the_handset(where, db):
    deals = {n: deal(n) for n in range(1, 19)}

    event = event_results_import(data=ebuscore_sections(deals, where).encode())

    stored = dict(Board.objects.filter(event=event).values_list("number", "deal"))
    assert stored == {n: deal_validate(d) for n, d in deals.items()}
    assert Result.objects.filter(board__event=event).count() == 18 * 4


def test_two_handsets_with_different_deals_under_one_number_are_refused():
    xml = ebuscore_sections({1: deal(1)}, "section").replace(
        handset({1: deal(1)}), handset({1: deal(2)}), 1
    )
    with pytest.raises(UsebioError, match="Board 1: two different deals have this number."):
        usebio_parse(xml)


# --- PairsScorer: a void written "-" ------------------------------------------------------

ONE_SUIT_EACH = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def test_a_void_written_as_a_dash_in_the_handset_is_a_void(db):
    xml = pairs_file(two_lines(1), after=handset({1: ONE_SUIT_EACH}, void="-"))
    assert "<HEARTS>-</HEARTS>" in xml

    event = event_results_import(data=xml)

    assert Board.objects.get(event=event, number=1).deal == deal_validate(ONE_SUIT_EACH)


# --- BriAn: "A5050" with an empty contract --------------------------------------------------


def test_brian_adjusted_scores_are_percentages_for_each_side():
    assert adjustment_parse("A5050") == ("A=", "A=", 50.0, 50.0)
    assert adjustment_parse("A6040") == ("A+", "A-", 60.0, 40.0)
    assert adjustment_parse("A4060") == ("A-", "A+", 40.0, 60.0)


def test_a_brian_adjusted_line_with_an_empty_contract_is_read_as_adjusted(db):
    adjusted = (
        "<TRAVELLER_LINE><ROUND_NUMBER>1</ROUND_NUMBER><TABLE_NUMBER>{t}</TABLE_NUMBER>"
        "<NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
        "<CONTRACT></CONTRACT><PLAYED_BY></PLAYED_BY><TRICKS></TRICKS>"
        "<SCORE>{code}</SCORE></TRAVELLER_LINE>"
    )
    board = (
        two_lines(1).replace("</BOARD>", "")
        + adjusted.format(t=3, ns=5, ew=6, code="A5050")
        + adjusted.format(t=4, ns=7, ew=8, code="A6040")
        + "</BOARD>"
    )

    event = event_results_import(data=pairs_file(board))

    rows = Result.objects.filter(board__event=event, status="adjusted").order_by("table__number")
    assert [(r.ns_adjustment, r.ew_adjustment, r.ns_points, r.ew_points) for r in rows] == [
        ("A=", "A=", 50.0, 50.0),
        ("A+", "A-", 60.0, 40.0),
    ]
    assert Result.objects.filter(board__event=event, status="played").count() == 2


# --- an individual event, each table on two lines ------------------------------------------


def individual_two_lines() -> str:
    """12 players at 3 tables, boards 1-2: each table's result on two lines, the first
    with North, South, the contract and NS matchpoints, the second with East, West,
    no contract and EW matchpoints."""
    players = "".join(
        f"<PLAYER><PLAYER_NUMBER>{n}</PLAYER_NUMBER><PLAYER_NAME>Player {n}</PLAYER_NAME></PLAYER>"
        for n in range(1, 13)
    )
    results = {1: (10, 420, 2), 2: (9, -50, 0), 3: (11, 450, 4)}  # tricks, score, NS MP
    boards = ""
    for number in (1, 2):
        lines = ""
        for table, (tricks, score, ns_mp) in results.items():
            north, east, south, west = (4 * (table - 1) + i for i in range(1, 5))
            where = f"<ROUND_NUMBER>1</ROUND_NUMBER><TABLE_NUMBER>{table}</TABLE_NUMBER>"
            lines += (
                f"<TRAVELLER_LINE>{where}<NORTH_PLAYER_NUMBER>{north}</NORTH_PLAYER_NUMBER>"
                f"<SOUTH_PLAYER_NUMBER>{south}</SOUTH_PLAYER_NUMBER><CONTRACT>4S</CONTRACT>"
                f"<PLAYED_BY>N</PLAYED_BY><TRICKS>{tricks}</TRICKS><SCORE>{score}</SCORE>"
                f"<NS_MATCH_POINTS>{ns_mp}</NS_MATCH_POINTS></TRAVELLER_LINE>"
                f"<TRAVELLER_LINE>{where}<EAST_PLAYER_NUMBER>{east}</EAST_PLAYER_NUMBER>"
                f"<WEST_PLAYER_NUMBER>{west}</WEST_PLAYER_NUMBER><CONTRACT></CONTRACT>"
                f"<SCORE></SCORE><EW_MATCH_POINTS>{4 - ns_mp}</EW_MATCH_POINTS>"
                "</TRAVELLER_LINE>"
            )
        boards += f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>{lines}</BOARD>"
    return (
        '<USEBIO Version="1.2"><EVENT EVENT_TYPE="INDIVIDUAL">'
        "<EVENT_DESCRIPTION>Individual</EVENT_DESCRIPTION><DATE>02/03/2026</DATE>"
        "<BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>"
        f"<PARTICIPANTS>{players}</PARTICIPANTS>{boards}</EVENT></USEBIO>"
    )


def test_an_individual_table_written_on_two_lines_is_one_result(db):
    event = event_results_import(data=individual_two_lines())

    assert event.kind == Event.Kind.INDIVIDUAL
    assert Entry.objects.filter(event=event).count() == 12
    results = Result.objects.filter(board__event=event).select_related("table", "board")
    assert sorted(
        (r.board.number, r.table.number, r.contract, r.tricks, r.ns_score, r.ns_points,
         r.ew_points)
        for r in results
    ) == sorted(
        [(n, 1, "4S", 10, 420, 2.0, 2.0) for n in (1, 2)]
        + [(n, 2, "4S", 9, -50, 0.0, 4.0) for n in (1, 2)]
        + [(n, 3, "4S", 11, 450, 4.0, 0.0) for n in (1, 2)]
    )  # fmt: skip
    seats = {
        (s.table.number, s.seat): s.player.display_name
        for s in TableSeat.objects.filter(table__event=event).select_related("table", "player")
    }
    assert seats[(2, "N")] == "Player 5" and seats[(2, "E")] == "Player 6"
    assert seats[(2, "S")] == "Player 7" and seats[(2, "W")] == "Player 8"


# --- TeamsScorer and EBUScore Teams: pairs numbered team-pair-… -------------------------


def team_file(shape: str) -> str:
    """Two teams, one match of boards 1-2 in round 1; the lines number the pairs
    team-pair-opponents ("1-1-2"). TeamsScorer's shape: the boards inside the MATCH,
    no ROOM; EBUScore Teams': the teams' pairs listed under each TEAM, the boards after
    the MATCH with their round, and no EVENT_TYPE."""

    def team(n: int, name: str) -> str:
        players = "".join(
            f"<PAIR><PAIR_NUMBER>{n}-{p}</PAIR_NUMBER>"
            f"<PLAYER><PLAYER_NAME>{name} {2 * p - 1}</PLAYER_NAME></PLAYER>"
            f"<PLAYER><PLAYER_NAME>{name} {2 * p}</PLAYER_NAME></PLAYER></PAIR>"
            for p in (1, 2)
        )
        return (
            f"<TEAM><TEAM_NUMBER>{n}</TEAM_NUMBER><TEAM_NAME>{name}</TEAM_NAME>"
            f"<PLACE>{n}</PLACE>{players}</TEAM>"
        )

    boards = ""
    for number, (open_score, closed_score) in {1: (420, -420), 2: (-50, 110)}.items():
        imps = {1: (0, 0), 2: (2, -2)}[number]
        rnd = "<ROUND_NUMBER>1</ROUND_NUMBER>" if shape == "ebuscore" else ""
        boards += (
            f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>"
            f"<TRAVELLER_LINE>{rnd}<NS_PAIR_NUMBER>1-1-2</NS_PAIR_NUMBER>"
            "<EW_PAIR_NUMBER>2-1-1</EW_PAIR_NUMBER><CONTRACT>4H</CONTRACT>"
            f"<PLAYED_BY>S</PLAYED_BY><TRICKS>{10 if open_score > 0 else 9}</TRICKS>"
            f"<SCORE>{open_score}</SCORE><NS_IMPS>{imps[0]}</NS_IMPS>"
            f"<EW_IMPS>{-imps[0]}</EW_IMPS></TRAVELLER_LINE>"
            f"<TRAVELLER_LINE>{rnd}<NS_PAIR_NUMBER>2-2-1</NS_PAIR_NUMBER>"
            "<EW_PAIR_NUMBER>1-2-2</EW_PAIR_NUMBER>"
            + (
                "<CONTRACT>4H</CONTRACT><PLAYED_BY>E</PLAYED_BY><TRICKS>10</TRICKS>"
                if closed_score < 0
                else "<CONTRACT>2D</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>8</TRICKS>"
            )
            + f"<SCORE>{closed_score}</SCORE><NS_IMPS>{imps[1]}</NS_IMPS>"
            f"<EW_IMPS>{-imps[1]}</EW_IMPS></TRAVELLER_LINE></BOARD>"
        )
    match = (
        "<MATCH><MATCH_NUMBER>1</MATCH_NUMBER><ROUND_NUMBER>1</ROUND_NUMBER>"
        "<HOME_TEAM><TEAM_NUMBER>1</TEAM_NUMBER><IMPS>0</IMPS>"
        "<VICTORY_POINTS>10.00</VICTORY_POINTS></HOME_TEAM>"
        "<AWAY_TEAM><TEAM_NUMBER>2</TEAM_NUMBER><IMPS>2</IMPS>"
        "<VICTORY_POINTS>10.00</VICTORY_POINTS></AWAY_TEAM>"
    )
    body = match + boards + "</MATCH>" if shape == "teamsscorer" else match + "</MATCH>" + boards
    kind = ' EVENT_TYPE="SWISS_TEAMS"' if shape == "teamsscorer" else ""
    return (
        f'<USEBIO Version="1.2"><EVENT{kind}><EVENT_DESCRIPTION>Teams</EVENT_DESCRIPTION>'
        "<DATE>02/03/2026</DATE><BOARD_SCORING_METHOD>IMPS</BOARD_SCORING_METHOD>"
        f"<PARTICIPANTS>{team(1, 'Lions')}{team(2, 'Tigers')}</PARTICIPANTS>{body}"
        "</EVENT></USEBIO>"
    )


@pytest.mark.parametrize("shape", ["teamsscorer", "ebuscore"])
def test_team_pair_numbers_are_read_as_a_team_event(shape, db):
    event = event_results_import(data=team_file(shape))

    assert (event.kind, event.method) == (Event.Kind.TEAMS_SWISS, "imp")
    match = Match.objects.get(event=event)
    assert (match.home.registration_order, match.away.registration_order) == (1, 2)
    assert (match.home_imps, match.away_imps, match.boards_scored) == (0, 2, 2)
    rooms = sorted(
        Result.objects.filter(board__event=event).values_list(
            "board__number", "table__room", "table__ns__registration_order", "ns_score",
            "ns_points",
        )
    )  # fmt: skip
    assert rooms == [
        (1, "closed", 2, -420, 0.0), (1, "open", 1, 420, 0.0),
        (2, "closed", 2, 110, -2.0), (2, "open", 1, -50, 2.0),
    ]  # fmt: skip
    lions = Entry.objects.get(event=event, registration_order=1)
    assert [m.player.name for m in lions.members.all()] == [f"Lions {i}" for i in (1, 2, 3, 4)]


# --- one impossible line: the rest is imported, the line reported -------------------------


def one_impossible_line() -> str:
    boards = two_lines(1) + two_lines(2).replace(
        "<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>9</TRICKS>",
        "<CONTRACT>42</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>9</TRICKS>",
    )
    return pairs_file(boards)


REASON = "contract '42' is not a contract such as 4SX, 3NT or Pass."


def test_one_impossible_line_is_left_out_and_listed_in_the_api_answer(db, director):
    api = APIClient()
    api.force_authenticate(director)

    response = api.post(
        "/api/events/import/results/", {"text": one_impossible_line()}, format="json"
    )

    assert response.status_code == 201, response.data
    assert response.data["results"] == 3
    assert response.data["problems"] == [
        {"board": 2, "section": "", "round": 1, "table": 2, "ns": "3", "ew": "4",
         "reason": REASON},
    ]  # fmt: skip
    event = Event.objects.get(pk=response.data["event"])
    kept = Result.objects.filter(board__event=event).values_list("board__number", "table__number")
    assert sorted(kept) == [(1, 1), (1, 2), (2, 1)]
    row = EventLog.objects.get(event=event, action="import_line_left_out")
    assert row.data["board"] == 2 and row.data["reason"] == REASON and row.actor == director


def test_one_impossible_line_is_shown_on_the_import_page_and_the_events_log(
    db, client, director, django_capture_on_commit_callbacks
):
    client.force_login(director)
    upload = SimpleUploadedFile("pairs.xml", one_impossible_line().encode())

    with django_capture_on_commit_callbacks(execute=True):  # the import task runs
        sent = client.post("/events/import/", {"file": upload})
    page = client.get(sent.url, follow=True)  # the progress page: the import has finished

    event = Event.objects.get()
    sentence = f"Board 2, round 1, table 2, NS 3, EW 4 was left out of the import: {REASON}"
    assert sentence.replace("'", "&#x27;") in page.content.decode()
    console = client.get(f"/events/{event.pk}/director/").content.decode()
    assert sentence.replace("'", "&#x27;") in console


def test_one_impossible_line_of_an_individual_file_is_left_out(db, director):
    from tests.tournaments.formats.pool.test_interchange import OTHER_SCORER

    api = APIClient()
    api.force_authenticate(director)
    text = OTHER_SCORER.replace("<CONTRACT>2S<", "<CONTRACT>9S<", 1)

    response = api.post("/api/events/import/results/", {"text": text}, format="json")

    assert response.status_code == 201, response.data
    assert [(p["board"], p["reason"]) for p in response.data["problems"]] == [
        (1, "contract '9S' is not a contract such as 4SX, 3NT or Pass.")
    ]
    assert response.data["results"] == OTHER_SCORER.count("<TRAVELLER_LINE>") - 1


def test_one_impossible_pbn_row_is_left_out(db):
    text = EBU_STYLE.replace("{deal}", deal(5)).replace("4HX ", "42  ")

    event = event_results_import(data=text)

    tables = Result.objects.filter(board__event=event).values_list("table__number", flat=True)
    assert sorted(tables) == [1, 3, 4, 5, 6]
    row = EventLog.objects.get(event=event, action="import_line_left_out")
    assert (row.data["board"], row.data["table"], row.data["ns"], row.data["ew"]) == (
        5, 2, "2", "9",
    )  # fmt: skip


# --- a board factored by Neuberg, written back -------------------------------------------


def neuberg_file() -> str:
    """One board at 17 tables: 16 played (NS 1 second best, 28 of 30 matchpoints) and one
    adjusted A+/A-, all on the top of 32 by Neuberg, as the scorer writes them."""
    lines = ""
    for rank in range(16):  # 16 different scores, the best first
        score = 1000 - 10 * rank
        raw = 2 * (15 - rank)  # it beats every lower score
        factored = round((raw + 1) * 17 / 16 - 1, 2)
        ns = {0: 3, 1: 1}.get(rank, 2 * rank + 1)  # pair 1 second
        lines += line(ns, ns + 1, "3NT", "N", 9, score, mp(factored, round(32 - factored, 2)))
    lines += (
        "<TRAVELLER_LINE><NS_PAIR_NUMBER>40</NS_PAIR_NUMBER><EW_PAIR_NUMBER>41"
        "</EW_PAIR_NUMBER><SCORE>A+/A-</SCORE>" + mp(19.2, 12.8) + "</TRAVELLER_LINE>"
    )
    return pairs_file(f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{lines}</BOARD>")


def test_a_board_factored_by_neuberg_is_written_back_with_the_files_matchpoints(db):
    xml = neuberg_file()
    assert "<NS_MATCH_POINTS>29.81</NS_MATCH_POINTS><EW_MATCH_POINTS>2.19<" in xml

    event = event_results_import(data=xml)
    assert event.settings.mp_factoring == "neuberg"  # as the file's tops show

    exported = interchange.event_usebio_export(event=event)
    lines = {
        element.findtext("NS_PAIR_NUMBER"): element
        for element in ET.fromstring(exported).iter("TRAVELLER_LINE")
    }
    first = lines["1"]
    assert (first.findtext("NS_MATCH_POINTS"), first.findtext("EW_MATCH_POINTS")) == (
        "29.81", "2.19",
    )  # fmt: skip
    adjusted = lines["40"]
    assert adjusted.findtext("NS_MATCH_POINTS") == "19.20"
    pbn = interchange.event_results_pbn_export(event=event)
    assert " 29.81 " in pbn and " 2.19" in pbn


def test_our_own_swiss_board_factored_by_neuberg_is_written_on_its_top(make_event):
    from tests.tournaments.formats.swiss.test_swiss_mp_factoring import play_but_one

    event = make_event(pairs=6, start=True, method="mp", mp_factoring="neuberg")
    # board 1 at two of three tables: 12.5 % and 87.5 % of a top of 2 × (3 − 1) = 4
    assert play_but_one(event, {1: 10, 2: 11}) == {1: (12.5, 87.5), 2: (87.5, 12.5)}

    xml = interchange.event_usebio_export(event=event)

    board = next(
        b for b in ET.fromstring(xml).iter("BOARD") if b.findtext("BOARD_NUMBER") == "1"
        and b.find("TRAVELLER_LINE") is not None
    )  # fmt: skip
    raw = [
        (line.findtext("NS_MATCH_POINTS"), line.findtext("EW_MATCH_POINTS"))
        for line in board.iter("TRAVELLER_LINE")
    ]
    assert raw == [("0.50", "3.50"), ("3.50", "0.50"), (None, None)]  # the cut table: NP


def test_the_import_page_names_ten_left_out_lines_and_counts_the_others(
    db, client, director, django_capture_on_commit_callbacks
):
    boards = "".join(
        two_lines(n).replace("<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>9<",
                             "<CONTRACT>42</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>9<")
        for n in range(1, 13)
    )  # fmt: skip
    client.force_login(director)
    upload = SimpleUploadedFile("pairs.xml", pairs_file(boards).encode())

    with django_capture_on_commit_callbacks(execute=True):  # the import task runs
        sent = client.post("/events/import/", {"file": upload})
    html = client.get(sent.url, follow=True).content.decode()

    assert html.count("was left out of the import") == 10
    assert "2 more lines were left out of the import: the event&#x27;s log lists them." in html
    assert EventLog.objects.filter(action="import_line_left_out").count() == 12


def test_the_import_command_names_the_lines_left_out(db, tmp_path):
    from io import StringIO

    from django.core.management import call_command

    path = tmp_path / "pairs.xml"
    path.write_text(one_impossible_line())
    out = StringIO()

    call_command("import_results", str(path), stdout=out)

    assert f"Board 2, round 1, table 2, NS 3, EW 4 was left out of the import: {REASON}" in (
        out.getvalue()
    )
