"""The online app's row locks, in the one order across the apps (``docs/rules.md``
§ Concurrency; ranks from ``tournaments/lock_order.py``).

An action at a table takes, as a result entry does, the table's round FOR SHARE and the
table (``tournaments.lock_objects``), then the board played there (``BOARD_PLAY``),
then, when the board ends, its result. The round close (the event, then its round FOR
UPDATE) cuts the boards still in play after those, so an action racing the cut is
either applied before it or refused as ``round_over``.
"""

from __future__ import annotations

from django.db.models import Exists, OuterRef

from tournaments import lock_order
from tournaments.lock_order import lock_rank
from tournaments.models import Result

from .models import BoardPlay


@lock_rank(lock_order.BOARD_PLAY)
def board_play_for_update(board_play_id: int) -> BoardPlay:
    return (
        BoardPlay.objects.select_for_update(of=("self",))
        .select_related("board")
        .get(pk=board_play_id)
    )


@lock_rank(lock_order.BOARD_PLAY)
def board_play_started_for_update(*, table_id: int) -> list[BoardPlay]:
    """The table's boards in play that have no result stored, locked in id order (at most
    two: more than one is the caller's sign to look the long way)."""
    typed = Result.objects.filter(table_id=OuterRef("table_id"), board_id=OuterRef("board_id"))
    return list(
        BoardPlay.objects.select_for_update(of=("self",))
        .select_related("board")
        .filter(table_id=table_id, status=BoardPlay.Status.PLAYING)
        .exclude(Exists(typed))
        .order_by("pk")[:2]
    )


@lock_rank(lock_order.BOARD_PLAY)
def board_plays_in_play_for_update(*, table_ids) -> list[BoardPlay]:
    """The boards still in play at ``table_ids``, locked in id order (the round's cut)."""
    ids = sorted(
        BoardPlay.objects.filter(
            table_id__in=list(table_ids), status=BoardPlay.Status.PLAYING
        ).values_list("pk", flat=True)
    )
    return list(
        BoardPlay.objects.select_for_update(of=("self",))
        .filter(pk__in=ids)
        .select_related("board", "table")
        .order_by("pk")
    )
