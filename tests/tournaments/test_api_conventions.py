"""The API's conventions: every list comes in pages (``limit``/``offset``, with
``count``/``next``/``previous``), and every 4xx answer has one shape,
``{"detail", "code", "fields"}``, also for unknown ``/api/...`` URLs and wrong methods."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.conftest import held_lead
from tests.factories import UserFactory
from tournaments import services
from tournaments.api.errors import _flatten
from tournaments.api.utils import FieldPagination

pytestmark = pytest.mark.django_db

SHAPE = {"detail", "code", "fields"}


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def assert_shape(response, status: int, code: str | None = None) -> dict:
    assert response.status_code == status, (response.status_code, response.content[:300])
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert set(body) >= SHAPE, body
    assert isinstance(body["detail"], str) and body["detail"]
    assert isinstance(body["code"], str) and body["code"]
    assert isinstance(body["fields"], dict)
    for name, messages in body["fields"].items():
        assert isinstance(name, str)
        assert messages and all(isinstance(m, str) for m in messages)
    if code is not None:
        assert body["code"] == code, body
    return body


def player_of(entry):
    return entry.members.select_related("player").get(position=1).player


# --- pages ---------------------------------------------------------------------------------


def test_the_events_list_is_paginated(make_event):
    for _ in range(3):
        make_event(pairs=0)
    client = client_for()
    body = client.get("/api/events/").json()
    assert body["count"] == 3 and body["next"] is None and len(body["results"]) == 3

    body = client.get("/api/events/?limit=2").json()
    assert body["count"] == 3 and len(body["results"]) == 2
    assert "limit=2" in body["next"] and "offset=2" in body["next"]
    body = client.get(body["next"]).json()
    assert len(body["results"]) == 1 and body["next"] is None and body["previous"]


def test_the_standings_are_paginated_and_keep_their_keys(make_event):
    event = make_event(pairs=6, start=True)
    services.round_close(event=event, number=1)
    client = client_for()
    whole = client.get(f"/api/events/{event.pk}/standings/").json()
    # the keys clients had, and the page keys
    assert {"event", "status", "current_round", "final", "entries"} <= set(whole)
    assert whole["event"] == event.pk and whole["final"] is False
    # the default page holds the whole field
    assert whole["count"] == 6 and len(whole["entries"]) == 6
    assert whole["next"] is None and whole["previous"] is None

    page = client.get(f"/api/events/{event.pk}/standings/?limit=4").json()
    assert page["count"] == 6 and len(page["entries"]) == 4
    assert "offset=4" in page["next"] and page["previous"] is None
    second = client.get(page["next"]).json()
    assert second["next"] is None and second["previous"]
    # the pages are cut from the standings of the whole field, in order
    ids = [e["id"] for e in page["entries"] + second["entries"]]
    assert ids == [e["id"] for e in whole["entries"]]
    assert second["entries"] == whole["entries"][4:]


def test_field_pages_fit_a_big_field_and_are_capped():
    assert FieldPagination.default_limit == FieldPagination.max_limit == 500


def test_a_standings_limit_above_the_cap_gets_the_cap(make_event, monkeypatch):
    monkeypatch.setattr(FieldPagination, "max_limit", 3)
    event = make_event(pairs=5, start=True)
    body = client_for().get(f"/api/events/{event.pk}/standings/?limit=100000").json()
    assert body["count"] == 5 and len(body["entries"]) == 3 and body["next"]


def test_paged_standings_stay_bounded(make_event, django_assert_max_num_queries):
    event = make_event(pairs=40, start=True)
    services.round_close(event=event, number=1)
    client = client_for()
    with django_assert_max_num_queries(6):
        response = client.get(f"/api/events/{event.pk}/standings/?limit=10&offset=30")
    assert response.status_code == 200
    assert response.data["count"] == 40 and len(response.data["entries"]) == 10


def test_the_entries_list_comes_in_pages_and_page_size_0_gives_the_old_list(make_event):
    event = make_event(pairs=5)
    client = client_for()
    first = client.get(f"/api/events/{event.pk}/entries/").json()
    assert set(first) == {"count", "next", "previous", "results"}
    assert first["count"] == 5 and first["next"] is None and first["previous"] is None
    # the bare list, as before pages, for a client that needs it
    listed = client.get(f"/api/events/{event.pk}/entries/?page_size=0").json()
    assert isinstance(listed, list) and listed == first["results"]
    refused = client.get(f"/api/events/{event.pk}/entries/?page_size=2")
    assert refused.status_code == 400 and refused.json()["code"] == "page_size"

    page = client.get(f"/api/events/{event.pk}/entries/?limit=2").json()
    assert set(page) == {"count", "next", "previous", "results"}
    assert page["count"] == 5 and len(page["results"]) == 2
    assert "limit=2" in page["next"] and "offset=2" in page["next"]
    assert page["results"] == listed[:2]

    last = client.get(f"/api/events/{event.pk}/entries/?limit=2&offset=4").json()
    assert last["results"] == listed[4:] and last["next"] is None and last["previous"]
    # offset alone: a page of the default size
    page = client.get(f"/api/events/{event.pk}/entries/?offset=1").json()
    assert page["count"] == 5 and page["results"] == listed[1:]


def test_paged_entries_stay_bounded(make_event, django_assert_max_num_queries):
    event = make_event(pairs=40, start=True)
    client = client_for()
    with django_assert_max_num_queries(5):
        response = client.get(f"/api/events/{event.pk}/entries/?limit=15&offset=10")
    assert response.status_code == 200
    assert response.data["count"] == 40 and len(response.data["results"]) == 15
    assert all(len(e["players"]) == 2 for e in response.data["results"])


def test_the_schema_documents_the_pages():
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    for path in ("/api/events/{event_id}/standings/", "/api/events/{event_id}/entries/"):
        names = {p["name"] for p in schema["paths"][path]["get"]["parameters"]}
        assert {"limit", "offset"} <= names, path
    standings = schema["components"]["schemas"]["Standings"]["properties"]
    assert {"count", "next", "previous", "entries"} <= set(standings)
    error = schema["components"]["schemas"]["Error"]
    assert set(error["required"]) == SHAPE
    assert error["properties"]["fields"]["additionalProperties"]["type"] == "array"


# --- the error shape -----------------------------------------------------------------------


def test_a_validation_error_has_the_shape_and_keeps_the_old_field_keys(director):
    response = client_for(director).post(
        "/api/events/", {"name": "", "num_rounds": 0}, format="json"
    )
    body = assert_shape(response, 400, "invalid")
    # the old answer: the field errors at the top level, as DRF gives them
    for name in ("name", "num_rounds", "start_at", "boards_per_round"):
        assert isinstance(body[name], list) and body[name], name
        assert body["fields"][name] == body[name]


def test_whole_input_and_nested_errors_have_dotted_names(make_event, director):
    event = make_event(pairs=0)
    response = client_for(director).post(
        f"/api/events/{event.pk}/entries/add/", {"players": ["nobody-here"]}, format="json"
    )
    body = assert_shape(response, 400, "invalid")
    assert body["fields"]["players"] == body["players"]
    assert "nobody-here" in body["fields"]["players"][0]

    response = client_for(director).post(
        f"/api/events/{event.pk}/entries/", "[]", content_type="application/json"
    )
    body = assert_shape(response, 400, "invalid")
    assert body["fields"]["non_field_errors"] == body["non_field_errors"]

    nested = {"a": [{}, {"b": ["x"]}], "c": {0: ["y", "z"]}, "non_field_errors": ["w"]}
    assert _flatten(nested) == {
        "a.1.b": ["x"],
        "c.0": ["y", "z"],
        "non_field_errors": ["w"],
    }
    assert _flatten(["only"]) == {"non_field_errors": ["only"]}


def test_a_service_refusal_has_the_shape(make_event, director):
    event = make_event(pairs=1)
    body = assert_shape(client_for(director).post(f"/api/events/{event.pk}/start/"), 409)
    assert body["fields"] == {}


def test_a_conflict_has_the_shape(make_event):
    event = make_event(pairs=2, start=True)
    response = client_for(UserFactory()).post(
        f"/api/events/{event.pk}/entries/", {"partner": UserFactory().username}, format="json"
    )
    assert assert_shape(response, 409, "closed")["fields"] == {}


def test_refusals_have_the_shape(make_event):
    event = make_event(pairs=4)
    member = player_of(event.entries.first())
    assert_shape(client_for(member).post(f"/api/events/{event.pk}/start/"), 403, "director")
    # not logged in
    response = client_for().post(f"/api/events/{event.pk}/start/")
    assert response.status_code in (401, 403)
    assert_shape(response, response.status_code, "not_authenticated")
    response = client_for().post("/api/auth/logout/", headers={"Authorization": "Token nope"})
    assert_shape(response, 401, "authentication_failed")


def test_not_found_has_the_shape():
    body = assert_shape(client_for().get("/api/events/999/"), 404, "not_found")
    assert body == {"detail": "No such event.", "code": "not_found", "fields": {}}


def test_a_wrong_method_is_a_json_405(make_event):
    event = make_event(pairs=0)
    for method, path in (
        ("delete", f"/api/events/{event.pk}/"),
        ("put", "/api/events/"),
        ("get", "/api/results/"),
        ("get", "/api/auth/token/"),
        ("post", f"/api/events/{event.pk}/standings/"),
    ):
        response = getattr(client_for(UserFactory()), method)(path)
        assert_shape(response, 405, "method_not_allowed")


@pytest.mark.parametrize(
    "path",
    [
        "/api/nothing-here/",
        "/api/events/1/nothing/",
        "/api/events/abc/",
        "/api/",
        "/api/entries/1/",
    ],
)
def test_an_unknown_api_url_is_a_json_404(path):
    for client in (Client(), client_for(UserFactory())):
        for method in ("get", "post"):
            body = assert_shape(getattr(client, method)(path), 404, "not_found")
            assert body["fields"] == {}


def test_a_missing_slash_still_redirects_and_pages_keep_their_404():
    response = Client().get("/api/events")
    assert response.status_code == 301 and response["Location"] == "/api/events/"
    response = Client().get("/no-such-page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_a_too_big_body_has_the_shape(make_event, director, settings):
    event = make_event(pairs=0)
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    body = json.dumps({"partner": "x" * 2000})
    response = client_for(director).post(
        f"/api/events/{event.pk}/entries/", body, content_type="application/json"
    )
    assert_shape(response, 413, "too_large")
    # a form body Django refuses to read
    response = client_for(director).post(
        f"/api/events/{event.pk}/entries/", {"partner": "x" * 2000}
    )
    assert_shape(response, 413, "too_large")


def test_a_reused_idempotency_key_has_the_shape(make_event):
    event = make_event(pairs=4, start=True)
    table = event.rounds.get(number=1).tables.get(number=1)
    board = event.boards.get(number=1)
    client = client_for(player_of(table.ns))
    data = {"table": table.pk, "board": board.pk, "contract": "4S", "declarer": "N"}
    data |= {"tricks": 10, "lead": held_lead(board.pk, "N")}
    headers = {"Idempotency-Key": "key-1"}
    assert client.post("/api/results/", data, format="json", headers=headers).status_code == 201
    response = client.post("/api/results/", data | {"tricks": 9}, format="json", headers=headers)
    assert_shape(response, 422)


def test_a_login_lockout_has_the_shape():
    user = UserFactory()
    for _ in range(5):
        APIClient().post("/api/auth/token/", {"username": user.username, "password": "no"})
    response = APIClient().post("/api/auth/token/", {"username": user.username, "password": "no"})
    assert_shape(response, 429, "locked_out")


def test_a_failed_login_keeps_its_old_key():
    user = UserFactory()
    response = APIClient().post("/api/auth/token/", {"username": user.username, "password": "no"})
    body = assert_shape(response, 400, "invalid")
    assert body["non_field_errors"] == body["fields"]["non_field_errors"]


def test_django_refusals_under_api_have_the_shape(rf):
    from django.core.exceptions import PermissionDenied, RequestDataTooBig, SuspiciousOperation

    from tournaments.api import errors

    def shaped(response, status, code):
        assert response.status_code == status and response["Content-Type"] == "application/json"
        assert json.loads(response.content) | {"detail": ""} == {
            "detail": "",
            "code": code,
            "fields": {},
        }

    api = rf.post("/api/results/")
    shaped(errors.bad_request(api, RequestDataTooBig()), 413, "too_large")
    shaped(errors.bad_request(api, SuspiciousOperation()), 400, "bad_request")
    shaped(errors.permission_denied(api, PermissionDenied()), 403, "permission_denied")
    shaped(errors.page_not_found(api, None), 404, "not_found")

    page = rf.get("/events/")
    for view, exc in (
        (errors.bad_request, SuspiciousOperation()),
        (errors.permission_denied, PermissionDenied()),
        (errors.page_not_found, None),
    ):
        assert view(page, exc)["Content-Type"].startswith("text/html")
