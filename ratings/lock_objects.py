"""The Rate's locks (``docs/rules.md`` § The Rate and § Concurrency), in the one order
of :mod:`tournaments.lock_order`: after the locks of the event whose finish awards
master points, before a ladder's.

- The Rate jobs' advisory lock (rating a week, refreshing this week's points), then the
  rated week's row; these jobs take no lock of an event.
- A player's Rate row, last of the Rate's: the ledger's writes (an event's finish, a
  director's deduction) recount the players' master points and tiers in id order.
"""

from __future__ import annotations

from django.db import connection

from tournaments import lock_order
from tournaments.lock_order import lock_rank

from .models import PlayerRate, RateWeek

RATE_JOBS_LOCK = 7_151_001  # the advisory lock key of the Rate's jobs


@lock_rank(lock_order.RATE_JOBS)
def rate_jobs_lock() -> None:
    """One Rate job at a time (rating a week, refreshing this week's points), until the
    transaction ends: a PostgreSQL advisory lock (SQLite serialises writers anyway)."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s)", [RATE_JOBS_LOCK])


@lock_rank(lock_order.RATE_WEEK)
def rate_week_for_update(*, week: str) -> RateWeek:
    """A rated week's row, after ``rate_jobs_lock``."""
    return RateWeek.objects.select_for_update(of=("self",)).get(week=week)


@lock_rank(lock_order.PLAYER_RATE)
def player_rate_for_update(*, player_id: int) -> PlayerRate:
    """A player's Rate row (its master points and tier change with the ledger)."""
    return PlayerRate.objects.select_for_update(of=("self",)).get(player_id=player_id)
