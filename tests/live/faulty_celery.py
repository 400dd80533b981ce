"""The real Celery app with faults injected, for the live-services tests only.

``celery -A tests.live.faulty_celery worker`` runs the project's app (``config``); with
``BRIDGE_TEST_CLOSE_DELAY=<seconds>`` a round close waits that long inside its
transaction, after the totals are recomputed, so a test can kill the worker half-way.
Nothing of this is in the production code path.
"""

from __future__ import annotations

import functools
import os
import time

import django

from config.celery import app

APP = __name__
CLOSE_DELAY = float(os.environ.get("BRIDGE_TEST_CLOSE_DELAY") or 0)


def _slow_totals(recompute, delay: float):
    @functools.wraps(recompute)
    def slow(*args, **kwargs):
        result = recompute(*args, **kwargs)
        time.sleep(delay)
        return result

    return slow


if CLOSE_DELAY:
    django.setup()  # the models must be loaded to import the services
    from tournaments.services import rounds

    rounds.totals_recompute = _slow_totals(rounds.totals_recompute, CLOSE_DELAY)

__all__ = ["APP", "app"]
