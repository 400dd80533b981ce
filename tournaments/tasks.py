"""Thin Celery tasks: they take ids and call services."""

from celery import shared_task

from .services.analysis import boards_analyse


@shared_task(acks_late=True)
def analyse_boards(board_ids: list[int]) -> int:
    """Store the double-dummy table and par of boards (once; skipped when present)."""
    return boards_analyse(board_ids=board_ids)
