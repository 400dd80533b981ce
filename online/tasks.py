"""Thin Celery tasks of online play: safe to run twice (they re-read the state)."""

from celery import shared_task

from .presence import presence_check


@shared_task(acks_late=True, ignore_result=True)
def check_presence() -> int:
    """The beat entry: record the seats gone longer than the grace while their board is
    in play (``docs/rules.md`` § Online play, disconnections)."""
    return len(presence_check())
