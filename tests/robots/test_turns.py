"""A robot's turn: it always acts legally, and a fault falls back to a simple legal
choice that the event log records (docs/rules.md § Robots, faults)."""

from __future__ import annotations

import pytest

from online.models import BoardPlay
from robots.seating import robot_substitute
from robots.turns import robot_step
from tournaments.models import EventLog

pytestmark = pytest.mark.django_db(transaction=True)


def _robots_everywhere(online, director):
    for seat in "NESW":
        robot_substitute(director=director, event_id=online.event.pk, table_id=online.table.pk,
                         seat=seat)  # fmt: skip


def test_four_robots_play_the_whole_round_by_themselves(online, director):
    _robots_everywhere(online, director)
    plays = BoardPlay.objects.filter(table=online.table)
    boards = online.event.rounds.get(number=1).boards.count()
    assert plays.count() == boards
    assert all(p.status == BoardPlay.Status.OVER for p in plays)
    assert all(p.result.confirmed_at is not None and p.result.auction for p in plays)
    assert online.snapshot()["next"] is not None  # the table's round is over


def test_a_bidding_fault_falls_back_to_a_pass_and_the_event_log_says_so(
    online, director, monkeypatch
):
    def broken(view):
        raise RuntimeError("the system lost its notes")

    monkeypatch.setattr("robots.call_choose", broken)
    robot_substitute(director=director, event_id=online.event.pk, table_id=online.table.pk,
                     seat=online.engine().actor)  # fmt: skip
    play = BoardPlay.objects.get(table=online.table)
    first = play.actions.get(seq=1)
    assert (first.kind, first.value) == ("call", "P")
    log = EventLog.objects.get(event=online.event, action="robot_fallback")
    assert "the system lost its notes" in log.data["faults"][0]
    assert log.data["seat"] == first.seat


def test_the_fast_choice_is_legal_and_logged_with_its_reason(online, director, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False  # no worker: nothing wakes the robots
    from unittest import mock

    with mock.patch("robots.tasks.robots_play.delay"):
        robot_substitute(director=director, event_id=online.event.pk,
                         table_id=online.table.pk, seat=online.engine().actor)  # fmt: skip
        assert not BoardPlay.objects.filter(table=online.table).exists()
        assert robot_step(online.table.pk, fast=True, why="no robot worker answered")
    play = BoardPlay.objects.get(table=online.table)
    assert play.actions.get(seq=1).value == "P"
    log = EventLog.objects.get(event=online.event, action="robot_fallback")
    assert log.data["faults"] == ["no robot worker answered"]
