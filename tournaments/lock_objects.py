"""Every row lock is taken here, in one order (``docs/rules.md`` § Concurrency):

0. a request's idempotency key (only that request's replays ever wait on it),
1. the event,
2. its round,
3. a result,
4. an entry (registration).

A job takes the locks it needs in that order and never the other way round, so
concurrent jobs (a beat tick, a director's close or correction, a player's submission)
cannot deadlock. Whatever writes totals, standings or ranks (a round close, a correction,
the finish) holds the event's lock. On SQLite ``select_for_update`` is a no-op; SQLite
serialises writers.
"""

from __future__ import annotations

from .models import Board, Entry, Event, IdempotencyKey, Result, Round, Table


def event_for_update(event_id: int) -> Event:
    return Event.objects.select_for_update(of=("self",)).get(pk=event_id)


def round_for_update(round_id: int) -> Round:
    return Round.objects.select_for_update(of=("self",)).select_related("event").get(pk=round_id)


def round_of_event_for_update(*, event: Event, number: int) -> Round | None:
    """Round ``number`` of ``event``, locked (after the event's lock), or None."""
    return Round.objects.select_for_update(of=("self",)).filter(event=event, number=number).first()


def result_for_update(result_id: int) -> Result:
    return Result.objects.select_for_update(of=("self",)).get(pk=result_id)


def result_at_table_for_update(*, table: Table, board: Board) -> Result | None:
    return Result.objects.select_for_update(of=("self",)).filter(table=table, board=board).first()


def entry_for_update(entry_id: int) -> Entry:
    return Entry.objects.select_for_update(of=("self",)).get(pk=entry_id)


def idempotency_key_for_update(*, user, key: str) -> IdempotencyKey:
    return IdempotencyKey.objects.select_for_update(of=("self",)).get(user=user, key=key)
