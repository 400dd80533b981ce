"""Thin Celery tasks of the analysis: they call services and are safe to run twice (an
analysis is written over, never added to)."""

from celery import shared_task

from .services import practice_board_analyse, result_analyse, results_analyse


@shared_task(acks_late=True, ignore_result=True)
def board_analyse(result_id: int) -> bool:
    """A board ended at a table (online, the pool, a file's result with its play):
    every card's double-dummy cost and the contract against par."""
    return result_analyse(result_id=result_id) is not None


@shared_task(acks_late=True, ignore_result=True)
def practice_analyse(row_id: int) -> bool:
    """A practice board is over: the same analysis of its play."""
    return practice_board_analyse(row_id=row_id) is not None


@shared_task(acks_late=True, ignore_result=True)
def event_analyse(event_id: int) -> int:
    """The results of an event not analysed yet (a file imported with its play)."""
    return results_analyse(event_id=event_id)
