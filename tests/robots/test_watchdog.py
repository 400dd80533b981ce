"""When no Celery worker answers (docs/rules.md § Robots, *When no worker answers*): a
table where a robot has something to do and nothing happened for ROBOT_STALL_SECONDS
gets the robots' simple legal choice on the next tick, logged as a fallback."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.test import override_settings
from django.utils import timezone

from online.models import BoardPlay
from robots import receivers
from robots.seating import robot_substitute
from robots.turns import robot_due, turns_key, turns_running
from tests.robots.helpers import humans_play_board, its_turn, raise_once
from tournaments.models import EventLog
from tournaments.signals import clock_ticked

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def no_worker(monkeypatch):
    """The robots' task is sent and nobody runs it."""
    woken = []
    monkeypatch.setattr(receivers, "robots_wake", woken.append)
    return woken


def tick(now):
    return [answer for _r, answer in clock_ticked.send(sender=None, now=now) if answer]


@override_settings(ROBOT_STALL_SECONDS=15)
def test_a_table_stalled_on_a_robot_gets_the_simple_legal_choice(online, director, no_worker):
    robot_substitute(director=director, event_id=online.event.pk, table_id=online.table.pk,
                     seat="E")  # fmt: skip
    online.act("N", "call", "P")  # the dealer; East (the robot) is next
    assert no_worker and robot_due(online.table.pk, fast=True) is not None
    now = timezone.now()
    tick(now + timedelta(seconds=5))  # not stalled yet
    assert online.engine().to_play == "E"
    assert not EventLog.objects.filter(action="robot_fallback").exists()
    answers = tick(now + timedelta(seconds=20))
    engine = online.engine()
    assert engine.to_play == "S" and [c.value for c in engine.calls] == ["P", "P"]
    assert any(
        isinstance(a, dict) and a.get("robot_fallback_actions") == {online.table.pk: 1}
        for a in answers
    )
    log = EventLog.objects.get(action="robot_fallback")
    assert log.data["seat"] == "E" and "no robot worker answered" in log.data["faults"][0]
    assert robot_due(online.table.pk, fast=True) is None  # a person's turn: nothing more
    tick(now + timedelta(seconds=40))
    assert EventLog.objects.filter(action="robot_fallback").count() == 1


@override_settings(ROBOT_STALL_SECONDS=15)
def test_the_beat_task_does_the_same(online, director, no_worker):
    from robots.tasks import robots_watchdog

    robot_substitute(director=director, event_id=online.event.pk, table_id=online.table.pk,
                     seat="N")  # fmt: skip
    assert robots_watchdog() == 0  # just seated: not stalled
    from robots.models import RobotSeat

    RobotSeat.objects.update(created_at=timezone.now() - timedelta(seconds=30))
    from tournaments.models import Round

    Round.objects.filter(pk=online.table.round_id).update(
        opened_at=timezone.now() - timedelta(seconds=30)
    )
    assert robots_watchdog() == 1  # North, the dealer, passes; East is a person
    assert [c.value for c in online.engine().calls] == ["P"]


@override_settings(ROBOT_STALL_SECONDS=15)
def test_an_online_table_whose_robot_raised_finishes_the_board(online, director, monkeypatch):
    """East is a robot; its first turn raises. North's call is stored all the same, the
    turn loop lets go of its lock, and the watchdog's next tick after the stall has East
    act; the robots play on to the end of the board."""
    robot_substitute(director=director, event_id=online.event.pk, table_id=online.table.pk,
                     seat="E")  # fmt: skip
    raised = raise_once(monkeypatch, "robots.turns.robot_act", when=its_turn)
    online.act("N", "call", "P")  # the dealer; East's turn raises
    assert raised == ["E"] and online.engine().to_play == "E"
    assert not turns_running(turns_key(online.table.pk))
    tick(timezone.now() + timedelta(seconds=20))
    assert online.engine().to_play == "S"
    humans_play_board(online, random.Random(7))
    first = BoardPlay.objects.filter(table=online.table).order_by("pk").first()
    assert first.status == BoardPlay.Status.OVER


def test_a_reload_of_the_table_page_wakes_robots_that_stopped(online, director, monkeypatch,
                                                               client):  # fmt: skip
    """East's turn raised; North reloads the table page: East acts at once (no wait for
    the watchdog), and the robots play on to the end of the board."""
    from django.core.cache import cache
    from django.urls import reverse

    cache.clear()
    robot_substitute(director=director, event_id=online.event.pk, table_id=online.table.pk,
                     seat="E")  # fmt: skip
    raised = raise_once(monkeypatch, "robots.turns.robot_act", when=its_turn)
    online.act("N", "call", "P")
    assert raised == ["E"] and online.engine().to_play == "E"
    client.force_login(online.players["N"])
    page = client.get(reverse("online:table", args=[online.event.pk, online.table.pk]))
    assert page.status_code == 200
    assert online.engine().to_play == "S"
    humans_play_board(online, random.Random(11))
    first = BoardPlay.objects.filter(table=online.table).order_by("pk").first()
    assert first.status == BoardPlay.Status.OVER


def test_a_read_of_the_table_over_the_api_wakes_robots_that_stopped(online, director,
                                                                    monkeypatch):  # fmt: skip
    """The table's REST read (as the page's socket or poll reads it) is a look at the
    table too: East's stopped turn is played at once."""
    from django.core.cache import cache
    from django.urls import reverse

    from tests.conftest import api_client

    cache.clear()
    robot_substitute(director=director, event_id=online.event.pk, table_id=online.table.pk,
                     seat="E")  # fmt: skip
    raise_once(monkeypatch, "robots.turns.robot_act", when=its_turn)
    online.act("N", "call", "P")
    assert online.engine().to_play == "E"
    url = reverse(
        "api-table-play", kwargs={"event_id": online.event.pk, "table_id": online.table.pk}
    )
    assert api_client(online.players["N"]).get(url).status_code == 200
    assert online.engine().to_play == "S"
