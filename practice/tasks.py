"""The practice robots' Celery task: they play in the workers, never in a request
(``docs/rules.md`` § Robots, *Practice*)."""

from __future__ import annotations

from celery import shared_task

from .turns import practice_robots


@shared_task(name="practice.tasks.practice_robots_play", ignore_result=True)
def practice_robots_play(session_id: int) -> int:
    """The robots of a practice session act until the player is to act."""
    return practice_robots(session_id)
