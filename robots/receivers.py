"""What the robots do when online play says so."""

from __future__ import annotations

import logging
import threading
from functools import partial

from django.conf import settings
from django.core.cache import cache
from django.db import connections, transaction
from django.dispatch import receiver

from online.signals import board_ended, table_changed
from tournaments.models import Event, TableSeat
from tournaments.signals import clock_ticked, player_disconnected, tables_opened

from .auto import auto_substitutes
from .seating import seats_released_at_board_end, substituted_boards_record
from .turns import robot_due, turns_key, turns_running
from .watchdog import robots_watch

logger = logging.getLogger(__name__)

#: A table's robots are woken by a look at it at most this often.
RESUME_SECONDS = 5


def robots_wake(table_id: int) -> None:
    """Have the table's robots look at it: a Celery task; with in-process tasks (the demo,
    the tests) the turn loop runs here, after the commit of the change. A turn that fails
    in process is logged and never fails the change that woke it (a person's action is
    stored): the watchdog plays on."""
    from .tasks import robots_play

    if not settings.CELERY_TASK_ALWAYS_EAGER:
        cache.set(_resume_key(table_id), 1, RESUME_SECONDS)  # on its way: not resent
        robots_play.delay(table_id)
    elif getattr(settings, "ROBOTS_IN_THREAD", False):  # the demo: the page never waits
        threading.Thread(target=robots_play_thread, args=(table_id,), daemon=True).start()
    else:
        try:
            robots_play(table_id)
        except Exception:  # noqa: BLE001 - the clock's watchdog plays on; the log says why
            logger.exception("robots at table %s failed", table_id)


def robots_resume(table) -> bool:
    """A look at the table (its page opened: a reload) wakes its robots again when one
    is due and no turn loop plays (its turn failed, its worker died), at most once every
    ``RESUME_SECONDS`` (docs/rules.md § Robots, *When no worker answers*). True when
    they were woken."""
    if not cache.add(_resume_key(table.pk), 1, RESUME_SECONDS):
        return False  # woken, or looked at, a moment ago
    if turns_running(turns_key(table.pk)) or robot_due(table.pk, fast=True) is None:
        return False
    logger.info("robots at table %s due and not playing: woken again", table.pk)
    robots_wake(table.pk)
    return True


def _resume_key(table_id: int) -> str:
    return f"robots:resume:{table_id}"


def robots_play_thread(table_id: int) -> None:
    """The demo's in-process worker: one table's turn loop in a thread of its own."""
    from .tasks import robots_play

    try:
        robots_play(table_id)
    except Exception:  # noqa: BLE001 - the clock's watchdog plays on; the log says why
        logger.exception("robots at table %s failed", table_id)
    finally:
        connections.close_all()


@receiver(table_changed, dispatch_uid="robots.wake")
def table_changed_wake(sender, *, table_id: int, robots: bool | None = None, **kwargs) -> None:
    """A change at a table wakes its robots; ``robots``: whether it has any, when the
    sender knows (a live table does: ``online.live``), else asked here."""
    if robots is False:
        return
    if robots or TableSeat.objects.filter(table_id=table_id, player__is_robot=True).exists():
        robots_wake(table_id)


@receiver(tables_opened, dispatch_uid="robots.wake_opened")
def tables_opened_wake(sender, *, table_ids, **kwargs) -> None:
    """New tables (a pool table started with robots, a round's tables): the robots of
    each wake, so a robot who deals the first board bids without waiting for a change
    (one query for all the tables)."""
    with_robots = (
        TableSeat.objects.filter(table_id__in=list(table_ids), player__is_robot=True)
        .values_list("table_id", flat=True)
        .distinct()
    )
    for table_id in sorted(set(with_robots)):
        robots_wake(table_id)


@receiver(board_ended, dispatch_uid="robots.release")
def board_ended_release(sender, *, table, **kwargs) -> None:
    """A board a robot played for someone is stored as theirs not played (their Rate), and
    a seat asked back is the player's again once the board in play ends."""
    substituted_boards_record(table=table, board=kwargs.get("board"))
    seats_released_at_board_end(table=table)


@receiver(player_disconnected, dispatch_uid="robots.auto_substitute")
def player_disconnected_substitute(sender, *, event, **kwargs) -> None:
    """A disconnection was recorded: with automatic substitutes, a robot takes the seat
    (after the commit of the record)."""
    if event.robot_substitutes == Event.RobotSubstitutes.AUTO:
        transaction.on_commit(partial(auto_substitutes, event_id=event.pk))


@receiver(clock_ticked, dispatch_uid="robots.clock")
def clock_tick(sender, *, now, **kwargs):
    """The in-process clock does what beat's ``robots.tasks.auto_substitutes`` and
    ``robots.tasks.robots_watchdog`` do."""
    seated = auto_substitutes(now=now)
    watched = robots_watch(now=now)
    acted = watched.pop("tables", {})
    if not seated and not acted and not watched:
        return None
    answer = {"robot_substitutes": seated, "robot_fallback_actions": acted}
    for kind, tables in watched.items():  # practice: {"practice_fallback_actions": {...}}
        answer[f"{kind}_fallback_actions"] = tables
    return answer
