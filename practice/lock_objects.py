"""The practice app's row lock, in the one order across the apps (``docs/rules.md``
§ Concurrency; ranks from ``tournaments/lock_order.py``). An action at a practice table
locks only its board: nothing of the event is written."""

from __future__ import annotations

from tournaments import lock_order
from tournaments.lock_order import lock_rank

from .models import PracticeBoard


@lock_rank(lock_order.PRACTICE_BOARD)
def practice_board_for_update(practice_board_id: int) -> PracticeBoard:
    return (
        PracticeBoard.objects.select_for_update(of=("self",))
        .select_related("board", "session__event")
        .get(pk=practice_board_id)
    )
