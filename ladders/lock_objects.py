"""The ladders' row locks (``docs/rules.md`` § Ladder and § Concurrency), in the one
order of :mod:`tournaments.lock_order`: after the event of a ladder match, and after the
Rate rows that the match's finish writes first.

- A ladder: every challenge and every change of positions on it (issue, answer, forfeit,
  a match's result, a director's action) takes the ladder FOR UPDATE first, so the
  positions are changed by one job at a time;
- then the challenge it changes.

A ladder job holding the ladder lock never waits for the lock of an existing event (it
only locks the new match event it creates, which no one else knows yet:
``lock_order_exempt``), while a match's result arrives holding its event's lock and then
takes the ladder's: no cycle.
"""

from __future__ import annotations

from tournaments import lock_order
from tournaments.lock_order import lock_rank

from .models import Challenge, Ladder


@lock_rank(lock_order.LADDER)
def ladder_for_update(ladder_id: int) -> Ladder:
    return Ladder.objects.select_for_update(of=("self",)).get(pk=ladder_id)


@lock_rank(lock_order.CHALLENGE)
def challenge_for_update(challenge_id: int) -> Challenge:
    """A challenge, locked after its ladder."""
    return (
        Challenge.objects.select_for_update(of=("self",))
        .select_related("ladder", "challenger__captain", "defender__captain")
        .get(pk=challenge_id)
    )


@lock_rank(lock_order.CHALLENGE)
def challenges_for_update(*, ladder: Ladder, ids: list[int]) -> list[Challenge]:
    """Challenges of ``ladder`` (already locked), locked in id order."""
    return list(
        Challenge.objects.select_for_update(of=("self",))
        .filter(ladder=ladder, pk__in=ids)
        .order_by("pk")
    )
