"""The round clock as a process of its own: the scheduler without Celery beat.

``make demo`` runs the same clock inside its server process (tournaments.clock)."""

import time

from django.conf import settings
from django.core.management.base import BaseCommand

from tournaments.clock import clock_tick


class Command(BaseCommand):
    help = "Advance timed events every few seconds (what Celery beat does in production)."

    def add_arguments(self, parser):
        parser.add_argument("--interval", type=float, default=settings.SCHEDULER_TICK_SECONDS)
        parser.add_argument("--once", action="store_true", help="Run one tick and exit.")

    def handle(self, *args, interval, once, **opts):
        while True:
            clock_tick(self.stdout.write)
            if once:
                return
            time.sleep(interval)
