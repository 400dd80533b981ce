"""Every row lock is taken here, in one order (``docs/rules.md`` § Concurrency):

0. a request's idempotency key (only that request's own replays ever wait on it),
1. the event,
2. its round,
3. a table,
4. a result,
5. an entry (registration); several entries of one event in ascending id order
   (``pending_entries_for_update``: a pair completes and its players' other pending
   invitations are cancelled, under the event's lock).

Ladders (``docs/rules.md`` § Ladder) lock after the event of a ladder match:

6. a ladder: every challenge and every change of positions on it (issue, answer,
   forfeit, a match's result, a director's action) takes the ladder FOR UPDATE first,
   so the positions are changed by one job at a time;
7. then the challenge it changes.

A ladder job holding the ladder lock never waits for the lock of an existing event (it
only locks the new match event it creates, which no one else knows yet), while a
match's result arrives holding its event's lock and then takes the ladder's: no cycle.

The scoring pool (``docs/rules.md`` § The scoring pool): starting or closing a table
holds the pool's event (1), then the table's round (2); a result's arrival holds its
round FOR SHARE and its table (2, 3) as every entry does, then

8. the pool board it is on (its results are numbered and scored one at a time),
9. the pool's arrival counter (``PoolSettings``), always last.

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

from .models import Board, Entry, Event, IdempotencyKey, Result, Round, Table


def event_for_update(event_id: int) -> Event:
    return Event.objects.select_for_update(of=("self",)).get(pk=event_id)


def round_for_update(round_id: int) -> Round:
    return Round.objects.select_for_update(of=("self",)).select_related("event").get(pk=round_id)


def round_of_event_for_update(*, event: Event, number: int) -> Round | None:
    """Round ``number`` of ``event``, locked (after the event's lock), or None."""
    return Round.objects.select_for_update(of=("self",)).filter(event=event, number=number).first()


def round_for_share(round_id: int) -> None:
    """A shared lock on the round (PostgreSQL ``FOR SHARE``; Django has no API for it).

    Read the round after taking it (``table_for_update`` does): under READ COMMITTED a
    statement after the lock sees a close that committed while this one waited."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT id FROM {Round._meta.db_table} WHERE id = %s FOR SHARE", [round_id])


def table_for_update(table_id: int) -> Table:
    """The table locked, with its round and event (read after ``round_for_share``)."""
    return (
        Table.objects.select_for_update(no_key=True, of=("self",))
        .select_related("round__event")
        .get(pk=table_id)
    )


def result_for_update(result_id: int) -> Result:
    return (
        Result.objects.select_for_update(of=("self",))
        .select_related("table", "board")
        .get(pk=result_id)
    )


def result_at_table_for_update(*, table: Table, board: Board) -> Result | None:
    return Result.objects.select_for_update(of=("self",)).filter(table=table, board=board).first()


def entry_for_update(entry_id: int) -> Entry:
    return Entry.objects.select_for_update(of=("self",)).get(pk=entry_id)


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


def idempotency_key_for_update(*, user, key: str) -> IdempotencyKey:
    return IdempotencyKey.objects.select_for_update(of=("self",)).get(user=user, key=key)


# -- ladders (6, 7): by app label, so that ``tournaments`` imports nothing of ``ladders``


def ladder_for_update(ladder_id: int):
    Ladder = apps.get_model("ladders", "Ladder")
    return Ladder.objects.select_for_update(of=("self",)).get(pk=ladder_id)


def challenge_for_update(challenge_id: int):
    """A challenge, locked after its ladder."""
    Challenge = apps.get_model("ladders", "Challenge")
    return (
        Challenge.objects.select_for_update(of=("self",))
        .select_related("ladder", "challenger__captain", "defender__captain")
        .get(pk=challenge_id)
    )


def challenges_for_update(*, ladder, ids: list[int]) -> list:
    """Challenges of ``ladder`` (already locked), locked in id order."""
    Challenge = apps.get_model("ladders", "Challenge")
    return list(
        Challenge.objects.select_for_update(of=("self",))
        .filter(ladder=ladder, pk__in=ids)
        .order_by("pk")
    )


# -- the scoring pool (after the sitting's round and table, as every result entry) -------


def pool_board_for_update(*, board_id: int):
    """A pool board's places and results: its arrivals are scored one at a time."""
    PoolBoard = apps.get_model("tournaments", "PoolBoard")
    return PoolBoard.objects.select_for_update(of=("self",)).get(board_id=board_id)


def pool_settings_for_update(*, event_id: int):
    """The pool's arrival counter, last: every result's place in the arrival order."""
    PoolSettings = apps.get_model("tournaments", "PoolSettings")
    return (
        PoolSettings.objects.select_for_update(of=("self",))
        .select_related("event")
        .get(event_id=event_id)
    )


# -- the Rate (``docs/rules.md`` § The Rate): never together with the locks above ---------

RATE_JOBS_LOCK = 7_151_001  # the advisory lock key of the Rate's jobs


def rate_jobs_lock() -> None:
    """One Rate job at a time (rating a week, refreshing this week's points), until the
    transaction ends: a PostgreSQL advisory lock (SQLite serialises writers anyway)."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s)", [RATE_JOBS_LOCK])


def rate_week_for_update(*, week: str):
    """A rated week's row, after ``rate_jobs_lock``."""
    RateWeek = apps.get_model("ratings", "RateWeek")
    return RateWeek.objects.select_for_update(of=("self",)).get(week=week)


def player_rate_for_update(*, player_id: int):
    """A player's Rate row (its master points and tier change with the ledger)."""
    PlayerRate = apps.get_model("ratings", "PlayerRate")
    return PlayerRate.objects.select_for_update(of=("self",)).get(player_id=player_id)
