"""Round transitions: open (seat + deal), close (cut, score, totals), finish (rank, award).

Each transition runs in one transaction under the event's row lock and writes a unique
``EventLog`` transition row, so it happens exactly once whoever calls it (a director, the
simulation or the beat scheduler) and a crash half-way leaves nothing half-done.
"""

from __future__ import annotations

import random
from datetime import datetime
from functools import partial

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User

from ..bulk import bulk_set
from ..dispatch import dispatch_on_commit
from ..errors import BridgeError, ConflictError
from ..formats import format_for
from ..formats.teams.live_cache import live_changed
from ..lock_objects import event_for_update, round_of_event_for_update
from ..models import Board, Entry, Event, Result, Round
from ..signals import round_closing, tables_opened
from .audit import log_action
from .totals import event_finish_ranking, totals_recompute


def _seatable_entries(event: Event) -> list[Entry]:
    return list(
        Entry.objects.filter(
            event=event, status=Entry.Status.CONFIRMED, sitting_out=False
        ).order_by("registration_order")
    )


def _round_open_check(event: Event, number: int) -> list[Entry]:
    """Refuse to open round ``number`` out of order or with fewer than two pairs to
    seat; otherwise the entries to seat."""
    if event.status == Event.Status.FINISHED:
        raise ConflictError(_("The event has finished."), code="finished")
    if number != event.current_round + 1 or number > event.num_rounds:
        raise ConflictError(_("Round %(n)d cannot be opened now.") % {"n": number}, code="order")
    if (
        number > 1
        and Round.objects.filter(event=event, number=number - 1, status=Round.Status.OPEN).exists()
    ):
        raise ConflictError(_("The previous round is still in play."), code="order")
    entries = _seatable_entries(event)
    if len(entries) < 2:
        raise ConflictError(_("At least two confirmed pairs are needed."), code="too_few")
    return entries


def _clock_move(event: Event, number: int, *, now: datetime, keep_schedule: bool) -> None:
    """A round opened early, or by hand, starts now: the event's clock moves so that
    every later round keeps its length and gap (saved with the opening)."""
    scheduled = event.round_start(number)
    if now < scheduled or not keep_schedule:
        if number == 1:  # the event's start time becomes when it really started
            event.start_at += now - scheduled
        else:
            event.clock_offset -= scheduled - now


def round_open(
    *,
    event: Event,
    number: int,
    now: datetime | None = None,
    actor: User | None = None,
    rng: random.Random | None = None,
    keep_schedule: bool = False,
) -> Round:
    """Seat round ``number``, deal its boards and open it for play.

    A round opened by hand starts now: the event's clock moves so that every later
    round keeps its length and gap. The scheduler passes ``keep_schedule`` when it
    catches up after an outage: a late round then keeps its scheduled times (it may
    even be over already, and is cut at its scheduled end). Opening early always
    starts the round now. Runs inside the transaction of the round close that opens the
    next round (``round_next``), so its own is not durable.
    """
    now = now or timezone.now()
    with transaction.atomic():
        event = event_for_update(event.pk)
        existing = Round.objects.filter(event=event, number=number).first()
        if existing is not None:
            return existing
        entries = _round_open_check(event, number)
        _clock_move(event, number, now=now, keep_schedule=keep_schedule)
        rnd = Round.objects.create(
            event=event,
            number=number,
            starts_at=event.round_start(number),
            ends_at=event.round_end(number),
            opened_at=now,
        )
        seating = format_for(event).round_seat(
            event=event, rnd=rnd, entries=entries, now=now, rng=rng
        )
        event.current_round = number
        event.status = Event.Status.RUNNING
        event.next_transition_at = rnd.ends_at
        event.save(
            update_fields=[
                "current_round",
                "status",
                "start_at",
                "clock_offset",
                "next_transition_at",
            ]
        )
        # Analysed now, in the background, so that the director's hand records of the
        # round in play have their double-dummy table and par (hidden from players by
        # the visibility rule like the deal itself).
        dispatch_on_commit(
            "tournaments.tasks.analyse_boards",
            list(
                Board.objects.filter(round=rnd, dd_table__isnull=True).values_list("pk", flat=True)
            ),
        )
        log_action(
            event=event,
            actor=actor,
            action="round_open",
            round_number=number,
            transition="open",
            data=seating.log,
        )
        live_changed(event=event, round_number=number)
        table_ids = [t.pk for t in seating.tables if t.pk is not None]
        transaction.on_commit(
            partial(tables_opened.send, sender=Round, event=event, table_ids=table_ids)
        )
    return rnd


def event_start(
    *, event: Event, now: datetime | None = None, actor: User | None = None, rng=None
) -> Round:
    """Close registration and open round 1 (seated by registration order)."""
    return round_open(event=event, number=1, now=now, actor=actor, rng=rng)


def round_close(
    *,
    event: Event,
    number: int,
    now: datetime | None = None,
    actor: User | None = None,
    open_next: bool = True,
    rng: random.Random | None = None,
) -> Round:
    """Cut unfinished boards, score every board across the field and update the totals.

    Then the next round is seated and opened (``open_next``), or, after the last round,
    the event finishes: ranks and master points are published at once. Closing a closed
    round does nothing and returns it. One durable transaction (``docs/rules.md``
    § Concurrency): the opening or the finish that follows is part of it.
    """
    now = now or timezone.now()
    with transaction.atomic(durable=True):
        event = event_for_update(event.pk)
        rnd = round_of_event_for_update(event=event, number=number)
        if rnd is None:
            raise BridgeError(
                _("Round %(n)d has not been played.") % {"n": number}, code="no_round"
            )
        if rnd.status == Round.Status.CLOSED:
            return rnd
        round_closing.send(sender=Round, event=event, rnd=rnd, now=now)
        fmt = format_for(event)
        tables = list(rnd.tables.all())
        boards_at = fmt.round_boards(rnd=rnd, tables=tables)
        results = list(Result.objects.filter(table__round=rnd))
        have = {(r.table_id, r.board_id) for r in results}
        cut = [
            Result(table=t, board=b, status=Result.Status.CUT, entered_at=now)
            for t in tables
            for b in boards_at[t.pk]
            if (t.pk, b.pk) not in have
        ]
        Result.objects.bulk_create(cut, batch_size=2000)
        results.extend(cut)
        fmt.boards_score(event=event, results=results)
        bulk_set(Result, results, ["ns_points", "ew_points"])
        rnd.status = Round.Status.CLOSED
        rnd.closed_at = now
        rnd.save(update_fields=["status", "closed_at"])
        if number < event.num_rounds:
            event.next_transition_at = max(event.round_start(number + 1), now)
            event.save(update_fields=["next_transition_at"])
        totals_recompute(event=event, round_number=number, round_results=results, tables=tables)
        log_action(
            event=event,
            actor=actor,
            action="round_close",
            round_number=number,
            transition="close",
            data={"cut": len(cut)},
        )
        board_ids = sorted({b.pk for played in boards_at.values() for b in played})
        # After the commit; a broker outage must not undo or fail the close (the boards
        # are analysed by the next close or ``analyse_boards``).
        dispatch_on_commit("tournaments.tasks.analyse_boards", board_ids)
        live_changed(event=event, round_number=number)
        if number >= event.num_rounds:
            event_finish(event=event, now=now, actor=actor)
        elif open_next:
            round_next(event=event, number=number + 1, now=now, actor=actor, rng=rng)
    return rnd


def round_next(
    *,
    event: Event,
    number: int,
    now: datetime,
    actor: User | None = None,
    rng: random.Random | None = None,
    keep_schedule: bool = False,
) -> str:
    """Open round ``number`` after a close; if fewer than two pairs are left to seat
    (withdrawals, pairs sitting out), the event ends here and its results are published.
    Returns ``"open N"`` or ``"finish"``."""
    if len(_seatable_entries(event)) < 2:
        event_finish(event=event, now=now, actor=actor, early=True)
        return "finish"
    round_open(
        event=event, number=number, now=now, actor=actor, rng=rng, keep_schedule=keep_schedule
    )
    return f"open {number}"


def event_finish(
    *,
    event: Event,
    now: datetime | None = None,
    actor: User | None = None,
    early: bool = False,
) -> Event:
    """Rank the finished pairs, award master points and publish the results.

    ``early``: fewer than two pairs were left to seat; the remaining rounds are not
    played (the finishing threshold still counts every scheduled board). Runs inside the
    transaction of the last round's close, so its own is not durable."""
    now = now or timezone.now()
    with transaction.atomic():
        event = event_for_update(event.pk)
        if event.status == Event.Status.FINISHED:
            return event
        if Round.objects.filter(event=event, status=Round.Status.OPEN).exists():
            raise ConflictError(_("Close the round in play first."), code="round_open")
        event_finish_ranking(event=event)
        event.status = Event.Status.FINISHED
        event.finished_at = now
        event.next_transition_at = None
        event.save(update_fields=["status", "finished_at", "next_transition_at"])
        log_action(
            event=event,
            actor=actor,
            action="event_finish",
            round_number=event.num_rounds,
            transition="finish",
            data={"early_after_round": event.current_round} if early else {},
        )
        live_changed(event=event)
    return event
