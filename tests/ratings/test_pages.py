"""The player profile page (ratings): events played, master points, rank tier, ledger."""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import UserFactory
from tests.tournaments.test_pages import finish, player
from tournaments import services
from tournaments.models import Entry


@pytest.fixture
def finished_event(make_event):
    return finish(make_event(pairs=4, start=True, num_rounds=2, name="Spring Swiss"))


def test_player_profile_shows_events_master_points_and_tier(client, finished_event):
    entry = Entry.objects.get(event=finished_event, rank=1)
    user = player(entry)
    url = reverse("ratings:player_detail", args=[user.username])
    assert url == f"/players/{user.username}/"
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Spring Swiss" in html
    assert entry.master_points == 3
    # 3 points: tier 1, named in the reader's language only
    assert "Ranked Player" in html and "有级牌手" not in html
    assert "2 more points to Intermediate" in html and "中级牌手" not in html
    chinese = client.get(url, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "有级牌手" in chinese and "Ranked Player" not in chinese
    assert "Intermediate" not in chinese
    assert "+3" in html  # the ledger row
    partner = player(entry, 2)
    assert reverse("ratings:player_detail", args=[partner.username]) in html


def test_unknown_player_is_404(client, db):
    assert client.get(reverse("ratings:player_detail", args=["ghost"])).status_code == 404


@pytest.mark.parametrize("path", ["/players/%00/", "/players/ghost%00/"])
def test_a_username_with_a_null_character_is_404_not_a_server_error(client, db, path):
    """PostgreSQL refuses NUL in text: the lookup must not reach the database."""
    assert client.get(path).status_code == 404


def test_the_header_links_to_my_profile(client, finished_event):
    user = player(Entry.objects.filter(event=finished_event).first())
    client.force_login(user)
    html = client.get(reverse("tournaments:event_list")).content.decode()
    assert f'href="/players/{user.username}/"' in html


def test_the_profile_needs_the_same_queries_for_one_event_or_many(
    client, make_event, django_assert_max_num_queries
):
    a, b = UserFactory(), UserFactory()

    def play(events: int) -> None:
        for _ in range(events):
            event = make_event(pairs=3, num_rounds=1)
            entry = services.entry_register(event=event, player=a, partner=b)
            services.entry_confirm(entry=entry, player=b)
            services.event_start(event=event, rng=random.Random(1))
            event.refresh_from_db()
            finish(event)

    url = reverse("ratings:player_detail", args=[a.username])
    play(1)
    with CaptureQueriesContext(connection) as one:
        client.get(url)
    play(5)
    make_event(pairs=2)  # and one still open for registration, with a and b in it
    event = make_event(pairs=0)
    services.entry_confirm(
        entry=services.entry_register(event=event, player=a, partner=b), player=b
    )
    with django_assert_max_num_queries(len(one.captured_queries)):
        response = client.get(url)
    assert response.status_code == 200
    assert response.content.decode().count('href="/events/') >= 7
