"""The online table over REST (docs/online-play.md): the same service and seat check as
the WebSocket, refusals as {"code", "detail"} with the table unchanged."""

from __future__ import annotations

import pytest
from django.urls import reverse

from online.models import PlayAction
from tableplay.cards import seat_next
from tests.conftest import api_client
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def url(online):
    return reverse(
        "api-table-play", kwargs={"event_id": online.event.pk, "table_id": online.table.pk}
    )


def test_a_seat_reads_its_view_and_plays_a_call(online):
    dealer = online.engine().to_play
    client = api_client(online.players[dealer])
    view = client.get(url(online)).json()
    assert view["seat"] == dealer and view["version"] == 0 and view["phase"] == "auction"
    assert [s for s in "NESW" if view["hands"][s]] == [dealer]
    answer = client.post(
        url(online), {"version": 0, "kind": "call", "value": "1NT", "alert": "15-17"},
        format="json",
    )  # fmt: skip
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["version"] == 1
    assert body["auction"] == [{"seat": dealer, "call": "1NT", "alert": "15-17"}]
    # the partner does not see the alert; an opponent does
    partner = api_client(online.players[seat_next(dealer, 2)]).get(url(online)).json()
    assert partner["auction"] == [{"seat": dealer, "call": "1NT"}]
    lho = api_client(online.players[seat_next(dealer)]).get(url(online)).json()
    assert lho["auction"][0]["alert"] == "15-17"


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"version": 5, "kind": "call", "value": "1C"}, 409, "stale"),
        ({"version": 0, "kind": "call", "value": "9C"}, 400, "illegal_call"),
        ({"version": 0, "kind": "card", "value": "SA"}, 400, "out_of_turn"),
        ({"version": 0, "kind": "jump"}, 400, "invalid"),
    ],
)
def test_refusals_come_with_their_code_and_change_nothing(online, body, status, code):
    dealer = online.engine().to_play
    answer = api_client(online.players[dealer]).post(url(online), body, format="json")
    assert answer.status_code == status, answer.content
    assert answer.json()["code"] == code and answer.json()["detail"]
    assert PlayAction.objects.count() == 0


def test_acting_for_another_seat_or_from_outside_is_403(online):
    dealer = online.engine().to_play
    other = online.players[seat_next(dealer)]
    answer = api_client(other).post(
        url(online), {"version": 0, "kind": "call", "value": "1C", "seat": dealer}, format="json"
    )
    assert answer.status_code == 403 and answer.json()["code"] == "not_seated"
    outsider = api_client(UserFactory())
    assert outsider.get(url(online)).json()["code"] == "not_seated"
    answer = outsider.post(url(online), {"version": "x"}, format="json")
    assert answer.status_code == 403 and answer.json()["code"] == "not_seated"
    assert api_client().get(url(online)).status_code in (401, 403)


def test_a_table_of_another_event_is_not_found(online, make_event):
    other = make_event(pairs=4, start=True, online_play=True, name="Other")
    answer = api_client(online.players["N"]).get(
        reverse("api-table-play", kwargs={"event_id": other.pk, "table_id": online.table.pk})
    )
    assert answer.status_code == 404 and answer.json()["code"] == "not_found"


def test_an_event_at_physical_tables_is_not_played_here(make_event):
    from .conftest import seated_table

    online = seated_table(make_event(pairs=4, start=True))
    answer = api_client(online.players["N"]).get(url(online))
    assert answer.status_code == 409 and answer.json()["code"] == "not_online"


def test_the_schema_documents_the_table(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    path = schema["paths"]["/api/events/{event_id}/tables/{table_id}/play/"]
    assert {"get", "post"} <= set(path)
    assert "OnlineTable" in schema["components"]["schemas"]
    fields = schema["components"]["schemas"]["OnlineTable"]["properties"]
    assert {"legal", "may"} <= set(fields)
    assert "may" in schema["components"]["schemas"]["PracticeTable"]["properties"]
