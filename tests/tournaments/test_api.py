"""The REST API: every endpoint's happy path and its main refusals."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from tests.conftest import held_lead
from tests.factories import UserFactory
from tournaments import services
from tournaments.models import Entry, Event, Result, ResultCorrection, Table

pytestmark = pytest.mark.django_db


# --- helpers -----------------------------------------------------------------------------


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.fixture
def anon():
    return APIClient()


@pytest.fixture
def player():
    return UserFactory()


def seat(event: Event, number: int = 1):
    """Table ``number`` of the event's latest round: (table, NS players, EW players)."""
    table = (
        Table.objects.filter(round__event=event, round__number=event.current_round, number=number)
        .select_related("ns", "ew")
        .get()
    )
    ns = [m.player for m in table.ns.members.all()]
    ew = [m.player for m in table.ew.members.all()]
    return table, ns, ew


def boards_of(event: Event) -> list:
    return list(event.boards.filter(round__number=event.current_round).order_by("number"))


def submit(user, table, board, /, **fields):
    data = {"table": table.pk, "board": board.pk, "contract": "4S", "declarer": "N"}
    data.update({"tricks": 10, "lead": held_lead(board.pk, "N")} | fields)
    return client_for(user).post("/api/results/", data, format="json")


# --- events --------------------------------------------------------------------------------


def test_event_list_search_and_status_filter(make_event, anon):
    make_event(pairs=2, name="Spring Swiss")
    make_event(pairs=2, name="Autumn Swiss", start=True)
    response = anon.get("/api/events/")
    assert response.status_code == 200
    assert response.data["count"] == 2
    assert {e["name"] for e in response.data["results"]} == {"Spring Swiss", "Autumn Swiss"}

    response = anon.get("/api/events/", {"q": "spring"})
    assert [e["name"] for e in response.data["results"]] == ["Spring Swiss"]

    response = anon.get("/api/events/", {"status": "running"})
    assert [e["name"] for e in response.data["results"]] == ["Autumn Swiss"]
    assert response.data["results"][0]["current_round"] == 1

    response = anon.get("/api/events/", {"q": "", "status": ""})
    assert response.data["count"] == 2

    response = anon.get("/api/events/", {"limit": 1})
    assert response.data["count"] == 2 and len(response.data["results"]) == 1
    assert response.data["next"]

    response = anon.get("/api/events/", {"status": "nonsense"})
    assert response.status_code == 400
    assert "status" in response.data


def test_director_creates_event(director):
    start = timezone.now() + timedelta(days=2)
    response = client_for(director).post(
        "/api/events/",
        {
            "name": "Club Swiss",
            "start_at": start.isoformat(),
            "num_rounds": 5,
            "boards_per_round": 4,
            "method": "mp",
            "finish_threshold": 0.6,
            "bye_score": "A+",
        },
        format="json",
    )
    assert response.status_code == 201, response.data
    event = Event.objects.get(pk=response.data["id"])
    assert (event.director, event.method, event.num_rounds) == (director, "mp", 5)
    assert float(event.settings.finish_threshold) == 0.6
    assert response.data["boards_total"] == 20
    assert response.data["status"] == "registration"
    assert response.data["round"] is None
    assert response.data["registration_open"] is True


def test_event_create_refusals(director, player, anon):
    data = {
        "name": "X",
        "start_at": (timezone.now() + timedelta(days=1)).isoformat(),
        "num_rounds": 3,
        "boards_per_round": 2,
    }
    response = client_for(player).post("/api/events/", data, format="json")
    assert response.status_code == 403
    assert response.data["code"] == "director"
    assert anon.post("/api/events/", data, format="json").status_code in (401, 403)

    response = client_for(director).post(
        "/api/events/", data | {"method": "rubber", "num_rounds": 0}, format="json"
    )
    assert response.status_code == 400
    assert set(response.data) == {"method", "num_rounds", "detail", "code", "fields"}
    assert set(response.data["fields"]) == {"method", "num_rounds"}
    assert not Event.objects.exists()


def test_event_detail_has_current_round(make_event, anon):
    event = make_event(pairs=4, start=True, num_rounds=3, boards_per_round=2)
    response = anon.get(f"/api/events/{event.pk}/")
    assert response.status_code == 200
    assert response.data["current_round"] == 1
    assert response.data["boards_total"] == 6
    rnd = event.rounds.get()
    assert response.data["round"]["number"] == 1
    assert response.data["round"]["status"] == "open"
    assert response.data["round"]["ends_at"] == rnd.ends_at.isoformat().replace("+00:00", "Z")
    assert "preset_deals" not in response.data and "seed" not in response.data


def test_missing_objects_are_404_with_code(anon, player):
    response = anon.get("/api/events/999/")
    assert response.status_code == 404
    assert response.data == {"detail": "No such event.", "code": "not_found", "fields": {}}
    assert client_for(player).post("/api/entries/999/confirm/").status_code == 404
    assert client_for(player).post("/api/results/999/confirm/").status_code == 404


# --- registration --------------------------------------------------------------------------


def test_register_and_confirm_gives_registration_order(make_event, player):
    event = make_event(pairs=2)
    partner = UserFactory()
    response = client_for(player).post(
        f"/api/events/{event.pk}/entries/", {"partner": partner.username}, format="json"
    )
    assert response.status_code == 201, response.data
    assert response.data["status"] == "pending"
    assert response.data["registration_order"] is None
    assert [(p["username"], p["confirmed"]) for p in response.data["players"]] == [
        (player.username, True),
        (partner.username, False),
    ]
    entry_id = response.data["id"]

    response = client_for(partner).post(f"/api/entries/{entry_id}/confirm/")
    assert response.status_code == 200
    assert response.data["status"] == "confirmed"
    assert response.data["registration_order"] == 3

    listing = client_for().get(f"/api/events/{event.pk}/entries/")
    assert listing.status_code == 200
    assert listing.data["count"] == 3 and len(listing.data["results"]) == 3
    mine = next(e for e in listing.data["results"] if e["id"] == entry_id)
    assert mine["status"] == "confirmed" and mine["registration_order"] == 3


def test_register_refusals(make_event, player):
    event = make_event(pairs=1)
    entered = event.entries.get().members.first().player
    url = f"/api/events/{event.pk}/entries/"

    response = client_for(player).post(url, {"partner": entered.username}, format="json")
    assert response.status_code == 409
    assert response.data["code"] == "already_entered"

    response = client_for(player).post(url, {"partner": "nobody-here"}, format="json")
    assert response.status_code == 400
    assert "partner" in response.data

    response = client_for().post(url, {"partner": entered.username}, format="json")
    assert response.status_code in (401, 403)
    assert event.entries.count() == 1


def test_registration_closes_at_the_start(make_event, player):
    event = make_event(pairs=2, start=True)
    response = client_for(player).post(
        f"/api/events/{event.pk}/entries/", {"partner": UserFactory().username}, format="json"
    )
    assert response.status_code == 409
    assert response.data["code"] == "closed"


def test_confirm_by_a_stranger_is_refused(make_event, player):
    event = make_event(pairs=0)
    partner = UserFactory()
    entry = services.entry_register(event=event, player=player, partner=partner)
    response = client_for(UserFactory()).post(f"/api/entries/{entry.pk}/confirm/")
    assert response.status_code == 403
    assert response.data["code"] == "not_member"


def test_decline_frees_both_players(make_event, player):
    event = make_event(pairs=0)
    partner = UserFactory()
    entry = services.entry_register(event=event, player=player, partner=partner)
    response = client_for(partner).post(f"/api/entries/{entry.pk}/decline/")
    assert response.status_code == 204
    entry.refresh_from_db()
    assert entry.status == Entry.Status.DECLINED
    assert client_for(UserFactory()).post(f"/api/entries/{entry.pk}/decline/").status_code == 403
    response = client_for(partner).post(
        f"/api/events/{event.pk}/entries/", {"partner": player.username}, format="json"
    )
    assert response.status_code == 201


def test_withdraw_by_player_before_start_and_director_after(make_event, director):
    event = make_event(pairs=3)
    first, second = event.entries.order_by("registration_order")[:2]
    member = first.members.first().player
    response = client_for(member).post(f"/api/entries/{first.pk}/withdraw/")
    assert response.status_code == 200
    assert response.data["status"] == "withdrawn" and response.data["withdrawn"] is True

    services.event_start(event=event)
    member = second.members.first().player
    response = client_for(member).post(f"/api/entries/{second.pk}/withdraw/")
    assert response.status_code == 403
    assert response.data["code"] == "director"
    response = client_for(director).post(f"/api/entries/{second.pk}/withdraw/")
    assert response.status_code == 200
    assert response.data["withdrawn"] is True


def test_director_adds_a_pair(make_event, director, player):
    event = make_event(pairs=2, start=True)
    a, b = UserFactory(), UserFactory()
    url = f"/api/events/{event.pk}/entries/add/"

    response = client_for(player).post(url, {"players": [a.username, b.username]}, format="json")
    assert response.status_code == 403
    assert response.data["code"] == "director"

    response = client_for(director).post(url, {"players": [a.username]}, format="json")
    assert response.status_code == 400
    assert "players" in response.data

    response = client_for(director).post(url, {"players": [a.username, b.username]}, format="json")
    assert response.status_code == 201, response.data
    assert response.data["status"] == "confirmed"
    assert response.data["late"] is True
    assert response.data["registration_order"] == 3

    response = client_for(director).post(
        url, {"players": [a.username, UserFactory().username]}, format="json"
    )
    assert response.status_code == 409
    assert response.data["code"] == "already_entered"


def test_event_director_who_is_not_staff_may_direct(make_event):
    owner = UserFactory()
    event = make_event(pairs=2, director=owner)
    entry = event.entries.first()
    response = client_for(owner).post(
        f"/api/entries/{entry.pk}/sit-out/", {"sitting_out": True}, format="json"
    )
    assert response.status_code == 200


def test_sit_out(make_event, director, player):
    event = make_event(pairs=2)
    entry = event.entries.first()
    url = f"/api/entries/{entry.pk}/sit-out/"
    assert client_for(player).post(url, {"sitting_out": True}, format="json").status_code == 403
    response = client_for(director).post(url, {"sitting_out": "maybe"}, format="json")
    assert response.status_code == 400
    response = client_for(director).post(url, {"sitting_out": True}, format="json")
    assert response.status_code == 200
    assert response.data["sitting_out"] is True
    entry.refresh_from_db()
    assert entry.sitting_out is True


# --- start and close -----------------------------------------------------------------------


def test_director_starts_event(make_event, director):
    event = make_event(pairs=4)
    player = event.entries.first().members.first().player
    response = client_for(player).post(f"/api/events/{event.pk}/start/")
    assert response.status_code == 403
    assert response.data["code"] == "director"

    response = client_for(director).post(f"/api/events/{event.pk}/start/")
    assert response.status_code == 200
    assert response.data["status"] == "running"
    assert response.data["round"]["number"] == 1
    assert Table.objects.filter(round__event=event).count() == 2


def test_start_with_too_few_pairs_is_409(make_event, director):
    event = make_event(pairs=1)
    response = client_for(director).post(f"/api/events/{event.pk}/start/")
    assert response.status_code == 409
    assert response.data["code"] == "too_few"


def test_close_round_cuts_scores_and_changes_standings(make_event, director):
    event = make_event(pairs=4, start=True)
    (t1, ns1, ew1), (t2, ns2, _ew2) = seat(event, 1), seat(event, 2)
    board1, board2 = boards_of(event)
    assert submit(ns1[0], t1, board1, contract="4S", tricks=10).status_code == 201
    assert submit(ns2[0], t2, board1, contract="4S", tricks=9).status_code == 201

    before = client_for().get(f"/api/events/{event.pk}/standings/").data
    assert before["current_round"] == 1 and before["final"] is False
    assert {e["total"] for e in before["entries"]} == {0.0}

    player = ns1[0]
    response = client_for(player).post(f"/api/events/{event.pk}/rounds/1/close/")
    assert response.status_code == 403
    response = client_for(director).post(f"/api/events/{event.pk}/rounds/9/close/")
    assert response.status_code == 404

    response = client_for(director).post(f"/api/events/{event.pk}/rounds/1/close/")
    assert response.status_code == 200
    assert response.data["current_round"] == 2
    assert response.data["round"]["number"] == 2

    after = client_for().get(f"/api/events/{event.pk}/standings/").data
    totals = {e["id"]: e["total"] for e in after["entries"]}
    assert totals[t1.ns_id] > 0 > totals[t2.ns_id]
    assert totals[t1.ns_id] == -totals[t1.ew_id]
    assert after["entries"][0]["id"] == t1.ns_id
    assert all(e["boards_played"] == 1 for e in after["entries"])
    first = after["entries"][0]
    assert {"registration_order", "players", "finished", "rank", "master_points"} <= set(first)

    board = client_for(ew1[0]).get(f"/api/events/{event.pk}/boards/{board2.number}/")
    assert board.status_code == 200
    assert [r["status"] for r in board.data["results"]] == ["cut", "cut"]
    assert all(r["ns_points"] is None for r in board.data["results"])
    assert Result.objects.filter(board=board2, status=Result.Status.CUT).count() == 2

    # A cut board can never be entered later.
    response = submit(director, t1, board2)
    assert response.status_code == 409
    assert response.data["code"] == "cut"


def test_last_round_close_finishes_and_ranks(make_event, director):
    event = make_event(pairs=4, start=True, num_rounds=1, finish_threshold=0)
    response = client_for(director).post(f"/api/events/{event.pk}/rounds/1/close/")
    assert response.status_code == 200
    assert response.data["status"] == "finished"
    standings = client_for().get(f"/api/events/{event.pk}/standings/").data
    assert standings["final"] is True
    assert [e["rank"] for e in standings["entries"]] == [1, 2, 3, 4]
    assert standings["entries"][0]["master_points"] == 3


# --- my table ------------------------------------------------------------------------------


def test_my_table(make_event, player):
    event = make_event(pairs=4, start=True)
    table, ns, ew = seat(event, 2)
    board1, board2 = boards_of(event)
    submit(ew[0], table, board1)

    response = client_for(ns[1]).get(f"/api/events/{event.pk}/my-table/")
    assert response.status_code == 200
    data = response.data
    assert data["round"]["number"] == 1 and data["round"]["ends_at"]
    assert data["table"] == {"id": table.pk, "number": 2, "room": ""}
    assert data["side"] == "NS"
    assert data["pair"]["id"] == table.ns_id
    assert data["opponents"]["id"] == table.ew_id
    assert {p["username"] for p in data["opponents"]["players"]} == {u.username for u in ew}
    assert [b["number"] for b in data["boards"]] == [board1.number, board2.number]
    assert data["boards"][0]["dealer"] == "N" and data["boards"][0]["vulnerability"]
    result = data["boards"][0]["result"]
    assert result["contract"] == "4S" and result["declarer"] == "N"
    assert result["tricks"] == 10 and result["lead"] == held_lead(board1, "N")
    assert result["ns_score"] == 420
    assert result["entered_side"] == "EW" and result["confirmed"] is False
    assert data["boards"][1]["result"] is None
    assert "deal" not in data["boards"][0]

    response = client_for(player).get(f"/api/events/{event.pk}/my-table/")
    assert response.status_code == 404
    assert response.data["code"] == "not_seated"
    assert "not seated" in response.data["detail"]
    assert client_for().get(f"/api/events/{event.pk}/my-table/").status_code in (401, 403)


def test_my_table_before_start_is_404(make_event):
    event = make_event(pairs=2)
    member = event.entries.first().members.first().player
    response = client_for(member).get(f"/api/events/{event.pk}/my-table/")
    assert response.status_code == 404


# --- results -------------------------------------------------------------------------------


def test_submit_result(make_event):
    event = make_event(pairs=4, start=True)
    table, ns, _ew = seat(event)
    board = boards_of(event)[0]
    response = submit(
        ns[0],
        table,
        board,
        contract="3nt",
        declarer="s",
        tricks=8,
        lead=held_lead(board, "S").lower(),
    )
    assert response.status_code == 201, response.data
    assert response.data["contract"] == "3NT"
    assert response.data["declarer"] == "S"
    assert response.data["lead"] == held_lead(board, "S")  # normalised to upper case
    assert response.data["ns_score"] == -50
    assert response.data["entered_side"] == "NS"
    assert response.data["confirmed"] is False
    stored = Result.objects.get(pk=response.data["id"])
    assert (stored.table, stored.board, stored.ns_score) == (table, board, -50)


def test_submit_passed_out(make_event):
    event = make_event(pairs=2, start=True)
    table, ns, _ew = seat(event)
    board = boards_of(event)[0]
    response = client_for(ns[0]).post(
        "/api/results/", {"table": table.pk, "board": board.pk, "contract": "PASS"}, format="json"
    )
    assert response.status_code == 201, response.data
    assert response.data["contract"] == "PASS" and response.data["ns_score"] == 0


def test_submit_by_a_player_not_at_the_table_is_403(make_event):
    event = make_event(pairs=4, start=True)
    table, _ns, _ew = seat(event, 1)
    _t2, other_ns, _other_ew = seat(event, 2)
    response = submit(other_ns[0], table, boards_of(event)[0])
    assert response.status_code == 403
    assert response.data["code"] == "not_at_table"
    response = submit(UserFactory(), table, boards_of(event)[0])
    assert response.status_code == 403
    assert not Result.objects.exists()


def test_same_table_and_board_twice_is_409(make_event):
    event = make_event(pairs=2, start=True)
    table, ns, ew = seat(event)
    board = boards_of(event)[0]
    assert submit(ns[0], table, board).status_code == 201
    response = submit(
        ew[0], table, board, contract="3NT", declarer="E", tricks=9, lead=held_lead(board, "E")
    )
    assert response.status_code == 409
    assert response.data["code"] == "duplicate"
    assert Result.objects.get().contract == "4S"


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"contract": "8S"}, "contract"),
        ({"contract": "4Z"}, "contract"),
        ({"tricks": 14}, None),
        ({"tricks": -1}, None),
        ({"lead": "ZZ"}, "lead"),
        ({"lead": ""}, "lead"),
        ({"declarer": "X"}, "declarer"),
        ({"table": "one"}, None),
    ],
)
def test_bad_result_is_400_and_stores_nothing(make_event, fields, code):
    event = make_event(pairs=2, start=True)
    table, ns, _ew = seat(event)
    board = boards_of(event)[0]
    response = submit(ns[0], table, board, **fields)
    assert response.status_code == 400, response.data
    if code is not None:
        assert response.data["code"] == code
        assert response.data["detail"]
    else:
        assert set(response.data) & {"tricks", "table"}
    assert not Result.objects.exists()


def test_result_for_a_board_of_another_round_is_400(make_event, director):
    event = make_event(pairs=4, start=True)
    old_board = boards_of(event)[0]
    services.round_close(event=event, number=1)
    event.refresh_from_db()
    table, ns, _ew = seat(event)
    response = submit(ns[0], table, old_board)
    assert response.status_code == 400
    assert response.data["code"] == "wrong_board"


def test_confirm_result(make_event):
    event = make_event(pairs=2, start=True)
    table, ns, ew = seat(event)
    result_id = submit(ns[0], table, boards_of(event)[0]).data["id"]
    url = f"/api/results/{result_id}/confirm/"

    response = client_for(ns[1]).post(url)
    assert response.status_code == 403
    assert response.data["code"] == "same_side"
    assert client_for(UserFactory()).post(url).status_code == 403

    response = client_for(ew[1]).post(url)
    assert response.status_code == 200
    assert response.data["confirmed"] is True
    assert response.data["confirmed_at"]
    assert Result.objects.get(pk=result_id).confirmed_by == ew[1]

    response = client_for(ew[0]).post(url)
    assert response.status_code == 409
    assert response.data["code"] == "confirmed"


def test_director_corrects_result(make_event, director):
    event = make_event(pairs=2, start=True)
    table, ns, _ew = seat(event)
    board = boards_of(event)[0]
    submit(ns[0], table, board)
    data = {
        "table": table.pk,
        "board": board.pk,
        "contract": "4SX",
        "declarer": "N",
        "tricks": 9,
        "lead": held_lead(board.pk, "N"),
        "reason": "Wrong entry",
    }
    response = client_for(ns[0]).post("/api/results/correct/", data, format="json")
    assert response.status_code == 403
    assert response.data["code"] == "director"

    response = client_for(director).post("/api/results/correct/", data, format="json")
    assert response.status_code == 200, response.data
    assert response.data["contract"] == "4SX"
    assert response.data["ns_score"] == -100
    assert response.data["confirmed"] is True
    correction = ResultCorrection.objects.get()
    assert correction.reason == "Wrong entry" and correction.changed_by == director
    assert correction.old_value["contract"] == "4S"

    adjusted = {"table": table.pk, "board": board.pk, "ns_adjustment": "A+"}
    response = client_for(director).post(
        "/api/results/correct/", adjusted | {"ew_adjustment": "A-"}, format="json"
    )
    assert response.status_code == 200, response.data
    assert response.data["status"] == "adjusted"
    assert (response.data["ns_adjustment"], response.data["ew_adjustment"]) == ("A+", "A-")

    response = client_for(director).post(
        "/api/results/correct/", adjusted | {"ew_adjustment": "B"}, format="json"
    )
    assert response.status_code == 400
    assert "ew_adjustment" in response.data

    response = client_for(director).post(
        "/api/results/correct/", data | {"table": 99999}, format="json"
    )
    assert response.status_code == 400
    assert "table" in response.data


def test_correction_in_a_closed_round_rescores_standings(make_event, director):
    event = make_event(pairs=4, start=True)
    t1, ns1, _ew1 = seat(event, 1)
    t2, ns2, _ew2 = seat(event, 2)
    board = boards_of(event)[0]
    submit(ns1[0], t1, board, tricks=10)
    submit(ns2[0], t2, board, tricks=10)
    services.round_close(event=event, number=1)
    before = {e.pk: e.total for e in event.entries.all()}
    assert set(before.values()) == {0.0}
    response = client_for(director).post(
        "/api/results/correct/",
        {
            "table": t1.pk,
            "board": board.pk,
            "contract": "4S",
            "declarer": "N",
            "tricks": 11,
            "lead": held_lead(board.pk, "N"),
        },
        format="json",
    )
    assert response.status_code == 200
    standings = client_for().get(f"/api/events/{event.pk}/standings/").data["entries"]
    assert standings[0]["id"] == t1.ns_id and standings[0]["total"] > 0


# --- boards and pair history ---------------------------------------------------------------


def test_board_hidden_until_played_or_round_closed(make_event, director, anon):
    event = make_event(pairs=4, start=True)
    t1, ns1, ew1 = seat(event, 1)
    _t2, ns2, _ew2 = seat(event, 2)
    board = boards_of(event)[0]
    url = f"/api/events/{event.pk}/boards/{board.number}/"

    response = client_for(ns1[0]).get(url)
    assert response.status_code == 403
    assert response.data["code"] == "board_hidden"
    assert "hidden" in response.data["detail"]
    assert "deal" not in response.data
    assert anon.get(url).status_code == 403

    entered = submit(ns1[0], t1, board)
    for user in (ns1[0], ew1[0]):  # an entry alone unlocks nothing
        assert client_for(user).get(url).status_code == 403
    confirmed = client_for(ew1[0]).post(f"/api/results/{entered.data['id']}/confirm/")
    assert confirmed.status_code == 200, confirmed.data
    for user in (ns1[0], ns1[1], ew1[0]):
        response = client_for(user).get(url)
        assert response.status_code == 200
        assert response.data["deal"] == board.deal
    assert client_for(ns2[0]).get(url).status_code == 403
    assert client_for(director).get(url).status_code == 200

    services.round_close(event=event, number=1)
    for client in (client_for(ns2[0]), anon):
        response = client.get(url)
        assert response.status_code == 200
        data = response.data
        assert (data["number"], data["round"], data["dealer"]) == (board.number, 1, "N")
        assert {"vulnerability", "dd_table", "par_score", "par_contracts"} <= set(data)
        played = next(r for r in data["results"] if r["status"] == "played")
        assert played["table"] == 1
        assert (played["ns"], played["ew"]) == (t1.ns_id, t1.ew_id)
        assert played["contract"] == "4S" and played["ns_score"] == 420
        assert (
            played["lead"] == held_lead(board, "N")
            and played["tricks"] == 10
            and played["declarer"] == "N"
        )
        assert {p["username"] for p in played["ns_pair"]["players"]} == {u.username for u in ns1}
        assert played["ns_points"] == 0.0 and played["ew_points"] == 0.0
        assert [r["status"] for r in data["results"]] == ["played", "cut"]

    assert anon.get(f"/api/events/{event.pk}/boards/99/").status_code == 404


def test_pair_history(make_event, director):
    event = make_event(pairs=4, start=True)
    t1, ns1, ew1 = seat(event, 1)
    _t2, ns2, _ew2 = seat(event, 2)
    board1, board2 = boards_of(event)
    submit(ns1[0], t1, board1)
    url = f"/api/events/{event.pk}/pairs/{t1.ns_id}/"

    # Round 1 is in play: only the tables that played a board see its results.
    response = client_for(ns2[0]).get(url)
    assert response.status_code == 200
    assert response.data["entry"]["id"] == t1.ns_id
    assert len(response.data["rounds"]) == 1
    round1 = response.data["rounds"][0]
    assert (round1["round_number"], round1["table"], round1["side"]) == (1, 1, "NS")
    assert round1["opponents"]["id"] == t1.ew_id
    assert round1["results"] == []
    assert round1["place"] is None
    mine = client_for(ew1[0]).get(url).data["rounds"][0]["results"]
    assert [r["board_number"] for r in mine] == [board1.number]

    services.round_close(event=event, number=1)
    response = client_for(ns2[0]).get(url)
    round1 = response.data["rounds"][0]
    assert [r["board_number"] for r in round1["results"]] == [board1.number, board2.number]
    assert [r["status"] for r in round1["results"]] == ["played", "cut"]
    assert round1["results"][0]["points"] == 0.0
    assert round1["place"] >= 1 and round1["total"] == 0.0
    assert len(response.data["rounds"]) == 2  # round 2 is seated

    assert client_for().get(f"/api/events/{event.pk}/pairs/99999/").status_code == 404


# --- auth and schema -----------------------------------------------------------------------


def test_token_auth(make_event):
    event = make_event(pairs=2, start=True)
    _table, ns, _ew = seat(event)
    response = APIClient().post(
        "/api/auth/token/", {"username": ns[0].username, "password": "bridge-pass-123"}
    )
    assert response.status_code == 200
    token = response.data["token"]
    assert response.data["expiry"]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.get(f"/api/events/{event.pk}/my-table/").status_code == 200

    response = APIClient().post(
        "/api/auth/token/", {"username": ns[0].username, "password": "wrong"}
    )
    assert response.status_code == 400


def test_session_auth(make_event):
    event = make_event(pairs=2, start=True)
    _table, ns, _ew = seat(event)
    client = APIClient()
    client.force_login(ns[0])
    assert client.get(f"/api/events/{event.pk}/my-table/").status_code == 200


def test_schema_lists_every_endpoint(anon):
    response = anon.get("/api/schema/")
    assert response.status_code == 200
    text = response.content.decode()
    for path in (
        "/api/events/",
        "/api/events/{event_id}/",
        "/api/events/{event_id}/standings/",
        "/api/events/{event_id}/entries/",
        "/api/events/{event_id}/entries/add/",
        "/api/events/{event_id}/start/",
        "/api/events/{event_id}/rounds/{number}/close/",
        "/api/events/{event_id}/my-table/",
        "/api/events/{event_id}/boards/{number}/",
        "/api/events/{event_id}/pairs/{entry_id}/",
        "/api/entries/{entry_id}/confirm/",
        "/api/entries/{entry_id}/decline/",
        "/api/entries/{entry_id}/withdraw/",
        "/api/entries/{entry_id}/sit-out/",
        "/api/results/",
        "/api/results/{result_id}/confirm/",
        "/api/results/correct/",
        "/api/auth/token/",
    ):
        assert f"  {path}:" in text, path
    for component in ("ResultSubmitInputRequest", "MyTable", "BoardDetail", "Standings"):
        assert f"    {component}:" in text, component


# --- query counts --------------------------------------------------------------------------


def test_standings_query_count_is_bounded(make_event, django_assert_max_num_queries):
    event = make_event(pairs=40, start=True)
    services.round_close(event=event, number=1)
    client = client_for()
    with django_assert_max_num_queries(6):
        response = client.get(f"/api/events/{event.pk}/standings/")
    assert response.status_code == 200
    assert len(response.data["entries"]) == 40
    assert all(len(e["players"]) == 2 for e in response.data["entries"])


def test_my_table_query_count_is_bounded(make_event, django_assert_max_num_queries):
    event = make_event(pairs=40, start=True, boards_per_round=6)
    table, ns, _ew = seat(event, 5)
    for board in boards_of(event)[:3]:
        submit(ns[0], table, board)
    client = client_for(ns[1])
    with django_assert_max_num_queries(10):
        response = client.get(f"/api/events/{event.pk}/my-table/")
    assert response.status_code == 200
    assert len(response.data["boards"]) == 6


def test_board_and_history_query_counts_are_bounded(
    make_event, director, django_assert_max_num_queries
):
    event = make_event(pairs=40, start=True)
    board = boards_of(event)[0]
    for number in range(1, 21):
        table, ns, _ew = seat(event, number)
        submit(ns[0], table, board, tricks=8 + number % 5)
    services.round_close(event=event, number=1)
    client = client_for(UserFactory())
    with django_assert_max_num_queries(8):
        response = client.get(f"/api/events/{event.pk}/boards/{board.number}/")
    assert response.status_code == 200
    assert len(response.data["results"]) == 20
    entry = event.entries.first()
    with django_assert_max_num_queries(12):
        response = client.get(f"/api/events/{event.pk}/pairs/{entry.pk}/")
    assert response.status_code == 200
    with django_assert_max_num_queries(4):
        response = client.get("/api/events/")
    assert response.status_code == 200


def test_pending_invitations_are_listed_only_for_their_players_and_directors(make_event, director):
    from rest_framework.test import APIClient

    from tests.factories import UserFactory
    from tournaments import services

    event = make_event(pairs=2)
    a, b = UserFactory.create_batch(2)
    pending = services.entry_register(event=event, player=a, partner=b)
    url = f"/api/events/{event.pk}/entries/"
    client = APIClient()

    def ids(user=None):
        client.force_authenticate(user)
        return {e["id"] for e in client.get(url).json()["results"]}

    assert pending.pk not in ids()
    assert pending.pk not in ids(UserFactory())
    assert pending.pk in ids(b) and pending.pk in ids(a) and pending.pk in ids(director)
    assert len(ids()) == 2
