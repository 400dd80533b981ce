"""Waking the robots of a practice session (``docs/rules.md`` § Robots, *Practice*,
*When no worker answers*): after each change (``signals.session_changed``) and, when a
robot is due while no turn loop runs, at the player's look at the table.

The robots' turn loop (``practice.turns``, in the Celery task of ``practice.tasks``)
applies its actions through ``practice.play``, which sends the signal: this module
stands above both, so the layers read one way.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.cache import cache
from django.dispatch import receiver

from robots.turns import turns_running
from tableplay import Table

from .models import PracticeBoard, PracticeSession
from .signals import session_changed
from .tasks import practice_robots_play
from .turns import RESUME_SECONDS, resume_hold, resume_key, robots_due, turns_key

logger = logging.getLogger(__name__)


def practice_robots_wake(session_id: int) -> None:
    """Have the robots of the session look at its table: a Celery task after the commit
    (in-process tasks, the demo and the tests, run it right then). A turn that fails in
    process is logged and never fails the player's request, whose action is stored: the
    player's next look at the table or the watchdog plays on (``practice.turns``)."""
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        resume_hold(session_id)  # the task is on its way: no look at the table resends it
        practice_robots_play.delay(session_id)
        return
    try:
        practice_robots_play(session_id)
    except Exception:  # noqa: BLE001 - the next look at the table or the watchdog resumes
        logger.exception("the robots of practice session %s failed", session_id)


def practice_robots_resume(session: PracticeSession, row: PracticeBoard, table: Table) -> bool:
    """Wake the robots of a session whose robot is due while no turn loop runs (its
    turn raised, its worker died): the player's look at the table restarts them, at
    most once every ``RESUME_SECONDS``. True when they were woken."""
    if row.status != PracticeBoard.Status.PLAYING or not robots_due(table, session.seat):
        return False
    if turns_running(turns_key(session.pk)):
        return False
    if not cache.add(resume_key(session.pk), 1, RESUME_SECONDS):
        return False
    logger.info("practice session %s: robots due and not playing, woken again", session.pk)
    practice_robots_wake(session.pk)
    return True


@receiver(session_changed, dispatch_uid="practice.wake")
def session_changed_wake(sender, *, session_id: int, **kwargs) -> None:
    practice_robots_wake(session_id)
