"""Solve the opening leads of finished events against double dummy (what the worker
does after each event; for events finished before, or a pool, which sends no award)."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from tournaments.models import Event

from ...services.leads import leads_analyse


class Command(BaseCommand):
    help = "Solve every opening lead of finished events (once per board, strain and leader)."

    def add_arguments(self, parser):
        parser.add_argument("--event", type=int, action="append", help="Only this event.")

    def handle(self, *args, event=None, **options):
        events = Event.objects.filter(status=Event.Status.FINISHED)
        if event:
            events = events.filter(pk__in=event)
        total = 0
        for pk in events.values_list("pk", flat=True):
            total += leads_analyse(event_id=pk)
        self.stdout.write(f"{total} opening positions solved.")
