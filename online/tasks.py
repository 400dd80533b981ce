"""Thin Celery tasks of online play: they call services and are safe to run twice (they
re-read the state)."""

from celery import shared_task

from .disconnections import presence_check
from .warnings import round_end_warn


@shared_task(acks_late=True, ignore_result=True)
def check_presence() -> int:
    """The beat entry: record the seats gone longer than the grace while their board is
    in play (``docs/rules.md`` § Online play, disconnections)."""
    return len(presence_check())


@shared_task(acks_late=True, ignore_result=True)
def warn_online_tables() -> int:
    """The beat entry: warn the tables of rounds ending within two minutes (once each)."""
    return round_end_warn()
