"""HCP-par events (docs/rules.md § HCP-par): a scoring method of any pairs format, each
result scored as IMP(NS score − the expected score for NS's HCP and vulnerability)."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.urls import reverse

import scoring
from tests.conftest import api_client, held_lead
from tests.factories import UserFactory
from tournaments import services
from tournaments.errors import BridgeError, ConflictError
from tournaments.models import Board, Event, Result

# A table where 20 HCP or fewer expects a pass-out and more expects a vulnerable-less
# +400 (or +600 vulnerable): easy to work out by hand.
FLAT = {
    v: [0.0] * 21 + [400.0 if v in ("None", "EW") else 600.0] * 20
    for v in ("None", "NS", "EW", "All")
}


def member(entry):
    return entry.members.select_related("player").first().player


def play(table, board, contract, declarer, tricks):
    result = services.result_submit(
        table_id=table.pk, board_id=board.pk, user=member(table.ns), contract=contract,
        declarer=declarer, tricks=tricks, lead=held_lead(board, declarer),
    )  # fmt: skip
    return services.result_confirm(result_id=result.pk, user=member(table.ew))


def ns_hcp(board):
    points = scoring.deal_hcp(board.deal)
    return points["N"] + points["S"]


@pytest.mark.parametrize("kind", [Event.Kind.SWISS_PAIRS, Event.Kind.MITCHELL])
def test_hcp_par_scores_each_result_against_its_expected_score(make_event, director, kind):
    event = make_event(pairs=0, kind=kind, method=Event.Method.HCP_PAR, num_rounds=2)
    services.event_hcp_par_table_set(event=event, director=director, table={"expected": FLAT})
    for _ in range(4):
        a, b = UserFactory(), UserFactory()
        entry = services.entry_register(event=event, player=a, partner=b)
        services.entry_confirm(entry=entry, player=b)
    services.event_start(event=event)
    table = event.rounds.get(number=1).tables.order_by("number").first()
    board = Board.objects.filter(event=event, round__number=1).order_by("number").first()
    if kind == Event.Kind.MITCHELL:
        board = Board.objects.filter(event=event, board_set=table.board_set).first()
    play(table, board, "4S", "N", 10)  # not vulnerable on board 1: +420
    services.round_close(event=event, number=1, open_next=False)
    result = Result.objects.get(table=table, board=board)
    # by hand: expected 0 with 20 HCP or fewer, 400 above; 420 − 0 is 9 IMPs, 420 − 400 is 1
    want = 1.0 if ns_hcp(board) > 20 else 9.0
    assert (result.ns_points, result.ew_points) == (want, -want)
    assert result.ns_points == scoring.hcp_par_imps(420, ns_hcp(board), "None", FLAT)
    entry = table.ns
    entry.refresh_from_db()
    assert entry.total == want  # the sum of the IMPs


def test_adjusted_scores_of_hcp_par_are_imps(make_event, director):
    event = make_event(pairs=4, start=True, method=Event.Method.HCP_PAR)
    table = event.rounds.get(number=1).tables.first()
    board = event.rounds.get(number=1).boards.first()
    result = services.result_correct(
        table_id=table.pk, board_id=board.pk, director=director,
        ns_adjustment="A+", ew_adjustment="A-",
    )  # fmt: skip
    services.round_close(event=event, number=1, open_next=False)
    result.refresh_from_db()
    assert (result.ns_points, result.ew_points) == (3.0, -3.0)


def test_the_board_page_shows_hcp_and_the_expected_score(client, make_event):
    event = make_event(pairs=4, start=True, method=Event.Method.HCP_PAR)
    board = event.rounds.get(number=1).boards.first()
    services.round_close(event=event, number=1, open_next=False)
    html = client.get(
        reverse("tournaments:board_detail", args=[event.pk, board.number])
    ).content.decode()
    ns = ns_hcp(board)
    expected = scoring.expected_score(ns, board.vulnerability)
    assert f"NS hold {ns} HCP, EW {40 - ns}." in html
    assert f"Expected NS score {expected:+.0f}" in html


def test_a_director_loads_another_table_before_the_start(make_event, director):
    event = make_event(pairs=2, method=Event.Method.HCP_PAR)
    client = api_client(director)
    url = f"/api/events/{event.pk}/hcp-par-table/"
    shipped = client.get(url).json()
    assert shipped["shipped"] and len(shipped["expected"]["None"]) == 41
    assert client.put(url, {"expected": FLAT}, format="json").status_code == 200
    event.refresh_from_db()
    assert event.hcp_par_table == FLAT
    bad = {"expected": {"None": [0] * 40}}
    response = client.put(url, bad, format="json")
    assert response.status_code == 400
    event.refresh_from_db()
    assert event.hcp_par_table == FLAT  # a bad table changes nothing
    assert api_client(UserFactory()).put(url, {"expected": None}, format="json").status_code == 403
    services.event_start(event=event)
    with pytest.raises(ConflictError):
        services.event_hcp_par_table_set(event=event, director=director, table=None)
    assert client.put(url, {"expected": None}, format="json").status_code == 409


def test_a_table_that_is_not_one_is_refused(make_event, director):
    event = make_event(pairs=0, method=Event.Method.HCP_PAR)
    for bad in ([1, 2], {"None": "x"}, {v: [float("nan")] * 41 for v in FLAT}):
        with pytest.raises(BridgeError):
            services.event_hcp_par_table_set(event=event, director=director, table=bad)


@pytest.mark.django_db
def test_simulated_hcp_par_howell_recomputed_from_its_json(tmp_path):
    path = tmp_path / "event.json"
    call_command(
        "simulate_event", "--kind", "howell", "--pairs", "6", "--rounds", "3",
        "--boards-per-round", "1", "--hcp-par", "--play-rate", "1", "--seed", "3",
        "--json", str(path), "--no-progress", stdout=io.StringIO(),
    )  # fmt: skip
    data = json.loads(path.read_text())
    assert data["method"] == "hcp_par"
    boards = {b.number: b for b in Board.objects.filter(event_id=data["event"])}
    totals: dict[int, float] = {}
    for rnd in data["rounds"]:
        for table in rnd["tables"]:
            for line in table["boards"]:
                board = boards[line["number"]]
                want = scoring.hcp_par_imps(line["ns_score"], ns_hcp(board), board.vulnerability)
                assert (line["ns_points"], line["ew_points"]) == (want, -want)
                totals[table["ns"]] = totals.get(table["ns"], 0) + want
                totals[table["ew"]] = totals.get(table["ew"], 0) - want
    for pair in data["pairs"]:
        assert pair["total"] == pytest.approx(totals[pair["entry"]])


@pytest.mark.slow
def test_the_table_command_is_reproducible(tmp_path):
    pytest.importorskip("endplay")
    one, two = tmp_path / "a.json", tmp_path / "b.json"
    for out in (one, two):
        call_command(
            "build_hcp_par", "--deals", "41", "--seed", "5", "--jobs", "1", "--out", str(out),
            "--no-progress", stdout=io.StringIO(),
        )  # fmt: skip
    assert one.read_text() == two.read_text()
    assert scoring.load_hcp_par_table(one)


def test_the_director_page_loads_a_table_file(client, make_event, director):
    from django.core.files.uploadedfile import SimpleUploadedFile

    event = make_event(pairs=0, method=Event.Method.HCP_PAR)
    client.force_login(director)
    page = client.get(reverse("tournaments:event_director", args=[event.pk])).content.decode()
    assert "the shipped expected-score table" in page
    url = reverse("tournaments:director_hcp_par_table", args=[event.pk])
    upload = SimpleUploadedFile("t.json", json.dumps({"expected": FLAT}).encode())
    assert client.post(url, {"table": upload}).status_code == 302
    event.refresh_from_db()
    assert event.hcp_par_table == FLAT
    broken = SimpleUploadedFile("t.json", b"{not json")
    response = client.post(url, {"table": broken}, follow=True)
    assert "The file is not JSON." in response.content.decode()
    event.refresh_from_db()
    assert event.hcp_par_table == FLAT
    client.post(url, {"shipped": "1"})
    event.refresh_from_db()
    assert event.hcp_par_table is None


def test_a_disconnection_costs_twenty_imps(client, make_event, director):
    """Recorded on the director page or in the API, each disconnection takes 20 IMPs off
    the pair's total (the standing too); undone, it gives them back; after the finish
    the ranking follows."""
    event = make_event(
        pairs=4, start=True, method=Event.Method.HCP_PAR, num_rounds=1, finish_threshold=0
    )
    services.round_close(event=event, number=1)  # every board cut: totals 0
    entries = list(event.entries.order_by("registration_order"))
    client.force_login(director)
    url = reverse("tournaments:director_disconnection", args=[event.pk, entries[0].pk])
    assert client.post(url).status_code == 302
    first = entries[0]
    first.refresh_from_db()
    assert first.disconnections == 1 and first.total == -20.0
    assert first.standings.get(round_number=1).total == -20.0
    assert first.rank == 4  # last of four once 20 IMPs down
    body = (
        api_client(director)
        .post(f"/api/entries/{first.pk}/disconnection/", {}, format="json")
        .json()
    )
    assert body["disconnections"] == 2 and body["total"] == -40.0
    client.post(url, {"undo": "1"})
    first.refresh_from_db()
    assert first.disconnections == 1 and first.total == -20.0


def test_disconnections_are_for_hcp_par_events_only(make_event, director):
    event = make_event(pairs=4, start=True, method=Event.Method.MP)
    entry = event.entries.first()
    with pytest.raises(BridgeError) as err:
        services.entry_disconnection_record(entry=entry, director=director)
    assert err.value.code == "not_hcp_par"
    hcp = make_event(pairs=2, method=Event.Method.HCP_PAR)
    with pytest.raises(ConflictError):
        services.entry_disconnection_record(entry=hcp.entries.first(), director=director)
    player = UserFactory()
    response = api_client(player).post(f"/api/entries/{entry.pk}/disconnection/", {}, format="json")
    assert response.status_code == 403
    entry.refresh_from_db()
    assert entry.disconnections == 0


def test_a_disconnection_the_rate_records_costs_the_total_too(make_event, director):
    """POST /api/disconnections/ (the Rate's record of a player's disconnection on a
    board) in a running HCP-par event takes the pair's 20 IMPs at once."""
    event = make_event(pairs=4, start=True, method=Event.Method.HCP_PAR, num_rounds=2)
    services.round_close(event=event, number=1)
    entry = event.entries.order_by("registration_order").first()
    player = entry.members.first().player
    board = Board.objects.filter(event=event).first()
    response = api_client(director).post(
        "/api/disconnections/",
        {"event": event.pk, "player": player.pk, "board": board.pk, "reason": "line lost"},
        format="json",
    )
    assert response.status_code == 201, response.json()
    entry.refresh_from_db()
    assert entry.disconnections == 1 and entry.total == -20.0
