"""What a delayed spectator is sent: the table as it stood N seconds ago.

``docs/rules.md`` § Online play, spectators: with the event's spectators *delayed by N
seconds*, a signed-in user outside the event watches a table whole (all four hands, as
a director does), but only the actions stored more than N seconds ago are replayed: the
board in play then, with its calls and cards up to then. A board not started N seconds
ago is not shown at all (its deal would be seen early). Who may watch, and with what
delay, is the one visibility rule's (``tournaments.selectors.visibility``).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone

from tournaments.models import Table

from .models import BoardPlay, PlayAction
from .selectors import board_snapshot
from .state import seat_view


def table_snapshot_delayed(*, table: Table, delay: int, now: datetime | None = None) -> dict:
    """The table's snapshot as it stood ``delay`` seconds before ``now`` (two queries)."""
    cutoff = (now or timezone.now()) - timedelta(seconds=delay)
    play = (
        BoardPlay.objects.filter(table=table, started_at__lte=cutoff)
        .select_related("board")
        .order_by("-started_at", "-pk")
        .first()
    )
    if play is None:  # nothing had started then: no board to show yet
        return board_snapshot(
            table=table, board=None, play=None, actions=[], base_version=0, next_=None
        )
    rows = list(
        PlayAction.objects.filter(play=play)
        .order_by("seq")
        .values_list("seat", "kind", "value", "alert", "created_at")
    )
    actions = [[seat, kind, value, alert] for seat, kind, value, alert, at in rows if at <= cutoff]
    return board_snapshot(
        table=table, board=play.board, play=play, actions=actions,
        base_version=play.base_version, next_=None,
    )  # fmt: skip


def spectator_view(*, table: Table, delay: int, now: datetime | None = None) -> dict:
    """The whole table as a delayed spectator sees it, with its ``delay`` in seconds."""
    view = seat_view(table_snapshot_delayed(table=table, delay=delay, now=now), None)
    view["delay"] = delay
    return view
