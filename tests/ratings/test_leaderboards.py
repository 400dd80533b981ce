"""Leaderboards (this week's points, the Rate, master points) on the page and in the
API: filtered by rank tier and minimum boards, paginated, in a fixed number of queries;
a player's Rate in the API; bad parameters are a clear 400 or a message."""

from __future__ import annotations

import pytest
from django.urls import reverse

from ratings.models import PlayerRate
from ratings.weeks import week_of
from tests.conftest import api_client
from tests.factories import PlayerRateFactory, RateHistoryFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def field(db):
    from django.utils import timezone

    week = week_of(timezone.now())
    rows = []
    for i in range(120):
        rows.append(
            PlayerRateFactory(
                rate=40 + i * 0.25,
                total_boards=i,
                week=week if i % 2 else "2000-W01",
                weekly_points=float(i % 7) - 3,
                boards_this_week=i % 5,
                master_points=i,
                tier=sum(1 for t in (1, 5, 15, 30, 50, 100) if i >= t),
            )
        )
    return rows


def test_the_rate_board_is_best_first_and_paginated(client, field, django_assert_max_num_queries):
    with django_assert_max_num_queries(4):
        response = client.get(reverse("ratings:leaderboard"))
    assert response.status_code == 200
    rows = response.context["rows"]
    assert len(rows) == 50
    rates = [r.rate for _place, r, _tier in rows]
    assert rates == sorted(rates, reverse=True) and rates[0] == 40 + 119 * 0.25
    assert all(r.total_boards >= 1 for _p, r, _t in rows)
    last = client.get(reverse("ratings:leaderboard"), {"page": 3}).context
    assert [p for p, _r, _t in last["rows"]][0] == 101
    assert len(last["rows"]) == 119 - 100  # the player with no board is not rated yet


def test_this_weeks_board_counts_only_players_of_this_week(client, field):
    response = client.get(reverse("ratings:leaderboard"), {"board": "week", "min_boards": 3})
    rows = [r for _p, r, _t in response.context["rows"]]
    assert rows and all(r.week == week_of_now() and r.boards_this_week >= 3 for r in rows)
    points = [r.weekly_points for r in rows]
    assert points == sorted(points, reverse=True)
    assert "Weekly points" in response.content.decode()


def week_of_now():
    from django.utils import timezone

    return week_of(timezone.now())


def test_filter_by_tier_on_the_master_points_board(client, field):
    response = client.get(reverse("ratings:leaderboard"), {"board": "mp", "tier": 3})
    rows = [r for _p, r, _t in response.context["rows"]]
    assert [r.master_points for r in rows] == list(range(29, 14, -1))
    assert "Advanced" in response.content.decode()


@pytest.mark.parametrize("params", [{"tier": "12"}, {"tier": "x"}, {"min_boards": "-1"},
                                    {"board": "elo"}, {"min_boards": "１"}])  # fmt: skip
def test_bad_parameters_show_a_message_and_the_default_board(client, field, params):
    response = client.get(reverse("ratings:leaderboard"), params)
    assert response.status_code == 200
    assert list(response.context["messages"])
    assert response.context["query"].board == "rate"


def test_the_api_pages_and_filters_in_a_fixed_number_of_queries(
    field, django_assert_max_num_queries
):
    client = api_client()
    with django_assert_max_num_queries(3):
        response = client.get("/api/leaderboards/rate/", {"limit": 20, "min_boards": 100})
    assert response.status_code == 200
    data = response.json()
    assert data["count"] == 20 and len(data["results"]) == 20
    first = data["results"][0]
    assert first["total_boards"] == 119 and first["tier"] == {
        "level": 6, "name_zh": "巅峰大师", "name_en": "Master"
    }  # fmt: skip
    tiered = client.get("/api/leaderboards/mp/", {"tier": 2}).json()
    assert {r["tier"]["level"] for r in tiered["results"]} == {2}
    assert client.get("/api/leaderboards/week/").status_code == 200


@pytest.mark.parametrize(
    "url, code",
    [
        ("/api/leaderboards/rate/?tier=99", "tier"),
        ("/api/leaderboards/mp/?min_boards=a", "min_boards"),
    ],
)
def test_the_api_refuses_bad_filters(field, url, code):
    response = api_client().get(url)
    assert response.status_code == 400 and response.json()["code"] == code
    assert api_client().get("/api/leaderboards/elo/").status_code == 404


def test_a_players_rate_and_history_in_the_api(db):
    user = UserFactory()
    history = RateHistoryFactory(player=user, rate_after=57.5)
    PlayerRate.objects.create(player=user, rate=57.5, weight=3.6, total_boards=4, master_points=3,
                              tier=1)  # fmt: skip
    data = api_client().get(f"/api/players/{user.username}/rate/").json()
    assert data["rate"] == 57.5 and data["tier"]["name_en"] == "Ranked Player"
    assert data["next_tier"]["level"] == 2 and data["points_to_next_tier"] == 2
    assert data["history"][0]["week"] == history.week.week
    fresh = UserFactory()
    assert api_client().get(f"/api/players/{fresh.username}/rate/").json()["rate"] == 50
    assert api_client().get("/api/players/ghost/rate/").status_code == 404


def test_the_leaderboards_and_the_analysis_in_chinese(client, field):
    html = client.get(
        reverse("ratings:leaderboard"), {"board": "mp"}, HTTP_ACCEPT_LANGUAGE="zh-hans"
    ).content.decode()
    assert "排行榜" in html and "段位" in html and "巅峰大师" in html
    assert "Leaderboards" not in html and "Master" not in html
    user = field[0].player
    analysis = client.get(
        reverse("ratings:player_analysis", args=[user.username]), HTTP_ACCEPT_LANGUAGE="zh-hans"
    ).content.decode()
    assert "作为庄家" in analysis and "As declarer" not in analysis
