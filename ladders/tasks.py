"""Thin Celery tasks of the ladders: they call services and are safe to run twice."""

from celery import shared_task

from .services import challenge_result_apply, ladder_deadlines_enforce


@shared_task(acks_late=True, ignore_result=True)
def enforce_ladder_deadlines() -> dict[str, int]:
    """The beat entry: forfeits, reminders, overdue notices (idempotent)."""
    return ladder_deadlines_enforce()


@shared_task(acks_late=True, ignore_result=True)
def apply_match_result(challenge_id: int) -> str:
    """Apply a finished ladder match's result (once; a second run changes nothing)."""
    return challenge_result_apply(challenge_id=challenge_id)
