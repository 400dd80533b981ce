"""The practice API: who may start a session on which boards, the table a seat is sent,
the refusals (online play's codes; nothing changes), the scores, and the schema."""

import pytest
from django.urls import reverse

from practice.models import PracticeBoard, PracticeSession
from tests.conftest import api_client
from tests.factories import UserFactory
from tests.factories.pool import PoolBoardFactory, PoolEventFactory, PoolResultFactory
from tests.factories.tournaments import DEAL, ResultFactory, TableFactory
from tests.practice.conftest import DEAL as PRACTICE_DEAL
from tests.practice.conftest import play_grand_slam
from tournaments.models import Event

pytestmark = pytest.mark.django_db(transaction=True)


def _start(user, **body):
    return api_client(user).post(reverse("api-practice-create"), body, format="json")


def test_start_read_and_act(mp_event, django_assert_max_num_queries):
    user = UserFactory()
    response = _start(user, event=mp_event.pk)
    assert response.status_code == 201, response.content
    session = response.json()
    assert session["seat"] == "S" and session["method"] == "mp"
    assert [b["number"] for b in session["boards"]] == [1]
    assert session["boards"][0]["field"] == []  # nothing of the field before it is played
    url = reverse("api-practice-play", args=[session["id"]])
    table = api_client(user).get(url).json()
    # the robots North and East passed; South, the player, is to call and sees only
    # their own hand, with every legal call and no card
    assert [c["call"] for c in table["auction"]] == ["P", "P"]
    assert table["actor"] == "S" and table["seat"] == "S"
    assert table["hands"]["N"] is None and table["hands"]["E"] is None
    assert len(table["hands"]["S"]) == 13
    assert "7S" in table["legal"]["calls"] and table["legal"]["cards"] == []
    answer = api_client(user).post(
        url, {"version": table["version"], "kind": "call", "value": "7S"}, format="json"
    )
    assert answer.status_code == 200, answer.content
    after = api_client(user).get(url).json()
    # West, North and East passed: West's opening lead is on the table
    assert after["phase"] == "play" and after["contract"] == "7S" and len(after["play"]) == 1
    with django_assert_max_num_queries(8):  # the session's boards, whatever their number
        scores = api_client(user).get(reverse("api-practice", args=[session["id"]])).json()
    assert scores["boards"][0]["done"] is False and scores["total"] is None


def test_refusals_change_nothing(mp_event):
    user = UserFactory()
    session_id = _start(user, event=mp_event.pk).json()["id"]
    url = reverse("api-practice-play", args=[session_id])
    table = api_client(user).get(url).json()
    row = PracticeBoard.objects.get(session_id=session_id)
    for body, status, code in [
        ({"version": table["version"], "kind": "call", "value": "0S"}, 400, "illegal_call"),
        ({"version": table["version"], "kind": "card", "value": "SA"}, 400, "out_of_turn"),
        ({"version": table["version"] - 1, "kind": "call", "value": "P"}, 409, "stale"),
        ({"version": table["version"], "kind": "rule", "value": "13"}, 400, "invalid"),
    ]:
        response = api_client(user).post(url, body, format="json")
        assert response.status_code == status, (body, response.content)
        assert response.json()["code"] == code
    # another player's session is refused before the body is read; an anonymous
    # request too; a session that does not exist is a 404
    other = api_client(UserFactory()).post(url, {"version": "x"}, format="json")
    assert other.status_code == 403 and other.json()["code"] == "not_seated"
    assert api_client(UserFactory()).get(url).status_code == 403
    missing = reverse("api-practice-play", args=[session_id + 100])
    assert api_client(user).get(missing).json()["code"] == "not_found"
    assert api_client().get(url).status_code in (401, 403)
    row.refresh_from_db()
    assert len(row.actions) == table["version"]


def test_only_boards_one_may_see_after_play(make_event, mp_event):
    user = UserFactory()
    running = make_event(pairs=4, start=True)  # its boards are still in play
    response = _start(user, event=running.pk)
    assert response.status_code == 400 and response.json()["code"] == "not_practisable"
    assert _start(user, event=mp_event.pk, boards=[2]).json()["code"] == "not_practisable"
    assert _start(user, event=mp_event.pk, seat="Q").status_code == 400
    assert _start(user, event=999999).status_code == 404
    assert PracticeSession.objects.count() == 0


def test_a_pool_offers_its_retired_boards_scored_against_their_datum():
    """A pool board's datum is the one of its last scoring (docs/rules.md § The scoring
    pool), shown on its page: here NS 1300 (the trimmed average of the field would be
    1260). The practice +1510 scores 1510 − 1300 = 210, between 165 and 215: +5 IMPs."""
    pool = PoolEventFactory(status=Event.Status.RUNNING)
    retired = PoolBoardFactory(board__event=pool, board__number=1, board__deal=PRACTICE_DEAL,
                               retired=True, results=4, taken=4)  # fmt: skip
    PoolBoardFactory(board__event=pool, board__number=2, board__deal=DEAL, results=1, taken=1)
    for seq, (score, contract) in enumerate(
        ((1510, "7S"), (1010, "6S"), (510, "4S"), (1510, "7S")), 1
    ):
        table = TableFactory(event=pool, round=None)
        result = ResultFactory(table=table, board=retired.board, contract=contract,
                               declarer="S", tricks=13, ns_score=score)  # fmt: skip
        PoolResultFactory(result=result, event=pool, board=retired.board, seq=seq,
                          datum=1300, scored_at_seq=4)  # fmt: skip
    user = UserFactory()
    assert _start(user, event=pool.pk, boards=[2]).json()["code"] == "not_practisable"
    response = _start(user, event=pool.pk)
    assert response.status_code == 201
    assert [b["number"] for b in response.json()["boards"]] == [1]
    session = PracticeSession.objects.get()
    row = play_grand_slam(user, session)
    assert (row.points, row.datum) == (5.0, 1300)
    summary = api_client(user).get(reverse("api-practice", args=[session.pk])).json()
    assert summary["total"] == 5.0 and summary["boards"][0]["datum"] == 1300
    assert [r["ns_score"] for r in summary["boards"][0]["field"]] == [1510, 1510, 1010, 510]


def test_team_events_are_not_offered():
    from tests.factories.teams import TeamsEventFactory

    teams = TeamsEventFactory(status=Event.Status.FINISHED)
    response = _start(UserFactory(), event=teams.pk)
    assert response.status_code == 400 and response.json()["code"] == "not_practisable"


def test_a_robot_opponents_call_is_explained_and_partners_is_not(mp_event):
    """North (the player's robot partner) and East pass before South's first call: East's
    pass is explained from the robots' system, North's is not (an alert never is to
    partner), the player's own call is a person's; a stranger is refused first."""
    user = UserFactory()
    session = _start(user, event=mp_event.pk).json()
    url = reverse("api-practice-explain", args=[session["id"]])
    client = api_client(user)
    east = client.get(url, {"index": 1})
    assert east.status_code == 200, east.content
    assert east.json()["seat"] == "E" and east.json()["call"] == "P"
    assert east.json()["explanation"]
    assert client.get(url, {"index": 0}).json()["code"] == "partner"
    assert client.get(url, {"index": 0}).status_code == 403
    assert client.get(url, {"index": 2}).json()["code"] == "no_call"
    assert client.get(url, {"index": "x"}).json()["code"] == "index"
    assert api_client(UserFactory()).get(url, {"index": 1}).json()["code"] == "not_seated"
    play = reverse("api-practice-play", args=[session["id"]])
    version = client.get(play).json()["version"]
    client.post(play, {"version": version, "kind": "call", "value": "1S"}, format="json")
    own = client.get(url, {"index": 2})
    assert (own.status_code, own.json()["code"]) == (400, "not_robot")


def test_schema_lists_the_practice_endpoints(client):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    paths = schema["paths"]
    assert {"/api/practice/", "/api/practice/{session_id}/"} <= set(paths)
    assert set(paths["/api/practice/{session_id}/play/"]) >= {"get", "post"}
