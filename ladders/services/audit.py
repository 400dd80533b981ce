from __future__ import annotations

from datetime import datetime

from ..models import Ladder, LadderLog


def ladder_log(*, ladder: Ladder, action: str, actor, now: datetime, data: dict | None = None):
    """An audit row of a director's action on a ladder."""
    return LadderLog.objects.create(
        ladder=ladder, action=action, actor=actor, data=data or {}, at=now
    )
