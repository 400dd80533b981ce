"""The robots' turns at a practice table (``docs/rules.md`` § Robots, *Practice*): the
three seats the player does not hold. Each reads only its own seat's view
(``tableplay.table_view``) and chooses with :func:`robots.robot_act`; the choice is
applied through ``practice.play.practice_apply`` with the version it saw, so a
player's action that came first makes it stale and it looks again.

Runs in a Celery worker (``practice.tasks``), never in a request; with in-process tasks
(the demo, the tests) it runs after the commit of the change that woke it. One turn loop
per session at a time, with the online tables' lock (``robots.turns.turns_run``).

Nothing stays stuck (*When no worker answers*): a robot due at a session where no loop
runs is woken again by the player's next look at the table
(``practice.receivers.practice_robots_resume``, at most once every ``RESUME_SECONDS``),
and the watchdog (:func:`practice_stalled`, on each tick of the clock and of beat's
``robots.tasks.robots_watchdog``) gives a session stalled ``ROBOT_STALL_SECONDS`` the
robots' simple legal choice.
"""

from __future__ import annotations

import logging
import zlib
from datetime import datetime, timedelta

from django.core.cache import cache
from django.db.models import Max
from django.utils import timezone

from robots import robot_act
from robots.turns import (
    MAX_ACTIONS,
    action_simple,
    robot_budget,
    robot_samples,
    turns_run,
    turns_running,
)
from robots.watchdog import stall_seconds
from tableplay import SEATS, Table, table_view
from tournaments.errors import BridgeError

from .models import PracticeBoard, PracticeSession
from .play import board_table, practice_apply
from .selectors import current_board

logger = logging.getLogger(__name__)

#: A stopped session is woken by the player's look at the table at most this often.
RESUME_SECONDS = 5
#: The watchdog looks after the sessions changed within this time; an older one is
#: woken by the player's next look at it.
WATCH_SECONDS = 3600


def practice_robots(session_id: int) -> int:
    """Let the robots of a session act until the player is to act (on this board or,
    once it is over, the next one) or the session is over; returns how many actions."""
    return turns_run(
        turns_key(session_id),
        step=lambda: practice_robot_step(session_id),
        due=lambda: practice_robot_due(session_id),
    )


def turns_key(session_id: int) -> str:
    """The cache key of the session's turn loop lock (``robots.turns.turns_run``)."""
    return f"practice:turn:{session_id}"


def robots_due(table: Table, player_seat: str) -> bool:
    """Whether a robot of the table (every seat but ``player_seat``) has something to
    do: a call, a card (its own or dummy's), an answer to a claim or an undo."""
    return any(
        action_simple(table_view(table, seat)) is not None for seat in SEATS if seat != player_seat
    )


def practice_robot_due(session_id: int) -> bool:
    """Whether a robot has something to do on the session's board in play."""
    session = PracticeSession.objects.filter(pk=session_id).first()
    row = current_board(session) if session is not None else None
    if row is None or row.status != PracticeBoard.Status.PLAYING:
        return False
    return robots_due(board_table(row), session.seat)


def resume_hold(session_id: int) -> None:
    """A wake was sent to the workers: for ``RESUME_SECONDS`` no look at the table sends
    another (the task may not have started its loop yet)."""
    cache.set(resume_key(session_id), 1, RESUME_SECONDS)


def resume_key(session_id: int) -> str:
    """The cache key that holds back a look's wake for ``RESUME_SECONDS``."""
    return f"practice:resume:{session_id}"


def practice_robot_step(session_id: int, *, fast: bool = False, why: str = "") -> bool:
    """One robot action on the session's board in play (``fast``: the simple legal
    choice, logged as a fallback with ``why``); False when none has anything to do (or
    the player acted first)."""
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
        faults: list[str] = [why] if fast else []
        if fast:
            action = action_simple(view)
        else:
            seed = zlib.crc32(f"practice:{row.pk}:{table.version}:{seat}".encode())
            action = robot_act(
                view, seed=seed, budget=robot_budget(), samples=robot_samples(), faults=faults
            )
        if action is None:
            continue
        if faults:
            logger.info("practice robot %s fell back: %s", seat, faults[:3])
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


def practice_stalled(now: datetime | None = None) -> dict[int, int]:
    """The watchdog at practice tables: every session changed within ``WATCH_SECONDS``,
    unchanged for ``ROBOT_STALL_SECONDS``, where a robot is due and no turn loop runs,
    gets the robots' simple legal choice until the player is to act (the robots' own
    loop, woken by each action, usually takes over at once). Returns how many actions
    each session's robots made."""
    now = now or timezone.now()
    stalled = (
        PracticeBoard.objects.filter(changed_at__gte=now - timedelta(seconds=WATCH_SECONDS))
        .values("session_id")
        .annotate(last=Max("changed_at"))
        .filter(last__lte=now - timedelta(seconds=stall_seconds()))
        .order_by("session_id")
    )
    acted: dict[int, int] = {}
    for entry in stalled:
        session_id = entry["session_id"]
        if turns_running(turns_key(session_id)) or not practice_robot_due(session_id):
            continue
        waited = int((now - entry["last"]).total_seconds())
        why = f"no robot answered: the practice table waited {waited} s"
        n = 0
        while n < MAX_ACTIONS and practice_robot_step(session_id, fast=True, why=why):
            n += 1
        if n:
            acted[session_id] = n
    return acted


def _simple(row_id: int, version: int, view: dict) -> bool:
    """The simple legal choice of the seat of ``view`` (robots.turns.action_simple),
    when the robot's own was refused; False when there is none or it is refused too."""
    simple = action_simple(view)
    if simple is None:
        return False
    try:
        practice_apply(row_id=row_id, version=version, action=simple)
    except BridgeError:
        return False
    return True
