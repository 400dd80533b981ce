"""A ladder match's result: applied in the transaction that finishes its event, and again
after a director's correction of the finished event (both send ``event_finished``)."""

from __future__ import annotations

from django.dispatch import receiver
from django.utils import timezone

from tournaments.signals import clock_ticked, event_finished

from .models import Challenge
from .services import challenge_result_apply, ladder_deadlines_enforce


@receiver(event_finished, dispatch_uid="ladders.apply_match_result")
def apply_match_result(sender, *, event, **kwargs) -> None:
    challenge_id = Challenge.objects.filter(event=event).values_list("pk", flat=True).first()
    if challenge_id is None:
        return
    if event.finished_at is None:  # the finish itself: at the round's close (the clock's time)
        closed = event.rounds.filter(closed_at__isnull=False).order_by("-closed_at").first()
        now = closed.closed_at if closed else timezone.now()
    else:  # a correction after the finish
        now = timezone.now()
    challenge_result_apply(challenge_id=challenge_id, now=now)


@receiver(clock_ticked, dispatch_uid="ladders.deadlines")
def enforce_deadlines(sender, *, now, **kwargs):
    done = ladder_deadlines_enforce(now=now)
    return {k: v for k, v in done.items() if v} or None
