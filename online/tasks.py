"""Thin Celery tasks of online play: they call services and are safe to run twice."""

from celery import shared_task

from .services import round_end_warn


@shared_task(acks_late=True, ignore_result=True)
def warn_online_tables() -> int:
    """The beat entry: warn the tables of rounds ending within two minutes (once each)."""
    return round_end_warn()
