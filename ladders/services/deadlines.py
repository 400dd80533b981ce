"""The ladders' clock (Celery beat, or ``run_clock``): forfeits at the answer deadline,
one reminder before each deadline, one notice to the director of an unplayed match, and
a sweep for match results not yet applied. Safe to run twice at once: a forfeit happens
under the ladder's lock after re-reading the challenge, and each notice is claimed by a
conditional UPDATE that only one run can win."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from tournaments.models import Event

from ..models import Challenge
from . import notify
from .challenges import challenge_forfeit_due, challenge_result_apply

REMIND_BEFORE = timedelta(hours=24)


def _claim(field: str, challenge_id: int, now: datetime) -> bool:
    """Mark a notice sent; only one of two concurrent runs wins the UPDATE."""
    return bool(
        Challenge.objects.filter(pk=challenge_id, **{f"{field}__isnull": True}).update(
            **{field: now}
        )
    )


def _notice(challenge_id: int, field: str, send, now: datetime) -> int:
    with transaction.atomic():
        if not _claim(field, challenge_id, now):
            return 0
        challenge = Challenge.objects.select_related(
            "ladder__director", "challenger__captain", "defender__captain"
        ).get(pk=challenge_id)
        send(challenge)
    return 1


def ladder_deadlines_enforce(*, now: datetime | None = None) -> dict[str, int]:
    """Everything due at ``now``; returns how many of each were done. One query when
    nothing is due (the open challenges whose deadline is within a day)."""
    now = now or timezone.now()
    done = {"forfeited": 0, "reminded": 0, "overdue": 0, "applied": 0}
    soon = now + REMIND_BEFORE
    rows = list(
        Challenge.objects.filter(
            Q(status=Challenge.Status.OPEN, accept_by__lte=soon)
            | Q(status=Challenge.Status.ACCEPTED, play_by__lte=soon)
            | Q(status=Challenge.Status.ACCEPTED, event__status=Event.Status.FINISHED)
        )
        .order_by("accept_by", "pk")
        .values(
            "pk",
            "ladder_id",
            "status",
            "accept_by",
            "play_by",
            "accept_reminded_at",
            "play_reminded_at",
            "overdue_notified_at",
            "event__status",
        )
    )
    for row in rows:
        pk, finished = row["pk"], row["event__status"] == Event.Status.FINISHED
        if row["status"] == Challenge.Status.OPEN:
            if row["accept_by"] <= now:
                done["forfeited"] += challenge_forfeit_due(
                    challenge=Challenge(pk=pk, ladder_id=row["ladder_id"]), now=now
                )
            elif row["accept_reminded_at"] is None:
                done["reminded"] += _notice(
                    pk, "accept_reminded_at", notify.accept_deadline_near, now
                )
            continue
        if finished:
            # Backstop: a finished match whose result was not applied (it is applied in
            # the finishing transaction, so this finds only unplayed matches normally).
            outcome = challenge_result_apply(challenge_id=pk, now=now)
            if outcome != "unplayed":
                done["applied"] += outcome in ("moved", "stays")
                continue
        if finished or row["play_by"] <= now:  # unplayed: the director decides
            if row["overdue_notified_at"] is None:
                done["overdue"] += _notice(pk, "overdue_notified_at", notify.overdue, now)
        elif row["play_reminded_at"] is None:
            done["reminded"] += _notice(pk, "play_reminded_at", notify.play_deadline_near, now)
    return done
