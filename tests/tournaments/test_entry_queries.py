"""Result entry and confirmation through the API: a bounded number of queries each.

Under load every query is a round trip made while the entry holds its row locks
(python -m bench load); the counts here keep them from creeping back up.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from knox.models import AuthToken
from rest_framework.test import APIClient

from tests.conftest import held_lead
from tournaments.models import Result

pytestmark = pytest.mark.django_db

# Token auth (knox: the token, and its clean-up of the user's expired tokens), the table
# and the board, the round FOR SHARE, the table locked (with its round and event), the
# side check, the duplicate check, the insert.
SUBMIT_MAX = 9
# Token auth (knox: the token, and its clean-up of the user's expired tokens), the result
# with its table, the round FOR SHARE, the table locked, the result locked (with its
# board), the side check, the update, the audit row of the board it unlocks.
CONFIRM_MAX = 9


def statements(ctx) -> list[str]:
    """The queries, without the savepoints of the test's own transaction."""
    return [
        q["sql"] for q in ctx.captured_queries if not q["sql"].startswith(("SAVEPOINT", "RELEASE"))
    ]


def token_client(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {AuthToken.objects.create(user=user)[1]}")
    return client


@pytest.fixture
def seated(make_event):
    event = make_event(pairs=4, start=True)
    rnd = event.rounds.get(number=1)
    table = rnd.tables.order_by("number").first()
    board = rnd.boards.order_by("number").first()
    ns = token_client(table.ns.members.first().player)
    ew = token_client(table.ew.members.first().player)
    return table, board, ns, ew


def test_entering_and_confirming_a_result_take_few_queries(seated):
    table, board, ns, ew = seated
    body = {"table": table.pk, "board": board.pk, "contract": "4S", "declarer": "N"}
    body |= {"tricks": 10, "lead": held_lead(board.pk, "N")}
    with CaptureQueriesContext(connection) as submit:
        response = ns.post("/api/results/", body, format="json")
    assert response.status_code == 201, response.content
    result_id = response.json()["id"]
    with CaptureQueriesContext(connection) as confirm:
        response = ew.post(f"/api/results/{result_id}/confirm/")
    assert response.status_code == 200, response.content
    stored = Result.objects.get(pk=result_id)
    assert stored.tricks == 10 and stored.confirmed_at is not None
    assert len(statements(submit)) <= SUBMIT_MAX, statements(submit)
    assert len(statements(confirm)) <= CONFIRM_MAX, statements(confirm)


def test_confirming_an_unknown_result_is_not_found(seated):
    _, _, _, ew = seated
    response = ew.post("/api/results/999999/confirm/")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"
