"""The in-process clock of the embedded default: the scheduler without Celery beat."""

import time

from django.conf import settings
from django.core.management.base import BaseCommand
from django.utils import timezone

from tournaments.services.schedule import events_advance
from tournaments.signals import clock_ticked


class Command(BaseCommand):
    help = "Advance timed events every few seconds (what Celery beat does in production)."

    def add_arguments(self, parser):
        parser.add_argument("--interval", type=float, default=settings.SCHEDULER_TICK_SECONDS)
        parser.add_argument("--once", action="store_true", help="Run one tick and exit.")

    def handle(self, *args, interval, once, **opts):
        while True:
            done = events_advance(name="clock")
            for event_id, steps in done.items():
                self.stdout.write(f"event {event_id}: {', '.join(steps)}")
            # what the other beat entries do (the ladders' deadlines), in-process
            for _receiver, answer in clock_ticked.send(sender=Command, now=timezone.now()):
                if answer:
                    self.stdout.write(str(answer))
            if once:
                return
            time.sleep(interval)
