"""The event page of a big field: a bounded number of queries, whatever the field size.
The event is built the way ``bench/bench_pages.py`` builds its 1,000-pair event."""

from __future__ import annotations

import pytest
from django.urls import reverse

from bench.bench_pages import build_event
from tournaments.models import Entry, Event, Result
from tournaments.views.display import player_url_maker


@pytest.fixture
def big_event(db):
    return build_event(pairs=200, rounds=10, boards_per_round=3, seed=4)


@pytest.mark.slow
def test_event_page_of_200_pairs_and_30_boards_needs_at_most_15_queries(
    client, big_event, django_assert_max_num_queries
):
    event = big_event
    assert event.status == Event.Status.FINISHED
    assert Result.objects.filter(board__event=event).count() == 100 * 30
    url = reverse("tournaments:event_detail", args=[event.pk])
    with django_assert_max_num_queries(15):
        response = client.get(url)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.count('<tr class="mine">') == 0
    assert html.count('class="sticky-col" scope="row"') == 200  # a grid row per pair
    assert html.count(reverse("tournaments:board_detail", args=[event.pk, 30])) >= 200
    first = Entry.objects.get(event=event, rank=1)
    assert f'href="/events/{event.pk}/pairs/{first.pk}/">{first.total:.2f}</a>' in html

    player = first.members.select_related("player").first().player
    client.force_login(player)
    with django_assert_max_num_queries(15):
        html = client.get(url).content.decode()
    # my row, highlighted in the standings (the winners' row) and in the grid
    assert html.count('<tr class="first mine">') == 1 and html.count('<tr class="mine">') == 1
    with django_assert_max_num_queries(15):
        fragment = client.get(reverse("tournaments:standings_fragment", args=[event.pk]))
    assert fragment.status_code == 200


def test_a_running_event_page_is_bounded_too(client, db, django_assert_max_num_queries):
    event = build_event(pairs=60, rounds=4, boards_per_round=3, seed=2, close=2, method="mp")
    assert event.status == Event.Status.RUNNING
    with django_assert_max_num_queries(15):
        html = client.get(reverse("tournaments:event_detail", args=[event.pk])).content.decode()
    assert html.count('class="sticky-col" scope="row"') == 60
    assert "%" in html and "data-live-url" in html


@pytest.mark.parametrize("username", ["alice", "a.b+c@d-e_f", "名字", "x y"])
def test_the_fast_player_url_is_the_reversed_one(db, username):
    assert player_url_maker()(username) == reverse("ratings:player_detail", args=[username])
