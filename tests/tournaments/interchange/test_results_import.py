"""Importing a finished event from another scorer's file: round trips of our own
exports for every pairs method, other producers' files, the pages, the API, the page
and the command, and all-or-nothing refusals."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from accounts.models import User
from tests.factories import UserFactory
from tests.tournaments.interchange.test_interchange import db_lines
from tests.tournaments.interchange.test_interchange_pbn_files import EBU_STYLE, deal, per_table_file
from tests.tournaments.interchange.test_interchange_usebio_files import EBUSCORE, TEAMSSCORER
from tournaments import services
from tournaments.interchange import exports as interchange
from tournaments.interchange.importers.dispatch import event_results_import
from tournaments.models import Board, Entry, Event, Result
from tournaments.simulation import SimulationConfig, simulate_swiss_event


def played_event(method: str) -> Event:
    """A finished event with a bye (5 pairs), a passed-out board and an adjusted score."""
    event = simulate_swiss_event(
        SimulationConfig(pairs=5, rounds=2, boards_per_round=2, seed=3, method=method)
    )
    return pass_out_and_adjust(event)


def pass_out_and_adjust(event: Event) -> Event:
    """The first played result passed out, the last one adjusted A+/A− by the director."""
    results = list(
        Result.objects.filter(
            board__event=event, table__ew__isnull=False, status=Result.Status.PLAYED
        )
        .select_related("table", "board")
        .order_by("board__number", "table__number")
    )
    first, second = results[0], results[-1]
    services.result_correct(
        table_id=first.table_id, board_id=first.board_id, director=event.director,
        contract="PASS",
    )  # fmt: skip
    services.result_correct(
        table_id=second.table_id, board_id=second.board_id, director=event.director,
        ns_adjustment="A+", ew_adjustment="A-",
    )  # fmt: skip
    event.refresh_from_db()
    return event


def exported(event: Event, source: str) -> str:
    """The event's USEBIO file or PBN results file."""
    if source == "usebio":
        return interchange.event_usebio_export(event=event)
    return interchange.event_results_pbn_export(event=event)


def standings(event: Event) -> dict[int, tuple]:
    entries = Entry.objects.filter(event=event).prefetch_related("members")
    return {
        e.registration_order: (
            e.rank,
            round(e.total, 2),
            e.boards_played,
            [m.player_id for m in e.members.all()],
        )  # fmt: skip
        for e in entries
    }


def boards(event: Event) -> dict[int, tuple]:
    fields = ("deal", "dealer", "vulnerability", "dd_table", "par_score", "par_contracts")
    return {
        b.number: tuple(getattr(b, f) for f in fields) for b in Board.objects.filter(event=event)
    }


def assert_same_event(imported: Event, original: Event, source: str) -> None:
    assert imported.status == Event.Status.FINISHED and imported.source == source
    assert (imported.kind, imported.method) == (original.kind, original.method)
    assert imported.name == original.name
    assert db_lines(imported) == db_lines(original)
    assert standings(imported) == standings(original)
    assert boards(imported) == boards(original)


def test_a_usebio_export_imports_as_the_same_event(db, django_capture_on_commit_callbacks):
    original = played_event(Event.Method.XIMP)
    xml = interchange.event_usebio_export(event=original)

    with django_capture_on_commit_callbacks(execute=True):  # USEBIO has no analysis: ours
        imported = event_results_import(data=xml.encode())

    assert_same_event(imported, original, "usebio")


@pytest.mark.slow
@pytest.mark.parametrize("method", [Event.Method.XIMP, Event.Method.IMP, Event.Method.MP])
@pytest.mark.parametrize("source", ["usebio", "pbn"])
def test_every_method_round_trips_through_both_formats(
    method, source, db, django_capture_on_commit_callbacks
):
    original = played_event(method)
    text = exported(original, source)

    with django_capture_on_commit_callbacks(execute=True):
        imported = event_results_import(data=text)

    assert_same_event(imported, original, source)


def test_pages_of_an_imported_event(db, client, django_assert_max_num_queries):
    original = played_event(Event.Method.MP)
    imported = event_results_import(data=interchange.event_usebio_export(event=original))
    entry = Entry.objects.filter(event=imported, rank=1).first()
    board = Board.objects.get(event=imported, number=1)
    result = Result.objects.filter(board=board, status=Result.Status.PLAYED).first()

    with django_assert_max_num_queries(25):
        page = client.get(f"/events/{imported.pk}/")
    assert page.status_code == 200
    assert entry.members.first().player.name in page.content.decode()
    board_page = client.get(f"/events/{imported.pk}/boards/1/")
    assert board_page.status_code == 200
    assert f"{result.ns_points:.2f}".rstrip("0").rstrip(".") in board_page.content.decode()
    pair_page = client.get(f"/events/{imported.pk}/pairs/{entry.pk}/")
    assert pair_page.status_code == 200


def test_ebuscore_sections_import_with_players_matched_by_name(db):
    ann = UserFactory(display_name="Ann Lee")
    before = User.objects.count()

    event = event_results_import(data=EBUSCORE.encode("latin-1"))

    assert (event.method, event.source, event.name) == ("mp", "usebio", "Monday Pairs")
    assert (event.kind, event.settings.arrow_switch) == ("mitchell", False)  # WINNER_TYPE 2
    entries = list(Entry.objects.filter(event=event).order_by("registration_order"))
    # Two sections: A1, A2 (listed), A3, A4 and B1-B4 (from the lines), numbered in turn
    assert len(entries) == 8
    first = entries[0]
    assert [m.player for m in first.members.all()][0] == ann
    assert [m.player.name for m in first.members.all()] == ["Ann Lee", "Bo Chen"]
    assert (first.rank, first.total) == (1, 62.5)
    assert User.objects.count() == before + 3  # Bo Chen, Cy Dunn, Di Ray: guests
    guest = User.objects.get(display_name="Bo Chen")
    assert not guest.has_usable_password()
    lines = Result.objects.filter(board__event=event).order_by("pk")
    # a Mitchell's matchpoints are raw: the file's, else the share of its section's top
    assert [(r.status, r.contract, r.ns_adjustment, r.ns_points) for r in lines] == [
        ("played", "4SX", "", 2.0),
        ("played", "3NT", "", 0.0),
        ("adjusted", "", "A+", 1.2),
        ("adjusted", "", "A-", 0.8),
    ]


def test_a_per_table_pbn_file_gives_pairs_by_their_names(db, client):
    cards = {1: deal(1), 2: deal(2)}
    text = '[Scoring "MP"]\n' + per_table_file(cards).replace('[Dealer "N"]', '[Dealer "S"]')

    event = event_results_import(data=text, name="Monday at RealBridge")

    assert event.name == "Monday at RealBridge" and event.source == "pbn"
    names = {
        tuple(m.player.name for m in e.members.all()) for e in Entry.objects.filter(event=event)
    }
    assert ("N1 North", "N1 South") in names and ("E3 East", "E3 West") in names
    assert len(names) == 6
    assert Result.objects.filter(board__event=event).count() == 6
    board = Board.objects.get(event=event, number=2)
    assert (board.deal, board.dealer) == (cards[2], "S")
    assert 'id="off-cycle"' in client.get(f"/events/{event.pk}/boards/2/").content.decode()


def test_an_ebu_style_score_table_keeps_the_files_points(db):
    event = event_results_import(data=EBU_STYLE.replace("{deal}", deal(5)))
    points = dict(
        Result.objects.filter(board__event=event).values_list("table__ns__registration_order",
                                                              "ns_points")
    )  # fmt: skip
    assert points == {1: 100.0, 2: 58.33, 3: 16.67, 4: 60.0, 5: 40.0, 6: 58.33}
    assert Board.objects.get(event=event).vulnerability == "NS"


@pytest.mark.parametrize(
    ("text", "code", "message"),
    [
        (
            TEAMSSCORER.replace("SWISS_TEAMS", "INDIVIDUAL").replace(">IMPS<", ">MATCH_POINTS<"),
            "content",
            "The file names no players.",
        ),
        ("<USEBIO><EVENT>", "unreadable", "The file cannot be read: not XML"),
        (  # its only line is not one: nothing is left to import
            EBU_STYLE.replace("{deal}", deal(5)).split("\n 2  2")[0].replace("4H  ", "42  "),
            "unreadable",
            "Board 5: contract '42' is not a contract such as 4SX, 3NT or Pass.",
        ),
        (
            EBU_STYLE.replace("{deal}", deal(5)[:-1] + "2"),
            "content",
            "Board 5: ",
        ),
        (per_table_file({1: deal(1)}), "method", "The file does not say how it was scored"),
    ],
)
def test_a_bad_file_changes_nothing_and_says_what_and_where(text, code, message, db, director):
    users, events = User.objects.count(), Event.objects.count()
    api = APIClient()
    api.force_authenticate(director)

    response = api.post("/api/events/import/results/", {"text": text}, format="json")

    assert response.status_code == 400
    assert response.data["code"] == code
    assert message in response.data["detail"]
    assert len(response.data["detail"]) < 300
    assert (User.objects.count(), Event.objects.count()) == (users, events)


def test_the_api_imports_a_file_for_directors_only(db, director):
    xml = EBUSCORE.encode("latin-1")
    player = UserFactory()
    api = APIClient()
    api.force_authenticate(player)
    upload = SimpleUploadedFile("pairs.xml", xml, content_type="application/xml")
    assert api.post("/api/events/import/results/", {"file": upload}).status_code == 403
    assert APIClient().post("/api/events/import/results/", {"text": "x"}).status_code in (401, 403)

    api.force_authenticate(director)
    upload = SimpleUploadedFile("pairs.xml", xml, content_type="application/xml")
    response = api.post("/api/events/import/results/", {"file": upload, "name": "History"})

    assert response.status_code == 201, response.data
    event = Event.objects.get(pk=response.data["event"])
    assert response.data == {
        "event": event.pk, "name": "History", "source": "usebio", "method": "mp",
        "kind": "mitchell", "entries": 8, "boards": 1, "results": 4, "problems": [],
    }  # fmt: skip
    assert event.director == director


def test_the_directors_page(db, client, director, django_capture_on_commit_callbacks):
    client.force_login(director)
    assert "Import results" in client.get("/").content.decode()
    assert client.get("/events/import/").status_code == 200

    bad = SimpleUploadedFile("x.pbn", b"not a pbn file")
    with django_capture_on_commit_callbacks(execute=True):  # the task runs
        sent = client.post("/events/import/", {"file": bad})
    page = client.get(sent.url)  # the progress page: the import has finished
    assert page.status_code == 200
    assert 'id="import-error"' in page.content.decode()
    assert not Event.objects.exists()

    good = SimpleUploadedFile("x.xml", EBUSCORE.encode("latin-1"))
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/events/import/", {"file": good, "name": "Old Monday"})
    event = Event.objects.get()
    assert response.status_code == 302
    assert client.get(response.url).url == f"/events/{event.pk}/"
    assert event.name == "Old Monday"

    client.force_login(UserFactory())
    assert client.get("/events/import/").status_code == 403


def test_the_import_results_command(db, tmp_path):
    path = tmp_path / "pairs.xml"
    path.write_bytes(EBUSCORE.encode("latin-1"))
    out = StringIO()
    call_command("import_results", str(path), stdout=out)
    event = Event.objects.get()
    assert out.getvalue().startswith(f"Imported event {event.pk} “Monday Pairs”: 8 pairs, 1 boards")

    path.write_text(
        TEAMSSCORER.replace("SWISS_TEAMS", "INDIVIDUAL").replace(">IMPS<", ">MATCH_POINTS<")
    )
    with pytest.raises(CommandError, match="names no players"):
        call_command("import_results", str(path))
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_results", str(tmp_path / "missing.xml"))
    assert Event.objects.count() == 1
    path.write_text(TEAMSSCORER)
    call_command("import_results", str(path), stdout=out)
    assert "“County Teams”: 2 teams, 1 boards" in out.getvalue()


def test_our_scoring_is_shown_beside_the_files_only_when_asked(db, client, director):
    text = EBU_STYLE.replace("{deal}", deal(5))
    # table 1: 4H by S making 10 on board 5 (NS vulnerable) is 620; the file says 650
    text = text.replace(" 1  1  8 4H    S HK 10  620", " 1  1  8 4H    S HK 10  650")
    event = event_results_import(data=text, actor=director)
    stored = dict(Result.objects.filter(board__event=event).values_list("pk", "ns_score"))
    api = APIClient()
    api.force_authenticate(director)

    response = api.get(f"/api/events/{event.pk}/scoring-check/")

    assert response.status_code == 200
    differences = {(d["table"], d["what"]): (d["file"], d["ours"]) for d in response.data}
    # Played: 650 (as the file has it), -200, 0 and 600 → 100, 0, 33.33 and 66.67 %;
    # the file's "A" is average (50 % here, 60 % in the file); A- is 40 % in both.
    assert differences == {
        (1, "score"): (650, 620),
        (2, "points"): (58.33, 0.0),
        (3, "points"): (16.67, 33.33),
        (4, "points"): (60.0, 50.0),
        (6, "points"): (58.33, 66.67),
    }
    assert dict(Result.objects.filter(board__event=event).values_list("pk", "ns_score")) == stored

    client.force_login(director)
    page = client.get(f"/events/{event.pk}/director/scoring-check/").content.decode()
    assert 'id="differences"' in page and "650" in page
    assert "scoring-check" in client.get(f"/events/{event.pk}/").content.decode()
    client.force_login(UserFactory())
    assert client.get(f"/events/{event.pk}/director/scoring-check/").status_code == 403


def test_an_event_played_here_is_not_compared(make_event, director):
    event = make_event(pairs=4)
    api = APIClient()
    api.force_authenticate(director)
    response = api.get(f"/api/events/{event.pk}/scoring-check/")
    assert response.status_code == 400 and response.data["code"] == "source"


def match_rows(event: Event) -> list[tuple]:
    from tournaments.models import Match

    rows = Match.objects.filter(event=event).select_related("round", "home", "away")
    return sorted(
        (
            m.round.number,
            m.number,
            m.home.registration_order,
            m.away.registration_order if m.away else None,
            m.home_imps,
            m.away_imps,
            m.home_vp,
            m.away_vp,
            m.boards_scored,
        )  # fmt: skip
        for m in rows
    )


def team_names(event: Event) -> dict[int, str]:
    from tournaments.models import TeamEntry

    return {
        t.entry.registration_order: t.team.name
        for t in TeamEntry.objects.filter(event=event).select_related("entry", "team")
    }


@pytest.mark.parametrize("kind", [Event.Kind.TEAMS_SWISS, Event.Kind.TEAMS_RR])
def test_a_team_event_round_trips_through_usebio(kind, db, django_capture_on_commit_callbacks):
    from tournaments.formats.teams.simulation import TeamsSimulationConfig, simulate_teams_event

    original = simulate_teams_event(
        TeamsSimulationConfig(kind=kind, teams=5, rounds=2, boards_per_round=2, seed=4)
    )
    xml = interchange.event_usebio_export(event=original)
    assert "<TEAM_NAME>" in xml and "<MATCH>" in xml and "<ROOM>Open</ROOM>" in xml

    with django_capture_on_commit_callbacks(execute=True):
        imported = event_results_import(data=xml)

    assert (imported.kind, imported.method, imported.status) == (kind, "imp", "finished")
    assert db_lines(imported) == db_lines(original)
    assert standings(imported) == standings(original)
    assert match_rows(imported) == match_rows(original)
    assert team_names(imported) == team_names(original)
    assert boards(imported) == boards(original)


def test_a_teamsscorer_file_imports_its_matches(db, client):
    event = event_results_import(data=TEAMSSCORER)

    assert (event.kind, event.method, event.name) == ("teams_swiss", "imp", "County Teams")
    assert match_rows(event) == [(1, 1, 1, 2, 10, 0, 14.36, 5.64, 1)]
    assert team_names(event) == {1: "Lions", 2: "Tigers"}
    lions = Entry.objects.get(event=event, registration_order=1)
    assert (lions.rank, lions.total) == (1, 14.36)
    assert [m.player.name for m in lions.members.all()] == ["A One", "B One", "C One", "D One"]
    rooms = Result.objects.filter(board__event=event).values_list("table__room", "ns_points")
    assert sorted(rooms) == [("closed", -10.0), ("open", 10.0)]
    assert client.get(f"/events/{event.pk}/").status_code == 200


def test_an_import_without_deals_shows_and_exports_and_reads_back(db, client):
    first = event_results_import(data=EBUSCORE.encode("latin-1"))
    page = client.get(f"/events/{first.pk}/boards/1/")
    assert page.status_code == 200 and 'id="no-deal"' in page.content.decode()
    assert "[Deal" not in client.get(f"/api/events/{first.pk}/export/hands.pbn").content.decode()

    for name in ("usebio.xml", "results.pbn"):
        text = client.get(f"/api/events/{first.pk}/export/{name}").content
        again = event_results_import(data=text)
        assert db_lines(again) == db_lines(first)
        assert standings(again) == standings(first)


def test_pages_and_export_of_an_imported_team_event(db, client, django_assert_max_num_queries):
    from tournaments.models import Match

    event = event_results_import(data=TEAMSSCORER)
    match = Match.objects.get(event=event)
    for url in (f"/events/{event.pk}/", f"/events/{event.pk}/boards/1/",
                f"/events/{event.pk}/matches/{match.pk}/"):  # fmt: skip
        assert client.get(url).status_code == 200, url
    assert "Lions" in client.get(f"/events/{event.pk}/").content.decode()
    with django_assert_max_num_queries(12):
        xml = client.get(f"/api/events/{event.pk}/export/usebio.xml").content.decode()
    assert "<TEAM_NAME>Lions</TEAM_NAME>" in xml and "<VICTORY_POINTS>14.36" in xml


def test_two_pairs_with_a_namesake_get_the_player_once_and_a_guest(db):
    ann = UserFactory(display_name="Ann Lee")
    xml = EBUSCORE.replace(">Cy Dunn<", ">Ann Lee<")

    event = event_results_import(data=xml)

    first, second = Entry.objects.filter(event=event).order_by("registration_order")[:2]
    assert first.members.first().player == ann
    namesake = second.members.first().player
    assert namesake != ann and namesake.display_name == "Ann Lee"
    assert not namesake.has_usable_password()
