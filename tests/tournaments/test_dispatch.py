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


def test_two_threads_asking_for_a_task_not_yet_imported_both_get_it(monkeypatch):
    """A server process imports its task modules when a task is first queued; Celery
    marks them imported as it starts, so a second thread asking meanwhile found its
    task missing (the first board to end on each process lost its analysis)."""
    import threading
    import time

    from tournaments import dispatch

    class Loader:
        started = False

        def import_default_modules(self):
            if self.started:  # as Celery: marked at the start, done later
                return
            self.started = True
            time.sleep(0.2)
            app.tasks["x.tasks.t"] = "the task"

    class App:
        tasks: dict = {}
        loader = Loader()

    app = App()
    monkeypatch.setattr(dispatch, "current_app", app)
    found, errors = [], []

    def ask():
        try:
            found.append(dispatch._task("x.tasks.t"))
        except KeyError as error:
            errors.append(error)

    threads = [threading.Thread(target=ask) for _ in range(2)]
    for thread in threads:
        thread.start()
        time.sleep(0.05)
    for thread in threads:
        thread.join()
    assert (found, errors) == (["the task", "the task"], [])
