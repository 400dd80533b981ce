"""Analyse the play of results that have no analysis yet (what the worker does at each
board's end; for boards played before, or with ``ANALYSE_BOARDS_ON_END`` off)."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from practice.models import PracticeBoard

from ...services import practice_board_analyse, results_analyse


class Command(BaseCommand):
    help = "Analyse every card of the results with a play (and practice boards) not analysed."

    def add_arguments(self, parser):
        parser.add_argument("--event", type=int, action="append", help="Only this event.")
        parser.add_argument(
            "--again", action="store_true", help="Analyse again those analysed already."
        )

    def handle(self, *args, event=None, again=False, **options):
        total = 0
        for pk in event or [None]:
            total += results_analyse(event_id=pk, missing_only=not again)
        rows = PracticeBoard.objects.filter(status=PracticeBoard.Status.OVER)
        if event:
            rows = rows.filter(board__event_id__in=event)
        if not again:
            rows = rows.filter(analysis__isnull=True)
        practice = 0
        for pk in rows.order_by("pk").values_list("pk", flat=True).iterator():
            practice += practice_board_analyse(row_id=pk) is not None
        self.stdout.write(f"{total} results and {practice} practice boards analysed.")
