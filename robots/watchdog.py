"""The robots' watchdog (``docs/rules.md`` § Robots, *When no worker answers*): robots act
in Celery workers; when none answers, a table waiting on a robot would stall. On every
tick of the periodic check (beat's ``robots.tasks.robots_watchdog``, the in-process
clock) a table of an open round where a robot has something to do and nothing happened
for ``ROBOT_STALL_SECONDS`` (*default* 15) gets the robots' simple legal choice until no
robot is due; each such action is logged in the event's log (``robot_fallback``).

Every kind of table is covered: the online tables here, and the tables of other apps
(practice sessions) through the checks those apps register in their ``AppConfig.ready``
(:data:`stall_checks`), which :func:`robots_watch` runs on the same tick.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from django.conf import settings
from django.db.models import Max
from django.utils import timezone

from online.models import BoardPlay, PlayAction
from tournaments.models import Round, Table, TableSeat

from .models import RobotSeat
from .turns import MAX_ACTIONS, robot_due, robot_step

#: The other kinds of robot tables, by name: each check takes ``now``, plays the robots
#: of its stalled tables and returns how many actions each table's robots made. An app
#: registers in its ``AppConfig.ready`` (``practice``: its sessions), so that this app
#: imports none of them.
stall_checks: dict[str, Callable[[datetime], dict[int, int]]] = {}


def robots_watch(*, now: datetime | None = None) -> dict[str, dict[int, int]]:
    """One tick of the watchdog over every kind of table: {kind: {table id: actions}},
    the online tables as ``"tables"``, only the kinds where robots acted."""
    now = now or timezone.now()
    acted = {"tables": robots_stalled(now=now)}
    for kind, check in stall_checks.items():
        acted[kind] = check(now)
    return {kind: tables for kind, tables in acted.items() if tables}


def stall_seconds() -> float:
    return float(getattr(settings, "ROBOT_STALL_SECONDS", 15))


def table_last_change(table: Table) -> datetime:
    """When anything last happened at the table: its last action, a board's start or
    end, a robot seated there, else its round's opening."""
    times = [table.round.opened_at]
    plays = BoardPlay.objects.filter(table=table).aggregate(
        started=Max("started_at"), ended=Max("ended_at")
    )
    times += [t for t in plays.values() if t is not None]
    acted = PlayAction.objects.filter(play__table=table).aggregate(at=Max("created_at"))["at"]
    seated = RobotSeat.objects.filter(table=table).aggregate(at=Max("created_at"))["at"]
    times += [t for t in (acted, seated) if t is not None]
    return max(times)


def robots_stalled(*, now: datetime | None = None) -> dict[int, int]:
    """The simple legal choice for the robots of every stalled table; returns how many
    actions each table's robots made."""
    now = now or timezone.now()
    table_ids = (
        TableSeat.objects.filter(
            player__is_robot=True,
            table__round__status=Round.Status.OPEN,
            table__event__online_play=True,
            table__event__paused_at__isnull=True,
        )
        .values_list("table_id", flat=True)
        .distinct()
    )
    tables = Table.objects.filter(pk__in=list(table_ids)).select_related("round__event")
    acted: dict[int, int] = {}
    for table in tables.order_by("pk"):
        waited = (now - table_last_change(table)).total_seconds()
        if waited < stall_seconds() or robot_due(table.pk, fast=True) is None:
            continue
        why = f"no robot worker answered: the table waited {int(waited)} s"
        n = 0
        while n < MAX_ACTIONS and robot_step(table.pk, fast=True, why=why):
            n += 1
        if n:
            acted[table.pk] = n
    return acted
