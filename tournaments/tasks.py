"""Thin Celery tasks: they take ids, call services and are safe to run twice."""

from celery import shared_task

from .services.analysis import boards_analyse
from .services.idempotency import idempotency_keys_expire
from .services.mail import invitation_email_send, scorecards_send
from .services.schedule import events_advance


@shared_task(acks_late=True)
def analyse_boards(board_ids: list[int]) -> int:
    """Store the double-dummy table and par of boards (once; skipped when present)."""
    return boards_analyse(board_ids=board_ids)


@shared_task(acks_late=True)
def analyse_preset_deals(event_id: int, numbers: list[int]) -> int:
    """Analyse the deals a director's hand records dealt ahead of their round."""
    from .services.handrecords import preset_deals_analyse

    return preset_deals_analyse(event_id=event_id, numbers=numbers)


@shared_task(acks_late=True, ignore_result=True)
def advance_due_events() -> dict[str, list[str]]:
    """The beat entry: perform every start, cut and re-seat that is due (idempotent)."""
    done = events_advance(name="beat")
    return {str(k): v for k, v in done.items()}


@shared_task(acks_late=True, ignore_result=True)
def expire_idempotency_keys() -> int:
    """The hourly beat entry: forget API idempotency keys older than 24 hours."""
    return idempotency_keys_expire()


@shared_task(acks_late=True, ignore_result=True)
def send_scorecards(event_id: int) -> int:
    """After an event: every player's scorecard by email, each player once."""
    return scorecards_send(event_id=event_id)


@shared_task(acks_late=True, ignore_result=True)
def send_invitation_email(entry_id: int) -> bool:
    """Tell an invited partner of their invitation."""
    return invitation_email_send(entry_id=entry_id)


@shared_task(acks_late=True, ignore_result=True)
def import_results(job_id: int) -> None:
    """The import page's file, imported in the background (only a queued job starts)."""
    from .interchange.jobs import import_job_run

    import_job_run(job_id=job_id)
