"""Services queue tasks by name after the commit; a broker outage never fails the work."""

from __future__ import annotations

import logging
import random

import pytest
from django.db import transaction

from tournaments import services, tasks
from tournaments.dispatch import dispatch_on_commit
from tournaments.models import Board, Round

pytestmark = pytest.mark.django_db


def test_a_round_close_queues_the_analysis_of_its_boards(
    make_event, monkeypatch, django_capture_on_commit_callbacks
):
    event = make_event(pairs=4, start=True)
    queued = []
    monkeypatch.setattr(tasks.analyse_boards, "delay", lambda ids: queued.append(ids))
    with django_capture_on_commit_callbacks(execute=True):
        services.round_close(event=event, number=1, open_next=False, rng=random.Random(1))
    board_ids = sorted(Board.objects.filter(round__number=1).values_list("pk", flat=True))
    assert queued == [board_ids]


def test_a_broker_outage_is_logged_and_the_close_stands(
    make_event, monkeypatch, caplog, django_capture_on_commit_callbacks
):
    event = make_event(pairs=4, start=True)

    def broker_down(*args):
        raise ConnectionError("broker down")

    monkeypatch.setattr(tasks.analyse_boards, "delay", broker_down)
    with (
        caplog.at_level(logging.ERROR, logger="tournaments.dispatch"),
        django_capture_on_commit_callbacks(execute=True),
    ):
        services.round_close(event=event, number=1, open_next=False)
    assert Round.objects.get(event=event, number=1).status == Round.Status.CLOSED
    assert "Could not queue tournaments.tasks.analyse_boards" in caplog.text


def test_nothing_is_queued_when_the_transaction_rolls_back(monkeypatch):
    queued = []
    monkeypatch.setattr(tasks.analyse_boards, "delay", lambda *a: queued.append(a))
    with pytest.raises(RuntimeError), transaction.atomic():
        dispatch_on_commit("tournaments.tasks.analyse_boards", [1])
        raise RuntimeError
    assert queued == []


def test_in_eager_mode_the_task_runs_in_process(
    db, monkeypatch, django_capture_on_commit_callbacks
):
    ran = []
    monkeypatch.setattr(tasks, "boards_analyse", lambda board_ids: ran.append(board_ids) or 0)
    with django_capture_on_commit_callbacks(execute=True):
        dispatch_on_commit("tournaments.tasks.analyse_boards", [3, 4])
        assert ran == []  # not before the commit
    assert ran == [[3, 4]]
