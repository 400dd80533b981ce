"""The online app's row locks, in the one order across the apps (``docs/rules.md``
§ Concurrency; ranks from ``tournaments/lock_order.py``).

An action at a table kept live (``online.live``) takes only its board, FOR KEY SHARE, in
the statement that writes its row (``play_action_insert_if_open``): the round's cut, which
locks the board FOR UPDATE, then waits for the action, or the action for the cut (and
then finds the board cut), never each for the other. An action the long way takes, as a
result entry does, the table's round FOR SHARE and the
table (``tournaments.lock_objects``), then the board played there (``BOARD_PLAY``),
then, when the board ends, its result. The round close (the event, then its round FOR
UPDATE) cuts the boards still in play after those, so an action racing the cut is
either applied before it or refused as ``round_over``.
"""

from __future__ import annotations

import functools

from django.db import connection
from django.db.models import Exists, OuterRef

from tournaments import lock_order
from tournaments.lock_order import lock_rank
from tournaments.models import Event, Result, Round, Table

from .models import BoardPlay, PlayAction


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


def board_play_open(play_id: int) -> tuple | None:
    """SQLite's check of the board ``play_id`` before an action's row at a live table
    (``online.services``), in one read: ``(typed, round status, round ends_at, event
    paused_at, event online_play, event undo_allowed)``; ``typed``: a result was typed
    for it. None when the board is no longer in play. SQLite has no row locks: the
    action's transaction took the database's write lock at its start. PostgreSQL checks
    the same in the row's own statement (``play_action_insert_if_open``): the two are
    one rule, kept in step, and the live table's tests run on both."""
    typed = Result.objects.filter(table_id=OuterRef("table_id"), board_id=OuterRef("board_id"))
    rows = (
        BoardPlay.objects.filter(pk=play_id, status=BoardPlay.Status.PLAYING)
        .annotate(typed=Exists(typed))
        .order_by()
        .values_list(
            "typed",
            "table__round__status",
            "table__round__ends_at",
            "table__round__event__paused_at",
            "table__round__event__online_play",
            "table__round__event__undo_allowed",
        )  # fmt: skip
    )
    return rows.first()


@lock_rank(lock_order.BOARD_PLAY)
def play_action_insert_if_open(
    *, play_id: int, seq: int, seat: str, kind: str, value: str, alert: str, user_id,
    created_at, undo_allowed: bool, now,
) -> bool:  # fmt: skip
    """PostgreSQL: an action's row written in one statement, only while its board is
    open as ``board_play_open`` says it on SQLite (in play, no result typed, the
    event online with ``undo_allowed`` as the engine has it, the round taking play at
    ``now``), the board's row held FOR KEY SHARE: the round's cut, which locks it FOR
    UPDATE, waits for it or it for the cut. False when the board is no longer open (nothing is
    written); an ``IntegrityError`` when another process stored action ``seq`` first."""
    with connection.cursor() as cursor:
        cursor.execute(
            _insert_if_open_sql(),
            [
                seq, seat, kind, value, alert, user_id, created_at,
                play_id, BoardPlay.Status.PLAYING, undo_allowed, Round.Status.CLOSED, now,
            ],
        )  # fmt: skip
        return cursor.rowcount == 1


@functools.cache
def _insert_if_open_sql() -> str:
    q = connection.ops.quote_name
    action, play, table = (
        q(PlayAction._meta.db_table),
        q(BoardPlay._meta.db_table),
        q(Table._meta.db_table),
    )
    rnd, event, result = q(Round._meta.db_table), q(Event._meta.db_table), q(Result._meta.db_table)
    return (
        f"INSERT INTO {action} (play_id, seq, seat, kind, value, alert, user_id, created_at)"
        f" SELECT bp.id, %s, %s, %s, %s, %s, %s, %s"
        f" FROM {play} bp JOIN {table} t ON t.id = bp.table_id"
        f" JOIN {rnd} rd ON rd.id = t.round_id JOIN {event} ev ON ev.id = rd.event_id"
        f" WHERE bp.id = %s AND bp.status = %s"
        f" AND NOT EXISTS (SELECT 1 FROM {result} r WHERE r.table_id = bp.table_id"
        f" AND r.board_id = bp.board_id)"
        f" AND ev.online_play AND ev.undo_allowed = %s AND rd.status <> %s"
        f" AND (ev.paused_at IS NOT NULL OR rd.ends_at > %s)"
        f" FOR KEY SHARE OF bp"
    )
