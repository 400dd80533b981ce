"""The ladders' clock (Celery beat, or ``run_clock``): forfeits at the answer deadline,
one reminder before each deadline, one notice to the director of an unplayed match, and
a sweep for match results not yet applied. Safe to run twice at once: a forfeit happens
under the ladder's lock after re-reading the challenge, and each notice is claimed by a
conditional UPDATE that only one run can win."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from tournaments.models import Event

from ..models import Challenge
from . import notify
from .challenges import challenge_forfeit_due, challenge_result_apply

REMIND_BEFORE = timedelta(hours=24)


def _claim(field: str, challenge_id: int, now: datetime) -> bool:
    return bool(
        Challenge.objects.filter(pk=challenge_id, **{f"{field}__isnull": True}).update(
            **{field: now}
        )
    )


def _remind(queryset, field: str, send, now: datetime) -> int:
    sent = 0
    for challenge in queryset.select_related(
        "ladder__director", "challenger__captain", "defender__captain"
    ):
        with transaction.atomic():
            if _claim(field, challenge.pk, now):
                send(challenge)
                sent += 1
    return sent


def ladder_deadlines_enforce(*, now: datetime | None = None) -> dict[str, int]:
    """Everything due at ``now``; returns how many of each were done."""
    now = now or timezone.now()
    done = {"forfeited": 0, "reminded": 0, "overdue": 0, "applied": 0}
    due = Challenge.objects.filter(status=Challenge.Status.OPEN, accept_by__lte=now).order_by(
        "accept_by", "pk"
    )
    for challenge in list(due.only("pk", "ladder_id")):
        done["forfeited"] += challenge_forfeit_due(challenge=challenge, now=now)
    done["reminded"] += _remind(
        Challenge.objects.filter(
            status=Challenge.Status.OPEN,
            accept_by__gt=now,
            accept_by__lte=now + REMIND_BEFORE,
            accept_reminded_at__isnull=True,
        ),
        "accept_reminded_at",
        notify.accept_deadline_near,
        now,
    )
    done["reminded"] += _remind(
        Challenge.objects.filter(
            status=Challenge.Status.ACCEPTED,
            play_by__gt=now,
            play_by__lte=now + REMIND_BEFORE,
            play_reminded_at__isnull=True,
        ),
        "play_reminded_at",
        notify.play_deadline_near,
        now,
    )
    done["overdue"] += _remind(
        Challenge.objects.filter(
            status=Challenge.Status.ACCEPTED,
            play_by__lte=now,
            overdue_notified_at__isnull=True,
            decided_by__isnull=True,
        ).exclude(event__status=Event.Status.FINISHED),
        "overdue_notified_at",
        notify.overdue,
        now,
    )
    # Backstop: a finished match whose result was not applied (applied in the finishing
    # transaction normally, so this finds nothing).
    for pk in Challenge.objects.filter(
        status=Challenge.Status.ACCEPTED, event__status=Event.Status.FINISHED
    ).values_list("pk", flat=True):
        done["applied"] += challenge_result_apply(challenge_id=pk, now=now) in ("moved", "stays")
    return done
