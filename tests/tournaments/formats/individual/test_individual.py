"""Individual events from other scorers' files (docs/rules.md § Individual events): a
USEBIO individual file scored in matchpoints (in EBUScore's style) or cross-IMPs
imports as a finished individual event, its pages show each player with their
partners, and its export reads back as the same event."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import User
from tournaments.errors import BridgeError
from tournaments.interchange import exports as interchange
from tournaments.interchange.compare import event_scoring_compare
from tournaments.interchange.importers.dispatch import event_results_import
from tournaments.models import Board, Entry, Event, Result, Standing, TableSeat

NAMES = ["Ann Lee", "Bo Chen", "Cy Dunn", "Di Ray", "Ed Fox", "Flo Gay", "Gus Ho", "Hal Ivy"]
#: (round, table, N, E, S, W): each player has a new partner in round 2
SITTINGS = {(1, 1): (1, 2, 3, 4), (1, 2): (5, 6, 7, 8), (2, 1): (1, 5, 2, 6), (2, 2): (3, 7, 4, 8)}
#: board -> round, and each table's (contract, declarer, tricks, NS score, NS MP of 2)
BOARDS = {
    1: (1, [("4S", "N", 10, 420, 2), ("2S", "N", 9, 140, 0)]),
    2: (1, [("3NT", "E", 8, 50, 2), ("3NT", "E", 9, -400, 0)]),
    3: (2, [("1NT", "N", 7, 90, 1), ("1NT", "N", 7, 90, 1)]),
    4: (2, [("4H", "S", 10, 620, 2), ("4H", "S", 9, -100, 0)]),
}
#: each player's raw matchpoints of 8, percentage and place (ties "1=")
STANDING = {
    1: (7, 87.5, "1="), 8: (7, 87.5, "1="), 3: (5, 62.5, "3="), 6: (5, 62.5, "3="),
    2: (3, 37.5, "5="), 7: (3, 37.5, "5="), 4: (1, 12.5, "7="), 5: (1, 12.5, "7="),
}  # fmt: skip


def _line(rnd, table, result, points: str) -> str:
    contract, by, tricks, score, _mp = result
    n, e, s, w = SITTINGS[rnd, table]
    return (
        f"<TRAVELLER_LINE><ROUND_NUMBER>{rnd}</ROUND_NUMBER><TABLE_NUMBER>{table}</TABLE_NUMBER>"
        f"<NORTH_PLAYER_NUMBER>{n}</NORTH_PLAYER_NUMBER><EAST_PLAYER_NUMBER>{e}"
        f"</EAST_PLAYER_NUMBER><SOUTH_PLAYER_NUMBER>{s}</SOUTH_PLAYER_NUMBER>"
        f"<WEST_PLAYER_NUMBER>{w}</WEST_PLAYER_NUMBER><CONTRACT>{contract}</CONTRACT>"
        f"<PLAYED_BY>{by}</PLAYED_BY><TRICKS>{tricks}</TRICKS><SCORE>{score}</SCORE>"
        f"{points}</TRAVELLER_LINE>"
    )


def ebu_individual(method: str = "MATCH_POINTS") -> str:
    """EBUScore's style: PLACE with "=" for ties, raw TOTAL_SCORE and PERCENTAGE, raw
    NS/EW_MATCH_POINTS on each line (cross-IMPs: NS/EW_CROSS_IMP_POINTS, ±3 a win)."""
    players = "".join(
        f"<PLAYER><PLAYER_NUMBER>{n}</PLAYER_NUMBER><PLAYER_NAME>{NAMES[n - 1]}</PLAYER_NAME>"
        + (
            f"<PLACE>{place}</PLACE><TOTAL_SCORE>{raw}</TOTAL_SCORE>"
            f"<PERCENTAGE>{pct}</PERCENTAGE><BOARDS_PLAYED>4</BOARDS_PLAYED>"
            if method == "MATCH_POINTS"
            else ""
        )
        + "</PLAYER>"
        for n, (raw, pct, place) in sorted(STANDING.items())
    )
    boards = []
    for number, (rnd, results) in BOARDS.items():
        lines = []
        for table, result in enumerate(results, 1):
            mp = result[4]
            points = (
                f"<NS_MATCH_POINTS>{mp}</NS_MATCH_POINTS>"
                f"<EW_MATCH_POINTS>{2 - mp}</EW_MATCH_POINTS>"
                if method == "MATCH_POINTS"
                else f"<NS_CROSS_IMP_POINTS>{3 * (mp - 1)}</NS_CROSS_IMP_POINTS>"
                f"<EW_CROSS_IMP_POINTS>{-3 * (mp - 1)}</EW_CROSS_IMP_POINTS>"
            )
            lines.append(_line(rnd, table, result, points))
        boards.append(f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>{''.join(lines)}</BOARD>")
    return (
        '<?xml version="1.0" encoding="UTF-8"?><USEBIO Version="1.2">'
        '<CLUB><CLUB_NAME>Town BC</CLUB_NAME></CLUB><EVENT EVENT_TYPE="INDIVIDUAL">'
        "<PROGRAM_NAME>EBUScore Individual</PROGRAM_NAME>"
        "<EVENT_DESCRIPTION>Christmas individual</EVENT_DESCRIPTION><DATE>18/12/2025</DATE>"
        f"<BOARD_SCORING_METHOD>{method}</BOARD_SCORING_METHOD><WINNER_TYPE>1</WINNER_TYPE>"
        f"<SESSION><SECTION><PARTICIPANTS>{players}</PARTICIPANTS>{''.join(boards)}"
        "</SECTION></SESSION></EVENT></USEBIO>"
    )


def lines_of(event: Event) -> list[tuple]:
    """Every result with its round, table, four players (by name) and points."""
    seats: dict[int, dict[str, str]] = {}
    for s in TableSeat.objects.filter(table__event=event).select_related("player"):
        seats.setdefault(s.table_id, {})[s.seat] = s.player.name
    return sorted(
        (
            r.board.number,
            r.table.round.number,
            r.table.number,
            tuple(seats[r.table_id][seat] for seat in "NESW"),
            r.contract,
            r.declarer,
            r.tricks,
            r.ns_score,
            r.ns_points,
            r.ew_points,
        )  # fmt: skip
        for r in Result.objects.filter(board__event=event).select_related("board", "table__round")
    )


def standings_of(event: Event) -> list[tuple]:
    return sorted(
        (e.registration_order, e.members.get().player.name, e.total, e.boards_played, e.rank)
        for e in Entry.objects.filter(event=event).prefetch_related("members__player")
    )


def test_an_ebu_style_matchpoint_individual_imports_as_a_finished_individual_event(director):
    ann = User.objects.create(username="ann", display_name="Ann Lee")

    event = event_results_import(data=ebu_individual())

    assert (event.kind, event.method, event.status) == ("individual", "mp", "finished")
    assert (event.name, event.num_rounds, event.boards_per_round) == ("Christmas individual", 2, 2)
    assert event.settings.mp_factoring == "neuberg"
    # each player is an entry of one, the file's totals (percentages) and places
    assert standings_of(event) == [
        (n, NAMES[n - 1], STANDING[n][1], 4, int(STANDING[n][2].rstrip("="))) for n in range(1, 9)
    ]
    assert Entry.objects.get(event=event, registration_order=1).members.get().player == ann
    # every line with its round, table, four seats and raw matchpoints on the top of 2
    assert lines_of(event)[:2] == [
        (1, 1, 1, ("Ann Lee", "Bo Chen", "Cy Dunn", "Di Ray"), "4S", "N", 10, 420, 2.0, 0.0),
        (1, 1, 2, ("Ed Fox", "Flo Gay", "Gus Ho", "Hal Ivy"), "2S", "N", 9, 140, 0.0, 2.0),
    ]
    assert len(lines_of(event)) == 8
    assert Board.objects.filter(event=event).count() == 4
    assert Standing.objects.filter(entry__event=event).count() == 8
    # our scoring agrees with the file's: contract scores and matchpoints
    assert event_scoring_compare(event=event, actor=director) == []


def test_a_cross_imp_individual_keeps_the_files_points_and_ranks_by_them(db):
    event = event_results_import(data=ebu_individual("CROSS_IMPS"))

    assert (event.kind, event.method) == ("individual", "ximp")
    # no standings in the file: ours, the IMP sum of each player's side, ranked by it
    totals = {n: t for n, _name, t, _b, _r in standings_of(event)}
    assert totals == {1: 9.0, 8: 9.0, 3: 3.0, 6: 3.0, 2: -3.0, 7: -3.0, 4: -9.0, 5: -9.0}
    ranks = {n: r for n, *_rest, r in standings_of(event)}
    assert ranks[1] < ranks[3] < ranks[2] < ranks[4]
    assert lines_of(event)[0][-2:] == (3.0, -3.0)


def test_the_pages_show_players_their_partners_and_the_four_names_of_a_line(db, client):
    event = event_results_import(data=ebu_individual())
    di = Entry.objects.get(event=event, registration_order=4)

    page = client.get(f"/events/{event.pk}/").content.decode()
    assert "Hal Ivy" in page and "Final standings" in page
    assert "87.5" in page
    grid = page.split('class="data grid"')[1]
    # the grid's first column of a round is the partner: Di Ray (4) partners 2, then 3
    di_row = next(row for row in grid.split("<tr") if "Di Ray" in row.split("</th>")[0])
    assert di_row.count(f"/pairs/{Entry.objects.get(event=event, registration_order=2).pk}/")
    board = client.get(f"/events/{event.pk}/boards/1/").content.decode()
    for name in NAMES:
        assert name in board
    assert "Points are matchpoints: 2 for each result beaten" in board  # raw, not %
    player = client.get(f"/events/{event.pk}/pairs/{di.pk}/").content.decode()
    assert "Player 4" in player
    round_two = player.split("<h2>Round 2</h2>")[1]
    assert "Cy Dunn" in round_two.split("against")[0]  # Di's partner in round 2
    opponents = round_two.split("against")[1].split("</div>")[0]
    assert "Gus Ho" in opponents and "Hal Ivy" in opponents


def twice_the_field() -> str:
    """The same event with sixteen players: players 9-16 at tables 3 and 4."""
    data = ebu_individual()
    players = re.findall(r"<PLAYER>.*?</PLAYER>", data)
    more = [
        re.sub(r"<PLAYER_NUMBER>(\d+)<", lambda m: f"<PLAYER_NUMBER>{int(m[1]) + 8}<", p).replace(
            "<PLAYER_NAME>", "<PLAYER_NAME>Twin "
        )
        for p in players
    ]
    data = data.replace("</PARTICIPANTS>", "".join(more) + "</PARTICIPANTS>")

    def twin(line: re.Match) -> str:
        text = re.sub(
            r"_PLAYER_NUMBER>(\d+)<", lambda m: f"_PLAYER_NUMBER>{int(m[1]) + 8}<", line[0]
        )
        text = re.sub(r"<TABLE_NUMBER>(\d+)<", lambda m: f"<TABLE_NUMBER>{int(m[1]) + 2}<", text)
        return line[0] + text

    return re.sub(r"<TRAVELLER_LINE>.*?</TRAVELLER_LINE>", twin, data)


@pytest.mark.parametrize("data", [ebu_individual, twice_the_field], ids=["8", "16"])
def test_the_pages_take_as_many_queries_for_sixteen_players_as_for_eight(
    db, data, django_assert_max_num_queries
):
    event = event_results_import(data=data())
    entry = Entry.objects.filter(event=event).first()
    client = APIClient()
    with django_assert_max_num_queries(10):  # 9 here, for 8 players as for 16
        assert client.get(f"/events/{event.pk}/").status_code == 200
    with django_assert_max_num_queries(9):
        assert client.get(f"/events/{event.pk}/boards/1/").status_code == 200
    with django_assert_max_num_queries(9):
        assert client.get(f"/events/{event.pk}/pairs/{entry.pk}/").status_code == 200


@pytest.mark.parametrize("method", ["MATCH_POINTS", "CROSS_IMPS"])
def test_an_exported_individual_event_reads_back_as_the_same_event(db, method):
    event = event_results_import(data=ebu_individual(method))

    xml = interchange.event_usebio_export(event=event)
    again = event_results_import(data=xml)

    assert (again.kind, again.method, again.settings.mp_factoring) == (
        event.kind, event.method, event.settings.mp_factoring,
    )  # fmt: skip
    assert (again.num_rounds, again.boards_per_round) == (event.num_rounds, event.boards_per_round)
    assert lines_of(again) == lines_of(event)
    assert [s[1:] for s in standings_of(again)] == [s[1:] for s in standings_of(event)]
    if method == "MATCH_POINTS":  # raw matchpoints, their percentage, each player's raw total
        assert "<NS_MATCH_POINTS>2.00</NS_MATCH_POINTS>" in xml
        assert "<NS_PERCENTAGE>100.00</NS_PERCENTAGE>" in xml
        assert "<TOTAL_SCORE>7.00</TOTAL_SCORE>" in xml and "<PERCENTAGE>87.50</PERCENTAGE>" in xml


def test_the_api_and_the_command_import_an_individual_file_and_pbn_export_is_refused(
    db, tmp_path, director
):
    path = tmp_path / "individual.xml"
    path.write_text(ebu_individual())
    call_command("import_results", str(path))
    event = Event.objects.get(name="Christmas individual")
    api = APIClient()
    api.force_authenticate(director)

    text = {"text": ebu_individual()}
    response = api.post("/api/events/import/results/", text, format="json")
    assert response.status_code == 409 and response.data["event"] == event.pk  # the same file
    response = api.post("/api/events/import/results/", {**text, "force": True}, format="json")
    assert response.status_code == 201, response.data
    assert response.data["kind"] == "individual"
    pbn = api.get(f"/api/events/{event.pk}/export/results.pbn")
    assert pbn.status_code == 400
    assert "USEBIO" in pbn.json()["detail"]
    assert api.get(f"/api/events/{event.pk}/export/usebio.xml").status_code == 200


def test_an_individual_event_cannot_be_started_or_created_here(db, director):
    api = APIClient()
    api.force_authenticate(director)
    response = api.post(
        "/api/events/",
        {"name": "Solo", "kind": "individual", "start_at": "2027-01-01T19:00:00Z",
         "num_rounds": 2, "boards_per_round": 2},
        format="json",
    )  # fmt: skip
    assert response.status_code == 400
    assert not Event.objects.filter(name="Solo").exists()


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("<EAST_PLAYER_NUMBER>6<", "<EAST_PLAYER_NUMBER>9<",
         "Board 1: player 9 is not among the participants."),
        ("<EAST_PLAYER_NUMBER>6<", "<EAST_PLAYER_NUMBER>2<",
         "Board 1: a player has two results on this board."),
        ("<BOARD_SCORING_METHOD>MATCH_POINTS<", "<BOARD_SCORING_METHOD>HCP_PAR_IMPS<",
         "read when scored in matchpoints, cross-IMPs or IMPs"),
    ],
)  # fmt: skip
def test_a_bad_individual_file_changes_nothing(db, old, new, message):
    data = ebu_individual()
    assert old in data
    users, events = User.objects.count(), Event.objects.count()
    with pytest.raises(BridgeError, match=message):
        event_results_import(data=data.replace(old, new, 1))
    assert (User.objects.count(), Event.objects.count()) == (users, events)


def test_a_board_not_played_at_a_table_is_a_cut_result_and_reads_back(db):
    played = (
        "<CONTRACT>1NT</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>7</TRICKS><SCORE>90</SCORE>"
        "<NS_MATCH_POINTS>1</NS_MATCH_POINTS><EW_MATCH_POINTS>1</EW_MATCH_POINTS>"
    )
    data = ebu_individual()
    at = data.rfind(played)  # board 3 at table 2 (3, 7, 4, 8) was not played
    data = data[:at] + "<SCORE>NP</SCORE>" + data[at + len(played) :]

    event = event_results_import(data=data)

    cut = Result.objects.get(board__event=event, status=Result.Status.CUT)
    assert (cut.board.number, cut.table.number, cut.contract, cut.ns_points) == (3, 2, "", None)
    assert Entry.objects.get(event=event, registration_order=3).boards_played == 4  # the file's
    again = event_results_import(data=interchange.event_usebio_export(event=event))
    assert "<SCORE>NP</SCORE>" in interchange.event_usebio_export(event=event)
    assert lines_of(again) == lines_of(event)


def test_the_admin_shows_an_imported_individual_and_refuses_to_create_one(db, client):
    event = event_results_import(data=ebu_individual())
    admin = User.objects.create_superuser(username="boss", password="x", display_name="Boss")
    client.force_login(admin)
    assert client.get(f"/admin/tournaments/event/{event.pk}/change/").status_code == 200
    start = timezone.now() + timedelta(days=1)
    response = client.post(
        "/admin/tournaments/event/add/",
        {"name": "Admin solo", "kind": "individual", "director": admin.pk,
         "start_at_0": start.strftime("%Y-%m-%d"), "start_at_1": start.strftime("%H:%M:%S"),
         "num_rounds": 4, "boards_per_round": 8, "round_minutes": 60, "gap_minutes": 5,
         "method": "mp", "finish_threshold": "0.70", "bye_score": "A="},
    )  # fmt: skip
    assert response.status_code == 200
    assert "comes from a results file" in response.content.decode()
    assert not Event.objects.filter(name="Admin solo").exists()


def test_the_boards_api_names_the_four_players_of_each_line(db):
    event = event_results_import(data=ebu_individual())

    board = APIClient().get(f"/api/events/{event.pk}/boards/1/").json()

    seats = {r["table"]: [(s["seat"], s["name"]) for s in r["seats"]] for r in board["results"]}
    assert seats[1] == [("N", "Ann Lee"), ("E", "Bo Chen"), ("S", "Cy Dunn"), ("W", "Di Ray")]
    assert seats[2] == [("N", "Ed Fox"), ("E", "Flo Gay"), ("S", "Gus Ho"), ("W", "Hal Ivy")]


def test_the_history_api_gives_each_rounds_partner_and_opponents(db):
    event = event_results_import(data=ebu_individual())
    di = Entry.objects.get(event=event, registration_order=4)

    rounds = APIClient().get(f"/api/events/{event.pk}/pairs/{di.pk}/").json()["rounds"]

    assert [(r["round_number"], r["side"], r["partner"]["name"]) for r in rounds] == [
        (1, "EW", "Bo Chen"), (2, "NS", "Cy Dunn"),
    ]  # fmt: skip
    assert [p["name"] for p in rounds[1]["opponent_players"]] == ["Gus Ho", "Hal Ivy"]
    assert rounds[0]["opponents"] is None
