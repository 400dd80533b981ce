"""``Idempotency-Key`` on result entry and confirmation: a retry after a lost response
gets the stored response, not a 409, and the work is done once."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from tests.conftest import api_client, held_lead, need_postgres, player
from tournaments import services
from tournaments.models import Result


def keys():
    from tournaments.models import IdempotencyKey

    return IdempotencyKey.objects


client_for = api_client


def submit(user, table, board, key=None, **fields):
    data = {"table": table.pk, "board": board.pk, "contract": "4S", "declarer": "N"}
    data.update({"tricks": 10, "lead": held_lead(board.pk, "N")} | fields)
    headers = {"Idempotency-Key": key} if key else {}
    return client_for(user).post("/api/results/", data, format="json", headers=headers)


def confirm(user, result_id, key=None):
    headers = {"Idempotency-Key": key} if key else {}
    return client_for(user).post(f"/api/results/{result_id}/confirm/", headers=headers)


@pytest.fixture
def seated(make_event):
    event = make_event(pairs=4, start=True)
    table = event.rounds.get(number=1).tables.get(number=1)
    board = event.boards.get(number=1)
    return event, table, board


@pytest.mark.django_db
def test_a_replayed_entry_returns_the_stored_response_and_stores_one_result(seated):
    event, table, board = seated
    north = player(table.ns)
    first = submit(north, table, board, key="entry-1")
    assert first.status_code == 201

    again = submit(north, table, board, key="entry-1")

    assert again.status_code == 201
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert Result.objects.filter(table=table, board=board).count() == 1
    # Without a key a second entry is refused as before.
    assert submit(north, table, board).status_code == 409


@pytest.mark.django_db
def test_a_replayed_confirmation_returns_the_stored_response(seated):
    event, table, board = seated
    result = services.result_submit(
        table_id=table.pk,
        board_id=board.pk,
        user=player(table.ns),
        contract="4S",
        declarer="N",
        tricks=10,
        lead=held_lead(board.pk, "N"),
    )
    east = player(table.ew)
    first = confirm(east, result.pk, key="confirm-1")
    assert first.status_code == 200
    confirmed_at = Result.objects.get(pk=result.pk).confirmed_at

    again = confirm(east, result.pk, key="confirm-1")

    assert (again.status_code, again.json()) == (200, first.json())
    assert Result.objects.get(pk=result.pk).confirmed_at == confirmed_at
    assert confirm(east, result.pk).status_code == 409  # no key: already confirmed


@pytest.mark.django_db
def test_a_key_reused_with_another_body_or_endpoint_is_422(seated):
    event, table, board = seated
    north = player(table.ns)
    assert submit(north, table, board, key="k").status_code == 201

    other_body = submit(north, table, board, key="k", contract="3NT", tricks=9)
    other_endpoint = confirm(north, Result.objects.get().pk, key="k")

    assert other_body.status_code == 422
    assert other_body.json()["code"] == "idempotency_key_reused"
    assert other_endpoint.status_code == 422
    assert Result.objects.get().contract == "4S"


@pytest.mark.django_db
def test_the_same_key_from_another_user_is_independent(seated):
    event, table, board = seated
    first = submit(player(table.ns), table, board, key="shared")
    second_board = event.boards.get(number=2)
    second = submit(player(table.ew), table, second_board, key="shared")

    assert first.status_code == second.status_code == 201
    assert first.json()["id"] != second.json()["id"]
    assert Result.objects.filter(table=table).count() == 2
    assert keys().filter(key="shared").count() == 2


@pytest.mark.django_db
def test_a_refused_request_stores_no_key_and_may_be_retried(seated):
    event, table, board = seated
    north = player(table.ns)
    assert submit(north, table, board, key="retry", contract="8S").status_code == 400
    assert not keys().exists()
    assert submit(north, table, board, key="retry", contract="8S").status_code == 400
    assert submit(north, table, board, key="retry2").status_code == 201
    assert keys().count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize("key", ["", " ", "x" * 256])
def test_a_malformed_key_is_400(key, seated):
    event, table, board = seated
    response = submit(player(table.ns), table, board, key=key or "\t")
    assert response.status_code == 400
    assert response.json()["code"] == "idempotency_key"
    assert not Result.objects.exists()


@pytest.mark.django_db
def test_keys_expire_after_a_day(seated):
    from tournaments.services.idempotency import idempotency_keys_expire

    event, table, board = seated
    north = player(table.ns)
    submit(north, table, board, key="old")
    submit(north, table, event.boards.get(number=2), key="new")
    keys().filter(key="old").update(created_at=timezone.now() - timedelta(hours=25))

    assert idempotency_keys_expire() == 1

    assert list(keys().values_list("key", flat=True)) == ["new"]


@pytest.mark.django_db
def test_the_schema_documents_the_header(client):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    for path in ("/api/results/", "/api/results/{result_id}/confirm/"):
        params = schema["paths"][path]["post"].get("parameters", [])
        assert any(p["name"] == "Idempotency-Key" and p["in"] == "header" for p in params)
        assert "422" in schema["paths"][path]["post"]["responses"]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_concurrent_replays_of_one_key_do_the_work_once(make_event):
    need_postgres()
    event = make_event(pairs=4, start=True)
    table = event.rounds.get(number=1).tables.get(number=1)
    board = event.boards.get(number=1)
    north = player(table.ns)
    barrier = threading.Barrier(4)
    responses = []

    def worker():
        try:
            barrier.wait()
            responses.append(submit(north, table, board, key="race"))
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert [r.status_code for r in responses] == [201] * 4
    assert len({r.content for r in responses}) == 1
    assert Result.objects.filter(table=table, board=board).count() == 1
    assert keys().count() == 1


@pytest.mark.django_db
def test_a_crash_after_the_work_stores_neither_the_result_nor_the_key(seated):
    from tournaments.services.idempotency import idempotent_perform

    event, table, board = seated
    north = player(table.ns)

    def perform():
        services.result_submit(
            table_id=table.pk,
            board_id=board.pk,
            user=north,
            contract="4S",
            declarer="N",
            tricks=10,
            lead=held_lead(board.pk, "N"),
        )
        raise RuntimeError("the worker died before the response was stored")

    with pytest.raises(RuntimeError):
        idempotent_perform(
            user=north, key="crash", endpoint="POST /api/results/", payload={}, perform=perform
        )

    assert not Result.objects.filter(table=table, board=board).exists()
    assert not keys().exists()
    assert submit(north, table, board, key="crash").status_code == 201


@pytest.mark.django_db
def test_beat_expires_the_keys_every_hour(settings):
    from tournaments.tasks import expire_idempotency_keys

    entry = settings.CELERY_BEAT_SCHEDULE["expire-idempotency-keys"]
    assert entry["task"] == "tournaments.tasks.expire_idempotency_keys"
    assert entry["schedule"] == timedelta(hours=1) and entry["options"]["expires"]
    assert expire_idempotency_keys.delay().get() == 0
