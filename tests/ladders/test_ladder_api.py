"""The ladder API: a season from the first challenge to a forfeit and a played match's
move, the error shape, pages, the schema."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from ladders import selectors, services
from ladders.models import Challenge
from tests.conftest import api_client

pytestmark = pytest.mark.django_db


def test_list_detail_positions_and_history(make_ladder, django_assert_max_num_queries):
    ladder, t = make_ladder(5)
    client = api_client()
    body = client.get("/api/ladders/").json()
    assert body["count"] == 1 and body["results"][0]["teams"] == 5
    detail = client.get(f"/api/ladders/{ladder.pk}/").json()
    assert (detail["k"], detail["accept_days"], detail["cooldown_days"]) == (3, 3, 7)
    with django_assert_max_num_queries(6):
        positions = client.get(f"/api/ladders/{ladder.pk}/positions/?limit=3").json()
    assert positions["count"] == 5 and positions["next"]
    assert [p["team"]["id"] for p in positions["results"]] == [x.pk for x in t[:3]]
    history = client.get(f"/api/ladders/{ladder.pk}/teams/{t[2].pk}/history/").json()
    assert history["results"][0]["kind"] == "join" and history["results"][0]["position_after"] == 3


def test_captains_issue_accept_and_decline_through_the_api(make_ladder):
    ladder, t = make_ladder(5)
    captain = api_client(t[3].captain)
    response = captain.post(
        f"/api/ladders/{ladder.pk}/challenges/",
        {"challenger": t[3].pk, "defender": t[1].pk},
        format="json",
    )
    assert response.status_code == 201, response.content
    challenge = response.json()
    assert challenge["status"] == "open" and challenge["open"] is True
    # not the defender's captain: 403 in the error shape
    refused = captain.post(f"/api/ladders/challenges/{challenge['id']}/accept/", {}, format="json")
    assert refused.status_code == 403
    assert (
        set(refused.json()) >= {"detail", "code", "fields"} and refused.json()["code"] == "captain"
    )
    defender = api_client(t[1].captain)
    start = (timezone.now() + timedelta(hours=2)).isoformat()
    accepted = defender.post(
        f"/api/ladders/challenges/{challenge['id']}/accept/", {"start_at": start}, format="json"
    )
    assert accepted.status_code == 200, accepted.content
    assert accepted.json()["status"] == "accepted" and accepted.json()["event"]
    listed = api_client().get(f"/api/ladders/{ladder.pk}/challenges/?status=open").json()
    assert [c["id"] for c in listed["results"]] == [challenge["id"]]
    # another challenge, declined
    other = api_client(t[4].captain).post(
        f"/api/ladders/{ladder.pk}/challenges/",
        {"challenger": t[4].pk, "defender": t[2].pk},
        format="json",
    )
    declined = api_client(t[2].captain).post(
        f"/api/ladders/challenges/{other.json()['id']}/decline/"
    )
    assert declined.json()["status"] == "declined"


@pytest.mark.parametrize(
    ("challenger", "defender", "status", "code"),
    [(4, 0, 400, "range"), (2, 2, 400, "self")],
)
def test_refusals_have_the_error_shape(make_ladder, challenger, defender, status, code):
    ladder, t = make_ladder(5)
    response = api_client(t[challenger].captain).post(
        f"/api/ladders/{ladder.pk}/challenges/",
        {"challenger": t[challenger].pk, "defender": t[defender].pk},
        format="json",
    )
    assert response.status_code == status
    assert response.json()["code"] == code and response.json()["fields"] == {}


def test_busy_is_a_conflict(make_ladder):
    ladder, t = make_ladder(5)
    services.challenge_issue(ladder=ladder, challenger=t[3], defender=t[1], by=t[3].captain)
    response = api_client(t[2].captain).post(
        f"/api/ladders/{ladder.pk}/challenges/",
        {"challenger": t[2].pk, "defender": t[1].pk},
        format="json",
    )
    assert response.status_code == 409 and response.json()["code"] == "defender_busy"


def test_director_endpoints(make_ladder, ladder_director):
    ladder, t = make_ladder(4)
    td = api_client(ladder_director)
    created = td.post("/api/ladders/", {"name": "Women", "k": 2}, format="json")
    assert created.status_code == 201 and created.json()["k"] == 2
    bad = td.post("/api/ladders/", {"name": "X", "k": 0}, format="json")
    assert bad.status_code == 400 and "k" in bad.json()["fields"]
    assert api_client(t[0].captain).post("/api/ladders/", {"name": "Mine"}).status_code == 403
    patched = td.patch(f"/api/ladders/{ladder.pk}/", {"accept_days": 5}, format="json")
    assert patched.json()["accept_days"] == 5
    assert (
        api_client(t[0].captain)
        .patch(f"/api/ladders/{ladder.pk}/", {"k": 9}, format="json")
        .status_code
        == 403
    )
    new_ladder = created.json()["id"]
    added = td.post(f"/api/ladders/{new_ladder}/teams/", {"team": t[0].pk}, format="json")
    assert added.status_code == 201 and added.json()["position"] == 1
    moved = td.post(
        f"/api/ladders/{ladder.pk}/teams/{t[3].pk}/position/", {"position": 1}, format="json"
    )
    assert moved.status_code == 204
    assert selectors.ladder_order(ladder=ladder)[0] == t[3].pk
    assert td.post(f"/api/ladders/{ladder.pk}/teams/{t[3].pk}/remove/").status_code == 204
    assert selectors.ladder_size(ladder=ladder) == 3
    c = services.challenge_issue(ladder=ladder, challenger=t[2], defender=t[1], by=t[2].captain)
    cancelled = td.post(f"/api/ladders/challenges/{c.pk}/cancel/", {"reason": "x"}, format="json")
    assert cancelled.json()["status"] == "cancelled"
    c = services.challenge_issue(ladder=ladder, challenger=t[1], defender=t[0], by=t[1].captain)
    services.challenge_accept(challenge=c, by=t[0].captain)
    # the match was not played by its deadline: the director's to decide
    Challenge.objects.filter(pk=c.pk).update(play_by=timezone.now() - timedelta(minutes=1))
    decided = td.post(
        f"/api/ladders/challenges/{c.pk}/decide/", {"winner": "challenger"}, format="json"
    )
    assert decided.json()["status"] == "played" and decided.json()["decided_by_director"]
    assert decided.json()["winner"] == t[1].pk


def test_the_schema_covers_the_ladder_paths():
    from rest_framework.test import APIClient

    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    for path in (
        "/api/ladders/",
        "/api/ladders/{ladder_id}/",
        "/api/ladders/{ladder_id}/positions/",
        "/api/ladders/{ladder_id}/challenges/",
        "/api/ladders/{ladder_id}/teams/{team_id}/history/",
        "/api/ladders/challenges/{challenge_id}/accept/",
        "/api/ladders/challenges/{challenge_id}/decline/",
        "/api/ladders/challenges/{challenge_id}/cancel/",
        "/api/ladders/challenges/{challenge_id}/decide/",
    ):
        assert path in schema["paths"], path
