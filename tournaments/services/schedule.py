"""The clock: timed events run themselves, and directors pause, resume or extend them.

``events_advance`` is what Celery beat (or the in-process clock of the embedded default)
calls every few seconds. Transitions are decided by the scheduled times, not by when the
job runs: after an outage it catches up in order, each round cut at its scheduled end.
Each transition is one of the round services (one transaction under the event's row
lock, with a unique transition log row), so two beats, two workers or a retried task
perform it once.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User

from ..errors import BridgeError, ConflictError
from ..formats import format_for
from ..lock_objects import event_for_update
from ..models import Event, Round, SchedulerTick
from ..permissions import director_required
from .audit import log_action
from .rounds import round_close, round_next, round_open

logger = logging.getLogger(__name__)

MAX_STEPS = 200  # transitions one call may perform for one event (2 per round + start)


def _step(event: Event, now: datetime) -> str | None:
    """Perform the first transition of ``event`` that is due at ``now``; None if none."""
    if event.status == Event.Status.FINISHED or event.paused_at is not None:
        return None
    fmt = format_for(event)
    if fmt.own_clock:  # the scoring pool: tables, not rounds
        return fmt.clock_step(event=event, now=now)
    if event.status == Event.Status.REGISTRATION:
        if event.round_start(1) > now:
            return None
        try:
            round_open(event=event, number=1, now=now, keep_schedule=True)
        except ConflictError as exc:
            # Too few pairs: nothing can start; the director decides (starts by hand).
            with transaction.atomic():
                locked = event_for_update(event.pk)
                if locked.status == Event.Status.REGISTRATION:
                    locked.next_transition_at = None
                    locked.save(update_fields=["next_transition_at"])
                    log_action(event=locked, action="start_failed", data={"reason": exc.message})
            return None
        return "open 1"
    rnd = Round.objects.filter(event=event, number=event.current_round).first()
    if rnd is None:
        return None
    if rnd.status == Round.Status.OPEN:
        if rnd.ends_at > now:
            return None
        # Cut at the scheduled end, whenever this runs.
        round_close(event=event, number=rnd.number, now=rnd.ends_at, open_next=False)
        return f"close {rnd.number}"
    if rnd.number < event.num_rounds and event.round_start(rnd.number + 1) <= now:
        return round_next(event=event, number=rnd.number + 1, now=now, keep_schedule=True)
    return None


def event_advance(*, event_id: int, now: datetime | None = None) -> list[str]:
    """Perform every transition of one event that is due, in order."""
    now = now or timezone.now()
    done: list[str] = []
    for _step_no in range(MAX_STEPS):
        event = Event.objects.get(pk=event_id)
        step = _step(event, now)
        if step is None:
            break
        done.append(step)
    return done


def events_due(*, now: datetime) -> list[int]:
    return list(
        Event.objects.filter(next_transition_at__lte=now, paused_at__isnull=True)
        .exclude(status=Event.Status.FINISHED)
        .order_by("next_transition_at", "pk")
        .values_list("pk", flat=True)
    )


def events_advance(*, now: datetime | None = None, name: str = "beat") -> dict[int, list[str]]:
    """One scheduler tick: advance every event with a transition due; record the tick."""
    now = now or timezone.now()
    done: dict[int, list[str]] = {}
    for event_id in events_due(now=now):
        try:
            steps = event_advance(event_id=event_id, now=now)
        except Exception:  # one broken event must not stop the others
            logger.exception("Advancing event %s failed", event_id)
            continue
        if steps:
            done[event_id] = steps
    count = sum(len(s) for s in done.values())
    updated = SchedulerTick.objects.filter(name=name).update(
        last_run_at=timezone.now(), runs=F("runs") + 1, transitions=F("transitions") + count
    )
    if not updated:
        SchedulerTick.objects.get_or_create(
            name=name, defaults={"last_run_at": timezone.now(), "runs": 1, "transitions": count}
        )
    return done


def _out_of_range() -> BridgeError:
    return BridgeError(
        _("The schedule would run past the last date the clock can show."), code="time_range"
    )


def _catch_up(event: Event, director: User, now: datetime) -> None:
    """Before a director changes the clock: do what was already due, at its scheduled
    time (a round past its end is cut at its end), so the change never reopens it."""
    director_required(user=director, event=event)
    try:
        event_advance(event_id=event.pk, now=now)
    except OverflowError as exc:  # an event stored with an absurd date
        raise _out_of_range() from exc


def event_pause(*, event: Event, director: User, now: datetime | None = None) -> Event:
    """Stop the clock: no round is cut while paused; play and entry may go on.

    What was due before the pause happens first (see ``_catch_up``).
    """
    now = now or timezone.now()
    _catch_up(event, director, now)
    with transaction.atomic(durable=True):
        event = event_for_update(event.pk)
        director_required(user=director, event=event)
        if event.status == Event.Status.FINISHED:
            raise ConflictError(_("The event has finished."), code="finished")
        if event.paused_at is not None:
            raise ConflictError(_("The event is already paused."), code="paused")
        event.paused_at = now
        event.save(update_fields=["paused_at"])
        log_action(event=event, actor=director, action="event_pause", data={"at": now.isoformat()})
    return event


def _shift(event: Event, delta: timedelta) -> None:
    """Move the rest of the schedule (the open round's end and every later round).

    A time past the calendar's end (an event stored with an absurd date) refuses the
    change (``time_range``) before anything is written."""
    rnd = Round.objects.filter(event=event, number=event.current_round).first()
    offset = event.clock_offset
    try:
        event.clock_offset = offset + delta
        if rnd is not None and rnd.status == Round.Status.OPEN:
            rnd.ends_at += delta
            event.next_transition_at = rnd.ends_at
        elif event.status == Event.Status.REGISTRATION:
            event.next_transition_at = event.round_start(1)
        elif event.current_round < event.num_rounds:
            event.next_transition_at = event.round_start(event.current_round + 1)
        event.round_end(event.num_rounds)  # every later round still has a time
    except OverflowError as exc:
        event.clock_offset = offset
        raise _out_of_range() from exc
    if rnd is not None and rnd.status == Round.Status.OPEN:
        rnd.save(update_fields=["ends_at"])


@transaction.atomic(durable=True)
def event_resume(*, event: Event, director: User, now: datetime | None = None) -> Event:
    """Restart the clock: everything still to come moves by the length of the pause."""
    now = now or timezone.now()
    event = event_for_update(event.pk)
    director_required(user=director, event=event)
    if event.paused_at is None:
        raise ConflictError(_("The event is not paused."), code="not_paused")
    paused = now - event.paused_at
    # A round opened by hand during the pause starts its clock now: its schedule (and
    # every later round's) was set from its opening, not from the pause.
    stopped_at = event.paused_at
    rnd = Round.objects.filter(event=event, number=event.current_round).first()
    if rnd is not None and rnd.status == Round.Status.OPEN and stopped_at < rnd.opened_at <= now:
        stopped_at = rnd.opened_at
    event.paused_at = None
    _shift(event, now - stopped_at)
    event.save(update_fields=["paused_at", "clock_offset", "next_transition_at"])
    log_action(
        event=event,
        actor=director,
        action="event_resume",
        data={"paused_seconds": int(paused.total_seconds())},
    )
    return event


def round_extend(
    *, event: Event, director: User, minutes: float, now: datetime | None = None
) -> Event:
    """Give the round in play ``minutes`` more; later rounds move by as much.

    A round already past its scheduled end is cut first (see ``_catch_up``): it is no
    longer in play and cannot be extended.
    """
    now = now or timezone.now()
    _catch_up(event, director, now)
    if not 0 < minutes <= 240:
        raise BridgeError(_("Extend by 1 to 240 minutes."), code="minutes")
    with transaction.atomic(durable=True):
        event = event_for_update(event.pk)
        director_required(user=director, event=event)
        rnd = Round.objects.filter(event=event, number=event.current_round).first()
        if rnd is None or rnd.status != Round.Status.OPEN:
            raise ConflictError(_("No round is in play."), code="no_round")
        _shift(event, timedelta(minutes=minutes))
        event.save(update_fields=["clock_offset", "next_transition_at"])
        log_action(
            event=event,
            actor=director,
            action="round_extend",
            round_number=rnd.number,
            data={"minutes": minutes},
        )
    return event
