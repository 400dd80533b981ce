"""A robot's turn at a table: read what its seat is sent, choose, and act through online
play's service with the same seat check as a person (``docs/rules.md`` § Robots).

Runs in a Celery worker (``robots.tasks.robots_play``), never in a request or the
WebSocket consumer; with in-process tasks (the demo, the tests) it runs after the commit
of the change that woke it. One turn loop per table at a time (a cache lock): it acts
while a robot of the table has something to do, then looks once more after letting go,
so a wake that came in meanwhile is never lost.
"""

from __future__ import annotations

import logging
import threading
import time
import zlib
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache

from online.selectors import table_snapshot_get
from online.services import online_table_get, play_act
from online.state import seat_view, shared_table
from robots import DEFAULT_BUDGET, DEFAULT_SAMPLES, robot_act
from robots.answers import seat_asked, undo_answer
from robots.play import card_fallback
from tableplay.engine import Action
from tournaments.errors import BridgeError
from tournaments.models import TableSeat
from tournaments.services.audit import log_action

logger = logging.getLogger(__name__)

#: How long a turn loop's lock lives unless the loop renews it, which it does at each
#: action: a loop whose thread or worker died lets go within this time.
LOCK_SECONDS = 30
#: At most this many actions in one loop (a board has about 70): never an endless loop.
MAX_ACTIONS = 400
_local = threading.local()


def robot_budget() -> float:
    """Seconds one decision may take (the setting ``ROBOT_BUDGET``, default 1 s)."""
    return float(getattr(settings, "ROBOT_BUDGET", DEFAULT_BUDGET))


def robot_samples() -> int:
    return int(getattr(settings, "ROBOT_SAMPLES", DEFAULT_SAMPLES))


def robot_turns(table_id: int) -> int:
    """Let the robots of a table act until none has anything to do; returns how many
    actions they made."""
    return turns_run(
        turns_key(table_id),
        step=lambda: robot_step(table_id),
        due=lambda: robot_due(table_id, fast=True) is not None,
    )


def turns_key(table_id: int) -> str:
    """The cache key of a table's turn loop lock."""
    return f"robots:turn:{table_id}"


def turns_run(key: str, *, step: Callable[[], bool], due: Callable[[], bool]) -> int:
    """The robots' turn loop of one table (an online table, a practice session): ``step``
    while it acts, one loop per ``key`` at a time. The lock is a cache entry that expires
    ``LOCK_SECONDS`` after the last action (so a loop that died never blocks the table
    for good) and is always let go when the loop ends, even by an error; after letting
    go the loop looks once more (``due``), so a wake that came in meanwhile is never
    lost. Returns how many actions were made."""
    running = getattr(_local, "keys", set())
    if key in running:  # woken by its own action (in-process tasks): the loop goes on
        return 0
    _local.keys = running | {key}
    acted = 0
    try:
        while acted < MAX_ACTIONS and cache.add(key, 1, LOCK_SECONDS):
            try:
                while acted < MAX_ACTIONS and step():
                    acted += 1
                    cache.touch(key, LOCK_SECONDS)
            finally:
                cache.delete(key)
            if not due():
                break
    finally:
        _local.keys = running
    return acted


def turns_running(key: str) -> bool:
    """Whether a turn loop holds ``key``'s lock now (one that died lets go within
    ``LOCK_SECONDS``)."""
    return cache.get(key) is not None


def robot_seats(table_id: int) -> list[TableSeat]:
    """The table's seats a robot account holds (its line-up: a substitute, a pool seat
    filled by a robot, a practice table)."""
    return list(
        TableSeat.objects.filter(table_id=table_id, player__is_robot=True)
        .select_related("player", "table")
        .order_by("seat")
    )


def _robot_views(table_id: int) -> list[tuple[TableSeat, dict]]:
    """Each robot seat of the table with its seat's view of the board (one snapshot)."""
    rows = robot_seats(table_id)
    if not rows:
        return []
    table = online_table_get(rows[0].table.event_id, table_id)
    snapshot = table_snapshot_get(table=table)
    engine = shared_table(snapshot)  # read only
    if engine is None or engine.phase == "over":
        return []
    return [(row, seat_view(snapshot, row.seat, table=engine)) for row in rows]


def robot_due(table_id: int, *, faults: list[str] | None = None, fast: bool = False):
    """The first robot of the table with something to do and its action, or None."""
    for row, view in _robot_views(table_id):
        if fast:
            action = action_simple(view)
        else:
            seed = zlib.crc32(f"{table_id}:{view['version']}".encode())
            action = robot_act(
                view, seed=seed, budget=robot_budget(), samples=robot_samples(), faults=faults
            )
        if action is not None:
            return row, view, action
    return None


def action_simple(view: dict) -> Action | None:
    """A simple legal choice for the seat of ``view`` (the fallback that never stalls
    the table): pass, the lowest legal card, answer an undo as a fair opponent would
    (``robots.answers.undo_answer``), reject a claim (the director rules it)."""
    seat = view["viewer"]
    undo, claim = view["undo"], view["claim"]
    if undo is not None:
        answer = undo_answer(view, seat)
        return Action(answer, seat) if answer else None
    if claim is not None:
        if not seat_asked(view):
            return None
        return Action("reject", seat)
    if view["actor"] != seat:
        return None
    if view["legal"]["calls"]:
        return Action("call", seat, "P" if "P" in view["legal"]["calls"] else "")
    if view["legal"]["cards"]:
        return Action("card", seat, card_fallback(view))
    return None


def robot_step(table_id: int, *, fast: bool = False, why: str = "") -> bool:
    """One robot action at the table (``fast``: the simple legal choice, logged as a
    fallback with ``why``); False when no robot has anything to do or the table refused
    (the round is over, or a person acted first)."""
    faults: list[str] = [why] if fast else []
    started = time.perf_counter()
    due = robot_due(table_id, faults=faults, fast=fast)
    if due is None:
        return False
    row, view, action = due
    if not fast and time.perf_counter() - started > 2 * robot_budget():
        faults.append(f"over the time budget ({time.perf_counter() - started:.1f} s)")
    try:
        play_act(
            user=row.player, event_id=view["event"], table_id=table_id, version=view["version"],
            kind=action.kind, value=action.value, alert=action.alert or "",
        )  # fmt: skip
    except BridgeError as error:
        logger.info("robot at table %s refused: %s", table_id, error.code)
        return False
    if faults:
        _fallback_log(row, view, faults)
    return True


def _fallback_log(row: TableSeat, view: dict, faults: list[str]) -> None:
    from tournaments.models import Event

    event = Event.objects.get(pk=view["event"])
    log_action(
        event=event, action="robot_fallback",
        data={"table": row.table.number, "seat": row.seat, "board": view["board_number"],
              "faults": faults[:5]},
    )  # fmt: skip
