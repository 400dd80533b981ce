"""A scoring pool through USEBIO: exported as an individual event, imported back as the
same pool (docs/rules.md § Files), other scorers' individual files, and refusals."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from accounts.models import User
from tests.factories import UserFactory
from tests.tournaments.formats.pool.conftest import boards_of, play, seat
from tests.tournaments.interchange.test_interchange import db_lines
from tests.tournaments.interchange.test_results_import import boards, standings
from tournaments import services
from tournaments.formats.pool.selectors import leaderboard_get
from tournaments.formats.pool.simulation import PoolSimulationConfig, pool_report, simulate_pool
from tournaments.interchange import exports as interchange
from tournaments.interchange.importers.dispatch import event_results_import
from tournaments.models import Board, Entry, Event, PoolBoard, PoolResult, PoolScore, Result
from tournaments.services.analysis import boards_analyse

pytestmark = pytest.mark.django_db


def simulated_pool() -> Event:
    """Sixteen players for an hour and a half: boards scored in a batch at the 3rd
    result and one by one after, boards retired at the 4th, boards still provisional."""
    event = simulate_pool(
        PoolSimulationConfig(players=16, tables_per_hour=10, hours=1.5, seed=5,
                             boards_per_table=3, score_at=3, retire_at=4, library=6)
    )  # fmt: skip
    # the library's boards no table was dealt are analysed too (an import analyses all)
    boards_analyse(board_ids=list(Board.objects.filter(event=event).values_list("pk", flat=True)))
    return event


def pool_rows(event: Event) -> dict:
    """Everything the pool's scoring stored, comparable between two events."""
    number = dict(Entry.objects.filter(event=event).values_list("pk", "registration_order"))
    settings = event.settings
    return {
        "settings": (settings.boards_per_table, settings.minutes_per_board, settings.score_at,
                     settings.retire_at, settings.ends_at, settings.last_seq, event.start_at),
        "library": sorted(
            PoolBoard.objects.filter(event=event).values_list(
                "board__number", "taken", "results", "retired"
            )
        ),
        "results": list(
            PoolResult.objects.filter(event=event).order_by("seq").values_list(
                "board__number", "seq", "scored_at_seq", "datum", "ns_imps",
                "result__table__number", "result__ns_score",
            )
        ),
        "scores": sorted(
            (b, seq, player, seat, imps, at, number[entry])
            for b, seq, player, seat, imps, at, entry in PoolScore.objects.filter(
                event=event
            ).values_list(
                "result__board__number", "result__pool__seq", "player_id", "seat", "imps",
                "scored_at_seq", "entry_id",
            )
        ),
        "leaderboard": [
            (r.place, number[r.entry_id], r.player_id, r.imps, r.boards)
            for r in leaderboard_get(event=event)
        ],
    }  # fmt: skip


def report(event: Event) -> dict:
    return {k: v for k, v in pool_report(event).items() if k != "event"}


@pytest.mark.slow
def test_a_simulated_pool_exports_and_imports_back_as_the_same_pool(
    client, django_capture_on_commit_callbacks
):
    original = simulated_pool()
    names = [m.player.name for e in Entry.objects.filter(event=original) for m in e.members.all()]
    assert len(set(names)) == len(names) == 16  # each player is found again by name
    played = report(original)
    lines = [r for b in played["boards"] for r in b["results"]]
    assert any(b["retired"] for b in played["boards"])
    assert any(r["scored_at_seq"] is None for r in lines)  # provisional
    assert any(r["scored_at_seq"] not in (None, r["seq"]) for r in lines)  # a batch
    assert any(r["scored_at_seq"] == r["seq"] for r in lines)  # one by one
    users = User.objects.count()

    xml = interchange.event_usebio_export(event=original)
    with django_capture_on_commit_callbacks(execute=True):
        imported = event_results_import(data=xml.encode())

    assert User.objects.count() == users  # every player matched, no guest
    assert (imported.kind, imported.method, imported.status, imported.source) == (
        "pool", "imp", "finished", "usebio",
    )  # fmt: skip
    assert imported.name == original.name
    assert report(imported) == played
    assert pool_rows(imported) == pool_rows(original)
    assert db_lines(imported) == db_lines(original)
    assert standings(imported) == standings(original)
    assert boards(imported) == boards(original)
    # and the imported pool exports the same file again
    again = interchange.event_usebio_export(event=imported)
    assert re.sub(r"<EVENT_IDENTIFIER>\d+<", "", again) == re.sub(
        r"<EVENT_IDENTIFIER>\d+<", "", xml
    )

    retired = next(b["board"] for b in played["boards"] if b["retired"])
    for url in (
        f"/events/{imported.pk}/boards/{retired}/",
        f"/events/{imported.pk}/boards/{played['boards'][-1]['board']}/",
        f"/events/{imported.pk}/pool/leaderboard/",
        f"/events/{imported.pk}/pool/",
    ):
        assert client.get(url).status_code == 200, url
    leader = leaderboard_get(event=imported)[0]
    assert leader.name in client.get(f"/events/{imported.pk}/pool/leaderboard/").content.decode()


def test_the_api_exports_a_running_pool_with_its_public_boards_only(
    make_pool, players, django_assert_max_num_queries
):
    event = make_pool(boards=4, boards_per_table=4, score_at=2, retire_at=2)
    first, second = seat(event, players[:4]), seat(event, players[4:8])
    board = boards_of(first)[0]
    assert board in boards_of(second)
    play(first, board, contract="4S", declarer="N", tricks=10)
    play(second, board, contract="3NT", declarer="N", tricks=9)  # retires it
    other = boards_of(first)[1]
    play(first, other)  # in play: left out
    api = APIClient()

    with django_assert_max_num_queries(20):
        response = api.get(f"/api/events/{event.pk}/export/usebio.xml")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/xml")
    xml = response.content.decode()
    assert '<EVENT EVENT_TYPE="INDIVIDUAL">' in xml
    assert "<BOARD_SCORING_METHOD>IMPS</BOARD_SCORING_METHOD>" in xml
    assert xml.count("<PLAYER_NUMBER>") == 8 and "<PAIR>" not in xml
    assert f"<BOARD_NUMBER>{board.number}</BOARD_NUMBER>" in xml
    assert f"<BOARD_NUMBER>{other.number}</BOARD_NUMBER>" not in xml
    assert xml.count("<TRAVELLER_LINE>") == 2
    assert "<BRIDGEHALL_RETIRED>true</BRIDGEHALL_RETIRED>" in xml
    north = Entry.objects.get(event=event, members__player=players[0]).registration_order
    assert f"<NORTH_PLAYER_NUMBER>{north}</NORTH_PLAYER_NUMBER>" in xml
    assert "<SCORE>420</SCORE>" in xml and "<BRIDGEHALL_SEQ>1</BRIDGEHALL_SEQ>" in xml
    assert "<NS_IMPS>" in xml and "<BRIDGEHALL_SCORE_AT>" not in xml
    assert "<SCORE_AT>2</SCORE_AT>" in xml and "<RETIRE_AT>2</RETIRE_AT>" in xml

    pbn = api.get(f"/api/events/{event.pk}/export/results.pbn")
    assert pbn.status_code == 400 and pbn.data["code"] == "kind"
    assert "USEBIO" in pbn.data["detail"]
    assert api.get(f"/api/events/{event.pk}/export/hands.pbn").status_code == 200
    with pytest.raises(CommandError, match="exported as USEBIO"):
        call_command("export_event", str(event.pk), "--format", "results")


def test_an_adjusted_score_and_a_running_pools_public_board_come_back(make_pool, players):
    event = make_pool(boards=4, boards_per_table=4, score_at=2, retire_at=3)
    tables = [seat(event, players[i : i + 4]) for i in (0, 4, 8)]
    board = boards_of(tables[0])[0]
    play(tables[0], board, contract="4S", declarer="N", tricks=10)
    services.result_correct(
        table_id=tables[1].pk, board_id=board.pk, director=event.director,
        ns_adjustment="A+", ew_adjustment="A-",
    )  # fmt: skip
    play(tables[2], board, contract="3NT", declarer="N", tricks=9)  # the 3rd: retired
    play(tables[0], boards_of(tables[0])[1])  # in play: not in the file
    original = pool_rows(event)
    assert [r[2] for r in original["results"]] == [2, 2, 3, None]

    imported = event_results_import(data=interchange.event_usebio_export(event=event))

    rows = pool_rows(imported)
    assert rows["results"] == original["results"][:3]
    assert rows["scores"] == original["scores"] and rows["leaderboard"] == original["leaderboard"]
    assert rows["library"] == [(board.number, 3, 3, True)]
    adjusted = Result.objects.get(board__event=imported, status=Result.Status.ADJUSTED)
    assert (adjusted.ns_adjustment, adjusted.ew_adjustment) == ("A+", "A-")
    assert (adjusted.ns_points, adjusted.ew_points) == (3.0, -3.0)
    assert db_lines(imported) == {board.number: db_lines(event)[board.number]}


def _player(n: int, name: str) -> str:
    return f"<PLAYER><PLAYER_NUMBER>{n}</PLAYER_NUMBER><PLAYER_NAME>{name}</PLAYER_NAME></PLAYER>"


def _line(table, n, e, s, w, contract, by, tricks, score, imps) -> str:
    points = "" if imps is None else f"<NS_IMPS>{imps}</NS_IMPS><EW_IMPS>{-imps}</EW_IMPS>"
    return (
        f"<TRAVELLER_LINE><TABLE_NUMBER>{table}</TABLE_NUMBER>"
        f"<NORTH_PLAYER_NUMBER>{n}</NORTH_PLAYER_NUMBER><EAST_PLAYER_NUMBER>{e}"
        f"</EAST_PLAYER_NUMBER><SOUTH_PLAYER_NUMBER>{s}</SOUTH_PLAYER_NUMBER>"
        f"<WEST_PLAYER_NUMBER>{w}</WEST_PLAYER_NUMBER><CONTRACT>{contract}</CONTRACT>"
        f"<PLAYED_BY>{by}</PLAYED_BY><TRICKS>{tricks}</TRICKS><SCORE>{score}</SCORE>"
        f"{points}</TRAVELLER_LINE>"
    )


#: Another scorer's individual event: eight players, two tables, two boards, IMPs
#: against a datum, no standings (they are the leaderboard's then), no deals.
OTHER_SCORER = (
    '<USEBIO Version="1.2"><EVENT EVENT_TYPE="INDIVIDUAL">'
    "<EVENT_DESCRIPTION>Club individual</EVENT_DESCRIPTION><DATE>12/05/2026</DATE>"
    "<BOARD_SCORING_METHOD>IMPS</BOARD_SCORING_METHOD><PARTICIPANTS>"
    + "".join(
        _player(n, name)
        for n, name in enumerate(
            ["Ann Lee", "Bo Chen", "Cy Dunn", "Di Ray", "Ed Fox", "Flo Gay", "Gus Ho", "Hal Ivy"], 1
        )
    )  # fmt: skip
    + "</PARTICIPANTS>"
    "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>"
    + _line(1, 1, 2, 3, 4, "4S", "N", 10, 420, 6)
    + _line(2, 5, 6, 7, 8, "2S", "N", 9, 140, -6)
    + "</BOARD><BOARD><BOARD_NUMBER>2</BOARD_NUMBER>"
    + _line(1, 1, 2, 3, 4, "3NT", "E", 8, 50, 2)
    + _line(2, 5, 6, 7, 8, "PASS", "N", 0, 0, None).replace("<PLAYED_BY>N</PLAYED_BY>", "")
    + "</BOARD></EVENT></USEBIO>"
)


def test_another_scorers_imp_individual_is_a_finished_pool_scored_as_the_file_says(client):
    ann = User.objects.create(username="ann", display_name="Ann Lee")

    event = event_results_import(data=OTHER_SCORER)

    assert (event.kind, event.method, event.name) == ("pool", "imp", "Club individual")
    rows = pool_rows(event)
    # file order is the arrival order; each line scored at its own arrival, the line
    # without IMPs stays provisional; no datum (the file gives none)
    assert rows["results"] == [
        (1, 1, 1, None, 6, 1, 420), (1, 2, 2, None, -6, 2, 140),
        (2, 3, 3, None, 2, 1, 50), (2, 4, None, None, None, 2, 0),
    ]  # fmt: skip
    assert rows["leaderboard"][0][:2] == (1, 1) and rows["leaderboard"][0][3:] == (8, 2)
    first = Entry.objects.get(event=event, registration_order=1)
    assert first.members.get().player == ann
    assert (first.rank, first.total, first.boards_played) == (1, 8.0, 2)
    scores = {(r[0], r[3]): r[4] for r in rows["scores"] if r[6] in (1, 2)}
    assert scores == {(1, "N"): 6, (1, "E"): -6, (2, "N"): 2, (2, "E"): -2}
    assert client.get(f"/events/{event.pk}/pool/leaderboard/").status_code == 200
    assert client.get(f"/events/{event.pk}/boards/2/").status_code == 200


@pytest.mark.parametrize(
    ("old", "new", "code", "message"),
    [
        ("IMPS</BOARD", "HCP_PAR_IMPS</BOARD", "kind",
         "read when scored in matchpoints, cross-IMPs or IMPs"),
        ("<EAST_PLAYER_NUMBER>6<", "<EAST_PLAYER_NUMBER>9<", "content",
         "Board 1: player 9 is not among the participants."),
        ("<EAST_PLAYER_NUMBER>6<", "<EAST_PLAYER_NUMBER>2<", "content",
         "Board 1: a player has two results on this board."),
        ("<NS_IMPS>-6<", "<NS_IMPS>-5.5<", "content", "Board 1: a score is not a whole number"),
        ("<WEST_PLAYER_NUMBER>4</WEST_PLAYER_NUMBER><CONTRACT>3NT", "<CONTRACT>3NT", "content",
         "Board 2: a result does not name its four players."),
        ("<DATE>12/05/2026</DATE>",
         "<DATE>12/05/2026</DATE><BRIDGEHALL_POOL><OPENS_AT>x</OPENS_AT></BRIDGEHALL_POOL>",
         "unreadable", "<OPENS_AT> is not a date and time"),
    ],
)  # fmt: skip
def test_a_bad_individual_file_changes_nothing_and_says_what_is_wrong(
    old, new, code, message, director
):
    assert old in OTHER_SCORER
    users, events = User.objects.count(), Event.objects.count()
    api = APIClient()
    api.force_authenticate(director)

    response = api.post(
        "/api/events/import/results/", {"text": OTHER_SCORER.replace(old, new, 1)}, format="json"
    )

    assert response.status_code == 400, response.data
    assert response.data["code"] == code
    assert message in response.data["detail"]
    assert len(response.data["detail"]) < 300
    assert (User.objects.count(), Event.objects.count()) == (users, events)
    assert not Result.objects.exists()


def test_our_pool_file_with_a_bad_arrival_order_changes_nothing(make_pool, players):
    event = make_pool(boards=4, boards_per_table=4, score_at=2, retire_at=2)
    first, second = seat(event, players[:4]), seat(event, players[4:8])
    board = boards_of(first)[0]
    play(first, board)
    play(second, board)
    xml = interchange.event_usebio_export(event=event)
    events = Event.objects.count()

    for old, new, message in [
        ("<BRIDGEHALL_SEQ>2<", "<BRIDGEHALL_SEQ>1<", "no arrival number of its own"),
        ("<BRIDGEHALL_SCORED_AT_SEQ>2<", "<BRIDGEHALL_SCORED_AT_SEQ>1<", "does not fit"),
        ("<SCORE_AT>2<", "<SCORE_AT>1<", "settings (BRIDGEHALL_POOL) are not valid"),
        ("<RETIRE_AT>2<", "<RETIRE_AT>1<", "settings (BRIDGEHALL_POOL) are not valid"),
    ]:
        assert old in xml, old
        with pytest.raises(Exception, match=re.escape(message)):
            event_results_import(data=xml.replace(old, new))
    assert Event.objects.count() == events


def more_boards(count: int) -> str:
    """OTHER_SCORER with ``count`` boards (boards 3 on played as board 1)."""
    board = OTHER_SCORER.split("<BOARD>")[1].split("</BOARD>")[0]
    extra = "".join(
        "<BOARD>" + board.replace("<BOARD_NUMBER>1<", f"<BOARD_NUMBER>{n}<") + "</BOARD>"
        for n in range(3, count + 1)
    )
    return OTHER_SCORER.replace("</EVENT>", extra + "</EVENT>")


@pytest.mark.parametrize("count", [2, 30])
def test_an_import_takes_as_many_queries_for_thirty_boards_as_for_two(
    count, django_assert_max_num_queries
):
    for name in ("Ann Lee", "Bo Chen", "Cy Dunn", "Di Ray", "Ed Fox", "Flo Gay", "Gus Ho",
                 "Hal Ivy"):  # fmt: skip
        UserFactory(display_name=name)
    # SQLite splits the largest bulk inserts; 4 are the file's SHA-256 (docs/rules.md
    # § Files): its look-up, a savepoint and its release, and its row
    with django_assert_max_num_queries(29):
        event = event_results_import(data=more_boards(count))
    assert Result.objects.filter(board__event=event).count() == 2 * count
    assert PoolScore.objects.filter(event=event).count() == 4 * (2 * count - 1)


def test_the_command_and_the_page_import_an_individual_file(
    tmp_path, client, director, django_capture_on_commit_callbacks
):
    path = tmp_path / "individual.xml"
    path.write_text(OTHER_SCORER)
    out = StringIO()
    call_command("import_results", str(path), stdout=out)
    assert "“Club individual”: 8 players, 2 boards" in out.getvalue()
    path.write_text(OTHER_SCORER.replace("IMPS</BOARD", "HCP_PAR_IMPS</BOARD"))
    with pytest.raises(CommandError, match="read when scored in matchpoints"):
        call_command("import_results", str(path))

    client.force_login(director)
    upload = SimpleUploadedFile("individual.xml", OTHER_SCORER.encode())
    again = {"file": upload, "name": "Old club", "force": "on"}  # the command's file again
    with django_capture_on_commit_callbacks(execute=True):  # the task runs
        sent = client.post("/events/import/", again)
    page = client.get(sent.url, follow=True)  # the progress page, then the event
    event = Event.objects.get(name="Old club")
    assert event.kind == Event.Kind.POOL and event.director == director
    assert "8 players and 2 boards" in page.content.decode()
