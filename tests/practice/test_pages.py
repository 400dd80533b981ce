"""The practice pages: the list, the start page, the table's page and the summary, and
the links from a finished event's page and a retired pool board's page."""

import json
import re

import pytest
from django.urls import reverse

from practice import services
from practice.models import PracticeBoard, PracticeSession
from tests.factories import UserFactory
from tests.factories.pool import PoolBoardFactory, PoolEventFactory
from tests.practice.conftest import play_grand_slam
from tournaments.models import Board, Event

pytestmark = pytest.mark.django_db(transaction=True)


def test_event_page_links_to_practice_once_finished(client, make_event, mp_event):
    running = make_event(pairs=4, start=True)
    client.force_login(UserFactory())
    html = client.get(reverse("tournaments:event_detail", args=[mp_event.pk])).content.decode()
    assert "Practise these boards" in html
    assert reverse("practice:start", args=[mp_event.pk]) in html
    html = client.get(reverse("tournaments:event_detail", args=[running.pk])).content.decode()
    assert "Practise these boards" not in html


def test_pool_board_page_links_to_practice_when_retired(client):
    pool = PoolEventFactory(status=Event.Status.RUNNING)
    retired = PoolBoardFactory(board__event=pool, board__number=1, retired=True)
    PoolBoardFactory(board__event=pool, board__number=2)
    client.force_login(UserFactory())
    html = client.get(reverse("tournaments:board_detail", args=[pool.pk, 1])).content.decode()
    assert "Practise this board" in html
    assert f"{reverse('practice:start', args=[pool.pk])}?board=1" in html
    html = client.get(reverse("tournaments:board_detail", args=[pool.pk, 2])).content.decode()
    assert "Practise this board" not in html
    # the start page offers that board alone
    start = client.get(reverse("practice:start", args=[pool.pk]), {"board": 1}).content.decode()
    assert "Board 1 only." in start
    response = client.post(reverse("practice:start", args=[pool.pk]), {"board": 1, "seat": "W"})
    session = PracticeSession.objects.get()
    assert response.url == reverse("practice:table", args=[session.pk])
    assert session.seat == "W" and list(session.boards.values_list("board", flat=True)) == [
        retired.board_id
    ]


def test_start_refused_is_said_and_creates_nothing(client, make_event):
    running = make_event(pairs=4, start=True)
    client.force_login(UserFactory())
    page = client.get(reverse("practice:start", args=[running.pk])).content.decode()
    assert "no boards you may practise" in page
    response = client.post(reverse("practice:start", args=[running.pk]), {"seat": "S"}, follow=True)
    assert "This event has no boards to practise." in response.content.decode()
    assert PracticeSession.objects.count() == 0


def test_table_page_opens_the_practice_socket_and_falls_back_on_the_api(client, mp_event):
    user = UserFactory()
    session = services.practice_create(user=user, event_id=mp_event.pk)
    client.force_login(user)
    html = client.get(reverse("practice:table", args=[session.pk])).content.decode()
    config = json.loads(re.search(r'id="play-config"[^>]*>(.*?)</script>', html, re.S).group(1))
    assert config["api"] == reverse("api-practice-play", args=[session.pk])
    assert config["ws"] == f"/ws/practice/{session.pk}/" and config["seat"] == "S"
    assert config["names"] == {"N": "Robot", "E": "Robot", "S": "You", "W": "Robot"}
    assert [s for s, holder in config["players"].items() if holder["robot"]] == ["N", "E", "W"]
    assert config["explain"] == reverse("api-practice-explain", args=[session.pk])
    assert config["system_card"] == reverse("robots:system")
    assert "online/table.js" in html
    client.force_login(UserFactory())  # someone else's practice is refused
    assert client.get(reverse("practice:table", args=[session.pk])).status_code == 403
    assert client.get(reverse("practice:summary", args=[session.pk])).status_code == 403
    assert client.get(reverse("practice:table", args=[session.pk + 100])).status_code == 404


def test_summary_and_list_show_the_score_against_the_field(
    client, mp_event, django_assert_max_num_queries
):
    user = UserFactory()
    session = services.practice_create(user=user, event_id=mp_event.pk)
    client.force_login(user)
    before = client.get(reverse("practice:summary", args=[session.pk])).content.decode()
    assert "1 board to play: none played yet." in before and "1010" not in before  # no spoiler
    assert 'class="practice-board"' not in before
    play_grand_slam(user, session)
    with django_assert_max_num_queries(10):
        html = client.get(reverse("practice:summary", args=[session.pk])).content.decode()
    assert "75.0%" in html
    for score in ("1510", "1010", "510"):
        assert f'<td class="num">{score}</td>' in html
    with django_assert_max_num_queries(10):
        home = client.get(reverse("practice:home")).content.decode()
    assert mp_event.name in home and "1 / 1" in home
    chinese = client.get(
        reverse("practice:summary", args=[session.pk]), HTTP_ACCEPT_LANGUAGE="zh-hans"
    ).content.decode()
    assert "Scores against the field" not in chinese


def test_staff_see_a_session_in_the_admin(client, mp_event):
    session = services.practice_create(user=UserFactory(), event_id=mp_event.pk)
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    html = client.get(
        reverse("admin:practice_practicesession_change", args=[session.pk])
    ).content.decode()
    assert mp_event.name in html and "practice board" in html.lower()


def test_the_summary_lists_the_boards_played_and_counts_the_rest(client, mp_event):
    """Three boards, one played: that one is listed with its score, the two others are
    one line ("2 more boards to play."), not two "Not played yet" entries."""
    user = UserFactory()
    session = services.practice_create(user=user, event_id=mp_event.pk)
    first = Board.objects.get(event=mp_event, number=1)
    for number in (2, 3):
        board = Board.objects.create(
            event=mp_event, number=number, deal=first.deal, dealer="E", vulnerability="NS"
        )
        PracticeBoard.objects.create(session=session, board=board, position=number)
    play_grand_slam(user, session)
    client.force_login(user)
    html = client.get(reverse("practice:summary", args=[session.pk])).content.decode()
    assert re.findall(r'class="practice-board" data-board="(\d+)"', html) == ["1"]
    assert "2 more boards to play." in html
    assert "Not played yet" not in html
