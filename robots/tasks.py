"""The robots' Celery tasks: they play in the workers, never in a request or the
WebSocket consumer (``docs/rules.md`` § Robots)."""

from __future__ import annotations

from celery import shared_task

from .auto import auto_substitutes
from .turns import robot_turns
from .watchdog import robots_watch


@shared_task(name="robots.tasks.robots_play", ignore_result=True)
def robots_play(table_id: int) -> int:
    """The robots of a table act until none has anything to do."""
    return robot_turns(table_id)


@shared_task(name="robots.tasks.auto_substitutes", acks_late=True, ignore_result=True)
def auto_substitutes_check() -> int:
    """The beat entry: robots take the seats of players gone longer than the grace in
    events with automatic substitutes (``docs/rules.md`` § Robots, *Substitutes*)."""
    return len(auto_substitutes())


@shared_task(name="robots.tasks.robots_watchdog", acks_late=True, ignore_result=True)
def robots_watchdog() -> int:
    """The beat entry: tables stalled on a robot (every kind: online, practice) get its
    simple legal choice."""
    return sum(sum(tables.values()) for tables in robots_watch().values())
