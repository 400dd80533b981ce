"""Closing tables and the pool: a table that finished or ran out of time gives its
unplayed boards' places back; at the period's end the leaderboard is final
(``docs/rules.md`` § The scoring pool)."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.db.models import F, Min
from django.utils import timezone

from accounts.models import User

from ....lock_objects import (
    event_for_update,
    round_for_update,
)
from ....models import (
    Entry,
    Event,
    PoolBoard,
    PoolDeal,
    PoolReady,
    Result,
    Round,
    Table,
)
from ....permissions import director_required
from ....services.audit import log_action
from ....signals import round_closing
from ..selectors import leaderboard_get

# -- closing tables and the pool ----------------------------------------------------------


def _sittings_close(event: Event, closing: list[tuple[int, datetime]]) -> int:
    """Close tables, each ``(sitting id, when)`` (the caller holds the event's lock):
    every sitting is locked first, in id order, then each is closed; a close cuts the
    boards in play online there, whose locks come after every round's (``docs/rules.md``
    § Concurrency). Returns how many were still open."""
    sittings = {pk: round_for_update(pk) for pk in sorted({pk for pk, _ in closing})}
    return sum(_sitting_close(event, sittings[pk], when) for pk, when in closing)


def _sitting_close(event: Event, sitting: Round, now: datetime) -> bool:
    """Close one table, its sitting locked: its boards without a played result give
    their places back."""
    if sitting.status != Round.Status.OPEN:
        return False
    # Its boards still in play online end here, cut as a round close cuts them
    # (docs/rules.md § The scoring pool, § Online play, the clock): before the boards
    # without a played result are counted, so a cut board gives its place back.
    round_closing.send(sender=Round, event=event, rnd=sitting, now=now)
    sitting.status = Round.Status.CLOSED
    sitting.closed_at = now
    sitting.save(update_fields=["status", "closed_at"])
    table = Table.objects.get(round=sitting)
    dealt = set(PoolDeal.objects.filter(table=table, seat="N").values_list("board_id", flat=True))
    played = set(
        Result.objects.filter(table=table, status=Result.Status.PLAYED).values_list(
            "board_id", flat=True
        )
    )
    back = sorted(dealt - played)
    if back:
        PoolBoard.objects.filter(board_id__in=back).update(taken=F("taken") - 1)
    log_action(
        event=event, action="pool_table_closed", round_number=sitting.number,
        data={"table": table.number, "unplayed": back},
    )  # fmt: skip
    return True


def finished_sittings_close(*, event: Event, player_ids, now: datetime) -> None:
    """Close the tables of ``player_ids`` that have every board's result or ran out of
    time, so that the players are free again (the caller holds the event's lock)."""
    _sittings_close(event, [(pk, now) for pk in _finished_sittings(event, now, player_ids)])


def _finished_sittings(event: Event, now: datetime, player_ids) -> list[int]:
    sittings = Round.objects.filter(event=event, status=Round.Status.OPEN)
    if player_ids is not None:
        sittings = sittings.filter(tables__seats__player_id__in=list(player_ids))
    out = []
    for sitting in sittings.distinct().prefetch_related("tables"):
        if sitting.ends_at <= now:
            out.append(sitting.pk)
            continue
        table = sitting.tables.all()[0]
        dealt = PoolDeal.objects.filter(table=table, seat="N").count()
        if Result.objects.filter(table=table).count() >= dealt:
            out.append(sitting.pk)
    return out


def pool_sitting_close(
    *, event: Event, table: Table, actor: User, now: datetime | None = None
) -> bool:
    """A director closes a table now (its unplayed boards give their places back)."""
    now = now or timezone.now()
    with transaction.atomic(durable=True):
        event = event_for_update(event.pk)
        director_required(user=actor, event=event)
        return _sittings_close(event, [(table.round_id, now)]) > 0


def _next_due(event: Event) -> datetime | None:
    if event.status == Event.Status.FINISHED:
        return None
    ends = Round.objects.filter(event=event, status=Round.Status.OPEN).aggregate(n=Min("ends_at"))[
        "n"
    ]
    close = event.settings.ends_at
    if event.status == Event.Status.REGISTRATION:
        return event.start_at
    return min(ends, close) if ends else close


def pool_clock_step(*, event: Event, now: datetime) -> str | None:
    """The clock's step for a pool (``services/schedule.py``): open it at its start,
    close tables whose time is up, and close the pool at its end. One durable
    transaction (``docs/rules.md`` § Concurrency)."""
    with transaction.atomic(durable=True):
        event = event_for_update(event.pk)
        step = None
        if event.status == Event.Status.REGISTRATION:
            if now < event.start_at:
                return None
            event.status = Event.Status.RUNNING
            event.save(update_fields=["status"])
            log_action(event=event, action="pool_open", transition="open")
            step = "open"
        elif event.status == Event.Status.RUNNING:
            due = list(
                Round.objects.filter(event=event, status=Round.Status.OPEN, ends_at__lte=now)
                .order_by("ends_at", "pk")
                .values_list("pk", "ends_at")
            )
            closing = [(pk, min(now, ends_at)) for pk, ends_at in due]
            finishing = now >= event.settings.ends_at
            if finishing:  # every table closes: all their sittings locked at once, first
                others = Round.objects.filter(event=event, status=Round.Status.OPEN).exclude(
                    pk__in=[pk for pk, _ in due]
                )
                closing += [(pk, now) for pk in others.values_list("pk", flat=True)]
            _sittings_close(event, closing)
            if due:
                step = f"close {len(due)} tables"
            if finishing:
                _pool_finish(event, now)
                step = "finish"
        else:
            return None
        Event.objects.filter(pk=event.pk).update(next_transition_at=_next_due(event))
        return step


def _pool_finish(event: Event, now: datetime) -> None:
    """The period is over (every table closed already, by the clock's step that calls
    this): the leaderboard is final (entries' totals and ranks), and nothing more can be
    entered."""
    PoolReady.objects.filter(event=event).delete()
    entries = {e.pk: e for e in Entry.objects.filter(event=event)}
    for row in leaderboard_get(event=event):
        entry = entries[row.entry_id]
        entry.total, entry.boards_played = row.imps, row.boards
        entry.rank, entry.finished = row.place, True
    Entry.objects.bulk_update(
        list(entries.values()), ["total", "boards_played", "rank", "finished"]
    )
    event.status = Event.Status.FINISHED
    event.finished_at = now
    event.save(update_fields=["status", "finished_at"])
    log_action(event=event, action="event_finish", transition="finish")
