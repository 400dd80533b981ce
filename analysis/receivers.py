"""The boards' ends queue their analysis once the transaction that ended them commits
(``docs/rules.md`` § The analysis of the play), when ``ANALYSE_BOARDS_ON_END`` is on: a
board played online or in the pool (``online.signals.board_ended``), a practice board
(``practice.signals.board_over``), the results of a file (``tournaments.signals.
results_imported``)."""

from django.conf import settings
from django.dispatch import receiver

from online.signals import board_ended
from practice.signals import board_over
from tournaments.dispatch import dispatch_on_commit
from tournaments.models import Result
from tournaments.signals import results_imported


@receiver(board_ended, dispatch_uid="analysis.board_ended")
def online_board_ended(sender, *, table, board, **kwargs) -> None:
    if not settings.ANALYSE_BOARDS_ON_END:
        return
    result_id = Result.objects.filter(table=table, board=board).values_list("pk", flat=True).first()
    if result_id is not None:
        dispatch_on_commit("analysis.tasks.board_analyse", result_id)


@receiver(board_over, dispatch_uid="analysis.practice_board_over")
def practice_board_over(sender, *, row_id, **kwargs) -> None:
    if settings.ANALYSE_BOARDS_ON_END:
        dispatch_on_commit("analysis.tasks.practice_analyse", row_id)


@receiver(results_imported, dispatch_uid="analysis.results_imported")
def event_results_imported(sender, *, event, **kwargs) -> None:
    if settings.ANALYSE_BOARDS_ON_END:
        dispatch_on_commit("analysis.tasks.event_analyse", event.pk)
