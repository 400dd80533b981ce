"""The event's row locks, in the one order across the apps (``docs/rules.md``
§ Concurrency; each helper's rank is declared from ``lock_order``):

0. a request's idempotency key (only that request's own replays ever wait on it),
1. the event,
2. its round,
3. a table, then a board played online at it (``online/lock_objects.py``),
4. a result,
5. an entry (registration); several entries of one event in ascending id order
   (``pending_entries_for_update``: a pair completes and its players' other pending
   invitations are cancelled, under the event's lock).

The scoring pool (``docs/rules.md`` § The scoring pool): starting or closing a table
holds the pool's event (1), then the table's round (2; a clock step closing several
tables locks all their rounds first, in id order, and only then cuts the boards still
in play online at them, 3); a result's arrival holds its
round FOR SHARE and its table (2, 3) as every entry does, then

6. the pool board it is on (its results are numbered and scored one at a time),
7. the pool's arrival counter (``PoolSettings``), last of the event's locks.

The Rate's rows (``ratings/lock_objects.py``) and then a ladder and its challenge
(``ladders/lock_objects.py``) come after these.

A job takes the locks it needs in that order and never the other way round, so
concurrent jobs (a beat tick, a director's close or correction, a player's submission)
cannot deadlock. On SQLite the locks are no-ops; SQLite serialises writers.

- Whatever writes totals, standings or ranks (a round close, a director's correction,
  the finish) holds the event's lock FOR UPDATE, so those run one after the other.
- A round close (and anything else that changes a round) takes the round FOR UPDATE.
- A result entry, confirmation or correction takes the round FOR SHARE: entries at
  different tables of one round proceed together, and a close waits for the entries in
  flight (an entry that waited for a close then sees the round closed). The entry then
  takes its table FOR NO KEY UPDATE, which orders the entries of one table (two sides
  entering the same board) without blocking the foreign-key checks of the close's
  inserts; then the result row, if there is one.
"""

from __future__ import annotations

from django.apps import apps
from django.db import connection
from django.db.models import Exists

from . import lock_order
from .lock_order import lock_rank
from .models import Board, Entry, Event, IdempotencyKey, Result, Round, Table, TableSeat


@lock_rank(lock_order.EVENT)
def event_for_update(event_id: int) -> Event:
    return Event.objects.select_for_update(of=("self",)).get(pk=event_id)


@lock_rank(lock_order.ROUND)
def round_for_update(round_id: int) -> Round:
    return Round.objects.select_for_update(of=("self",)).select_related("event").get(pk=round_id)


@lock_rank(lock_order.ROUND)
def round_of_event_for_update(*, event: Event, number: int) -> Round | None:
    """Round ``number`` of ``event``, locked (after the event's lock), or None."""
    return Round.objects.select_for_update(of=("self",)).filter(event=event, number=number).first()


@lock_rank(lock_order.ROUND)
def round_for_share(round_id: int) -> None:
    """A shared lock on the round (PostgreSQL ``FOR SHARE``; Django has no API for it).

    Read the round after taking it (``table_for_update`` does): under READ COMMITTED a
    statement after the lock sees a close that committed while this one waited."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT id FROM {Round._meta.db_table} WHERE id = %s FOR SHARE", [round_id])


@lock_rank(lock_order.TABLE)
def table_for_update(table_id: int) -> Table:
    """The table locked, with its round and event (read after ``round_for_share``)."""
    return (
        Table.objects.select_for_update(no_key=True, of=("self",))
        .select_related("round__event")
        .get(pk=table_id)
    )


@lock_rank(lock_order.RESULT)
def result_for_update(result_id: int) -> Result:
    return (
        Result.objects.select_for_update(of=("self",))
        .select_related("table", "board")
        .get(pk=result_id)
    )


@lock_rank(lock_order.RESULT)
def result_at_table_for_update(*, table: Table, board: Board) -> Result | None:
    return Result.objects.select_for_update(of=("self",)).filter(table=table, board=board).first()


@lock_rank(lock_order.ENTRY)
def entry_for_update(entry_id: int) -> Entry:
    return Entry.objects.select_for_update(of=("self",)).get(pk=entry_id)


@lock_rank(lock_order.ENTRY)
def pending_entries_for_update(*, event: Event, player_ids, keep: int | None = None) -> list[Entry]:
    """The pending registrations of ``event`` that name any of ``player_ids`` (but
    ``keep``), locked in ascending id order; the caller holds the event's lock."""
    entries = Entry.objects.filter(
        event=event, status=Entry.Status.PENDING, members__player_id__in=list(player_ids)
    )
    if keep is not None:
        entries = entries.exclude(pk=keep)
    ids = sorted(set(entries.values_list("pk", flat=True)))
    return list(Entry.objects.select_for_update(of=("self",)).filter(pk__in=ids).order_by("pk"))


@lock_rank(lock_order.IDEMPOTENCY_KEY)
def idempotency_key_for_update(*, user, key: str) -> IdempotencyKey:
    return IdempotencyKey.objects.select_for_update(of=("self",)).get(user=user, key=key)


# -- the scoring pool (after the sitting's round and table, as every result entry) -------


@lock_rank(lock_order.POOL_BOARD)
def pool_board_for_update(*, board_id: int, robots_at: int | None = None):
    """A pool board's places and results: its arrivals are scored one at a time. With
    ``robots_at`` (a table id), the same query reads the seats robot accounts hold at
    that table, as ``robot_seats`` ("ESW"; "" for four people): an arrival's one read
    of its table's line-up (``docs/rules.md`` § Robots, the pool)."""
    PoolBoard = apps.get_model("tournaments", "PoolBoard")
    rows = PoolBoard.objects.select_for_update(of=("self",))
    if robots_at is not None:
        robots = TableSeat.objects.filter(table_id=robots_at, player__is_robot=True)
        rows = rows.annotate(
            **{f"robot_{s}": Exists(robots.filter(seat=s)) for s in ROBOT_SEAT_ORDER}
        )
    board = rows.get(board_id=board_id)
    board.robot_seats = "".join(s for s in ROBOT_SEAT_ORDER if getattr(board, f"robot_{s}", False))
    return board


#: The order a table's robot seats are written in (``PoolResult.robot_seats``).
ROBOT_SEAT_ORDER = "NESW"


@lock_rank(lock_order.POOL_SETTINGS)
def pool_settings_for_update(*, event_id: int):
    """The pool's arrival counter, last: every result's place in the arrival order."""
    PoolSettings = apps.get_model("tournaments", "PoolSettings")
    return (
        PoolSettings.objects.select_for_update(of=("self",))
        .select_related("event")
        .get(event_id=event_id)
    )
