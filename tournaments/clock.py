"""The round clock of the embedded default: what Celery beat does in production.

One tick advances every timed event (``events_advance``) and runs what the other beat
entries do (``clock_ticked``: presence, warnings, robots' watchdog, the ladders'
deadlines). ``manage.py run_clock`` ticks in a process of its own; ``make demo`` runs
the clock as a thread of the server process (``clock_start``, called by config/asgi.py
when ``CLOCK_IN_SERVER``), so that every change it makes (a round's cut, a seat marked
disconnected, a robot's fallback card) reaches the open tables through the one
process's channel layer (docs/online-play.md, the embedded default).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from django.conf import settings
from django.db import close_old_connections
from django.utils import timezone

from tournaments.services.schedule import events_advance
from tournaments.signals import clock_ticked

logger = logging.getLogger(__name__)

_thread: threading.Thread | None = None
_start_lock = threading.Lock()


def clock_tick(say: Callable[[str], None] = lambda line: None) -> None:
    """One tick of the clock; ``say`` is told what it did, a line at a time."""
    done = events_advance(name="clock")
    for event_id, steps in done.items():
        say(f"event {event_id}: {', '.join(steps)}")
    for receiver, answer in clock_ticked.send_robust(sender=clock_tick, now=timezone.now()):
        if isinstance(answer, Exception):  # one job's fault never stops the others
            logger.error("the clock's job %r failed", receiver, exc_info=answer)
        elif answer:
            say(str(answer))


def _run(interval: float) -> None:
    while True:
        close_old_connections()
        try:
            clock_tick(logger.info)
        except Exception:  # noqa: BLE001 - a failed tick is retried at the next one
            logger.exception("the round clock's tick failed")
        finally:
            close_old_connections()
        time.sleep(interval)


def clock_start(interval: float | None = None) -> bool:
    """Start the clock as a thread of this process, once; False when it runs already."""
    global _thread
    with _start_lock:
        if _thread is not None and _thread.is_alive():
            return False
        _thread = threading.Thread(
            target=_run,
            args=(interval or settings.SCHEDULER_TICK_SECONDS,),
            name="round-clock",
            daemon=True,
        )
        _thread.start()
        return True
