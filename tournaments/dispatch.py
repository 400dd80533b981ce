"""Queue Celery tasks from services, by name, once the transaction has committed.

Services never import ``tournaments.tasks`` (the tasks call the services): they name
the task here. The task is looked up when the transaction commits, on the current Celery
app, so an eager app (tests, the demo) runs it in-process as before.
"""

from __future__ import annotations

import logging
import threading

from celery import current_app
from django.db import transaction

logger = logging.getLogger(__name__)

#: One thread at a time imports the task modules: Celery marks them imported as it
#: starts, so a second thread asking meanwhile found its task missing (the first board
#: to end on each server process lost its analysis).
_importing = threading.Lock()


def _task(name: str):
    app = current_app
    try:
        return app.tasks[name]
    except KeyError:  # a web process has not imported the task modules yet
        with _importing:
            if name not in app.tasks:
                app.loader.import_default_modules()
        return app.tasks[name]


def dispatch_now(task_name: str, *args) -> None:
    """Queue ``task_name(*args)`` now. A broker outage is logged, never raised: what
    asked for the task has already happened and stands (see each task for how it
    catches up)."""
    try:
        _task(task_name).delay(*args)
    except Exception:  # noqa: BLE001 - broker down: logged, the caller's work stands
        logger.exception("Could not queue %s%r", task_name, args)


def dispatch_on_commit(task_name: str, *args) -> None:
    """Queue ``task_name(*args)`` after the current transaction commits (at once when
    there is none); nothing is queued if it rolls back."""
    transaction.on_commit(lambda: dispatch_now(task_name, *args))
