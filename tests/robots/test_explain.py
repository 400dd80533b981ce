"""An opponent asks what a robot's call shows: the robot's system answers (docs/rules.md
§ Robots), translated, never to the robot's partner, never about a person's call."""

from __future__ import annotations

import pytest
from django.urls import reverse

from robots.explain import call_explain
from robots.seating import robot_substitute

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_system_says_what_each_kind_of_call_shows():
    assert call_explain([], "N", "1NT") == "No trump opening, 15–17 points, balanced"
    assert call_explain([], "N", "1H") == "Natural, 10–21 points, 5 or more hearts"
    stayman = [("N", "1NT"), ("E", "P")]
    assert call_explain(stayman, "S", "2C").startswith("Stayman")
    answer = stayman + [("S", "2C"), ("W", "P")]
    assert call_explain(answer, "N", "2S") == (
        "Answer to Stayman, 4 or more spades, at most 3 hearts"
    )
    assert call_explain([("N", "1H")], "E", "X").startswith("Takeout")
    assert call_explain([("N", "1D"), ("E", "P")], "S", "1S").startswith("Natural, 6 or more")


def _explain(client, online, index, lang="en"):
    url = reverse("api-table-explain", args=[online.event.pk, online.table.pk])
    return client.get(url, {"index": index}, HTTP_ACCEPT_LANGUAGE=lang)


def test_an_opponent_gets_the_robots_explanation_in_their_language(online, director, client):
    robot_seat = online.engine().actor  # the dealer: the robot makes the first call
    robot_substitute(director=director, event_id=online.event.pk, table_id=online.table.pk,
                     seat=robot_seat)  # fmt: skip
    call = online.engine().calls[0]
    assert call.seat == robot_seat
    opponent = {"N": "E", "E": "S", "S": "W", "W": "N"}[robot_seat]
    client.force_login(online.players[opponent])
    answer = _explain(client, online, 0)
    assert answer.status_code == 200, answer.content
    assert answer.json()["call"] == call.value and answer.json()["explanation"]
    chinese = _explain(client, online, 0, lang="zh-hans").json()["explanation"]
    assert chinese != answer.json()["explanation"]
    assert _explain(client, online, 7).json()["code"] == "no_call"


def test_not_to_the_robots_partner_nor_about_a_persons_call(online, director, client):
    robot_seat = online.engine().actor
    robot_substitute(director=director, event_id=online.event.pk, table_id=online.table.pk,
                     seat=robot_seat)  # fmt: skip
    partner = {"N": "S", "S": "N", "E": "W", "W": "E"}[robot_seat]
    client.force_login(online.players[partner])
    refused = _explain(client, online, 0)
    assert refused.status_code == 403 and refused.json()["code"] == "partner"
    online.act(online.engine().actor, "call", "P")  # the next seat, a person
    opponent_of_next = partner  # the person's left-hand opponent is the robot's partner
    client.force_login(online.players[opponent_of_next])
    assert _explain(client, online, 1).json()["code"] == "not_robot"
