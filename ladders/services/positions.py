"""Changing positions: every change is a constant number of queries (a bulk shift, not a
save per team) and is written to the history (``docs/rules.md`` § Ladder).

The caller holds the ladder's lock (``ladders.lock_objects.ladder_for_update``).
Shifts go through negative positions so that ``(ladder, position)`` stays unique at
every statement: the range moves to ``-(position ± 1)``, the moved team takes its new
place, and one more UPDATE turns the negative positions back.
"""

from __future__ import annotations

from datetime import datetime

from django.db.models import F, Max

from ..models import Challenge, Ladder, PositionChange, Rung


def _unnegate(ladder: Ladder) -> None:
    Rung.objects.filter(ladder=ladder, position__lt=0).update(position=-F("position"))


def rung_move(
    *,
    ladder: Ladder,
    rung: Rung,
    to: int,
    now: datetime,
    kind: str,
    shifted_kind: str,
    challenge: Challenge | None = None,
) -> list[PositionChange]:
    """Move ``rung`` to position ``to``; the teams from ``to`` up to its old place move one
    place towards it (down when it moves up, up when it moves down). Five queries,
    whatever the size of the ladder."""
    frm = rung.position
    if to == frm:
        return []
    low, high, delta = (to, frm - 1, 1) if to < frm else (frm + 1, to, -1)
    between = Rung.objects.filter(ladder=ladder, position__gte=low, position__lte=high)
    affected = list(between.values_list("team_id", "position"))
    between.update(position=-(F("position") + delta))
    Rung.objects.filter(pk=rung.pk).update(position=to)
    _unnegate(ladder)
    rung.position = to
    event_id = challenge.event_id if challenge is not None else None
    changes = [
        PositionChange(
            ladder=ladder,
            team_id=rung.team_id,
            kind=kind,
            challenge=challenge,
            event_id=event_id,
            position_before=frm,
            position_after=to,
            at=now,
        )
    ] + [
        PositionChange(
            ladder=ladder,
            team_id=team_id,
            kind=shifted_kind,
            challenge=challenge,
            event_id=event_id,
            position_before=position,
            position_after=position + delta,
            at=now,
        )
        for team_id, position in affected
    ]
    return PositionChange.objects.bulk_create(changes, batch_size=2000)


def rungs_append(*, ladder: Ladder, team_ids: list[int], now: datetime) -> list[Rung]:
    """New teams join at the bottom, in the order given."""
    bottom = Rung.objects.filter(ladder=ladder).aggregate(m=Max("position"))["m"] or 0
    rungs = Rung.objects.bulk_create(
        [
            Rung(ladder=ladder, team_id=team_id, position=bottom + i, joined_at=now)
            for i, team_id in enumerate(team_ids, 1)
        ],
        batch_size=2000,
    )
    PositionChange.objects.bulk_create(
        [
            PositionChange(
                ladder=ladder,
                team_id=r.team_id,
                kind=PositionChange.Kind.JOIN,
                position_before=None,
                position_after=r.position,
                at=now,
            )
            for r in rungs
        ],
        batch_size=2000,
    )
    return rungs


def rung_remove(*, ladder: Ladder, rung: Rung, now: datetime) -> None:
    """The team leaves; every team below it moves up one place."""
    below = Rung.objects.filter(ladder=ladder, position__gt=rung.position)
    affected = list(below.values_list("team_id", "position"))
    rung.delete()
    below.update(position=-(F("position") - 1))
    _unnegate(ladder)
    PositionChange.objects.bulk_create(
        [
            PositionChange(
                ladder=ladder,
                team_id=rung.team_id,
                kind=PositionChange.Kind.LEAVE,
                position_before=rung.position,
                position_after=None,
                at=now,
            )
        ]
        + [
            PositionChange(
                ladder=ladder,
                team_id=team_id,
                kind=PositionChange.Kind.REMOVAL,
                position_before=position,
                position_after=position - 1,
                at=now,
            )
            for team_id, position in affected
        ],
        batch_size=2000,
    )
