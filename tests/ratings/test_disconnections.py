"""Disconnections: recorded by the event's director (page admin, API) or the table
service, with a reason; bad input changes nothing."""

from __future__ import annotations

import pytest

from ratings.models import Disconnection
from ratings.services.disconnections import disconnection_record
from tests.conftest import api_client
from tests.factories import (
    BoardFactory,
    EntryFactory,
    EventFactory,
    RoundFactory,
    UserFactory,
)
from tournaments.errors import BridgeError

pytestmark = pytest.mark.django_db


@pytest.fixture
def setting():
    event = EventFactory()
    entry = EntryFactory(event=event, members=2)
    board = BoardFactory(event=event, round=RoundFactory(event=event))
    return event, entry.members.first().player, board


def test_the_director_records_a_disconnection_through_the_api(setting):
    event, player, board = setting
    body = {"event": event.pk, "player": player.pk, "board": board.pk, "reason": "Wi-Fi down"}
    response = api_client(event.director).post("/api/disconnections/", body, format="json")
    assert response.status_code == 201, response.content
    data = response.json()
    assert data["weekly_points"] == -16 and data["event_points"] == 0
    assert data["recorded_by"] == event.director.pk and data["reason"] == "Wi-Fi down"
    again = api_client(event.director).post("/api/disconnections/", body, format="json")
    assert again.status_code == 409 and again.json()["code"] == "already_recorded"
    assert Disconnection.objects.count() == 1


@pytest.mark.parametrize(
    "change, status, code",
    [
        ({"reason": "  "}, 400, "invalid"),
        ({"board": "other"}, 400, "board"),
        ({"player": "outsider"}, 400, "player"),
        ({"event": 999999}, 404, "not_found"),
        ({"by": "player"}, 403, "director"),
    ],
)
def test_bad_input_is_refused_and_records_nothing(setting, change, status, code):
    event, player, board = setting
    body = {"event": event.pk, "player": player.pk, "board": board.pk, "reason": "left"}
    user = event.director
    if change.get("board") == "other":
        body["board"] = BoardFactory().pk
    elif change.get("player") == "outsider":
        body["player"] = UserFactory().pk
    elif change.get("by") == "player":
        user = player
    else:
        body.update(change)
    response = api_client(user).post("/api/disconnections/", body, format="json")
    assert response.status_code == status, response.content
    assert response.json()["code"] == code
    assert not Disconnection.objects.exists()


def test_the_table_service_records_one_without_a_director(setting):
    event, player, board = setting
    row = disconnection_record(player=player, event=event, board=board, reason="timed out")
    assert row.recorded_by is None and row.weekly_points == -16
    with pytest.raises(BridgeError):
        disconnection_record(player=player, event=event, board=board, reason="")


def test_an_hcp_par_event_takes_twenty_points_off_the_total(setting):
    event, player, board = setting
    event.method = "hcp_par"
    row = disconnection_record(player=player, event=event, board=board, reason="gone")
    assert row.event_points == -20


def test_a_director_records_one_in_the_admin(client, setting):
    event, player, board = setting
    admin = UserFactory(is_staff=True, is_superuser=True)
    client.force_login(admin)
    url = "/admin/ratings/disconnection/add/"
    empty = client.post(url, {"player": player.pk, "event": event.pk, "board": board.pk,
                              "reason": "x" * 201})  # fmt: skip
    assert empty.status_code == 200 and not Disconnection.objects.exists()
    response = client.post(
        url, {"player": player.pk, "event": event.pk, "board": board.pk, "reason": "left"}
    )
    assert response.status_code == 302
    assert Disconnection.objects.get().recorded_by == admin
