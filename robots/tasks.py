"""The robots' Celery tasks: they play in the workers, never in a request or the
WebSocket consumer (``docs/rules.md`` § Robots)."""

from __future__ import annotations

from celery import shared_task

from .turns import robot_turns


@shared_task(name="robots.tasks.robots_play", ignore_result=True)
def robots_play(table_id: int) -> int:
    """The robots of a table act until none has anything to do."""
    return robot_turns(table_id)
