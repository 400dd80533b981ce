"""The robots' turns at a practice table (``docs/rules.md`` § Robots, *Practice*): the
three seats the player does not hold. Each reads only its own seat's view
(``tableplay.table_view``) and chooses with :func:`robots.robot_act`; the choice is
applied through ``practice.services.practice_apply`` with the version it saw, so a
player's action that came first makes it stale and it looks again.

Runs in a Celery worker (``practice.tasks``), never in a request; with in-process tasks
(the demo, the tests) it runs after the commit of the change that woke it.
"""

from __future__ import annotations

import logging
import threading
import zlib

from robots import robot_act
from robots.turns import action_simple, robot_budget, robot_samples
from tableplay import SEATS, table_view
from tournaments.errors import BridgeError

from .models import PracticeBoard, PracticeSession
from .selectors import current_board

logger = logging.getLogger(__name__)

#: At most this many robot actions in one wake (a board has about 70).
MAX_ACTIONS = 400
_local = threading.local()


def practice_robots(session_id: int) -> int:
    """Let the robots of a session act until the player is to act (on this board or,
    once it is over, the next one) or the session is over; returns how many actions."""
    running = getattr(_local, "sessions", set())
    if session_id in running:  # woken by its own action (in-process tasks): goes on
        return 0
    _local.sessions = running | {session_id}
    acted = 0
    try:
        while acted < MAX_ACTIONS and practice_robot_step(session_id):
            acted += 1
    finally:
        _local.sessions = running
    return acted


def practice_robot_step(session_id: int) -> bool:
    """One robot action on the session's board in play; False when none has anything
    to do (or the player acted first)."""
    from .services import board_table, practice_apply

    session = PracticeSession.objects.filter(pk=session_id).first()
    if session is None:
        return False
    row = current_board(session)
    if row is None or row.status != PracticeBoard.Status.PLAYING:
        return False
    table = board_table(row)
    for seat in SEATS:
        if seat == session.seat:
            continue
        view = table_view(table, seat)
        faults: list[str] = []
        seed = zlib.crc32(f"practice:{row.pk}:{table.version}:{seat}".encode())
        action = robot_act(
            view, seed=seed, budget=robot_budget(), samples=robot_samples(), faults=faults
        )
        if faults:
            logger.info("practice robot %s fell back: %s", seat, faults[:3])
        if action is None:
            continue
        try:
            practice_apply(row_id=row.pk, version=table.version, action=action)
        except BridgeError as error:
            if error.code in ("stale", "board_over"):  # the player acted first: look again
                return error.code == "stale"
            logger.info("practice robot %s refused (%s): simple choice", seat, error.code)
            if not _simple(row.pk, table.version, view):
                continue  # nothing for this seat after all: the next one looks
        return True
    return False


def _simple(row_id: int, version: int, view: dict) -> bool:
    """The simple legal choice of the seat of ``view`` (robots.turns.action_simple),
    when the robot's own was refused; False when there is none or it is refused too."""
    from .services import practice_apply

    simple = action_simple(view)
    if simple is None:
        return False
    try:
        practice_apply(row_id=row_id, version=version, action=simple)
    except BridgeError:
        return False
    return True
