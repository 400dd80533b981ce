"""Every row lock of the tournaments app is taken here, in one order:
event, then round, then table, then result.

Concurrent jobs (a beat tick, a director's close, a player's submission) therefore
cannot deadlock. On SQLite the locks are no-ops; SQLite serialises writers.

- A round close (and anything else that changes a round) takes the round FOR UPDATE.
- A result entry, confirmation or correction takes the round FOR SHARE: entries at
  different tables of one round proceed together, and a close waits for the entries in
  flight (an entry that waited for a close then sees the round closed). The entry then
  takes its table FOR NO KEY UPDATE, which orders the entries of one table (two sides
  entering the same board) without blocking the foreign-key checks of the close's
  inserts; then the result row, if there is one.
"""

from django.db import connection

from .models import Event, Result, Round, Table


def event_for_update(event_id: int) -> Event:
    return Event.objects.select_for_update(of=("self",)).get(pk=event_id)


def round_for_update(round_id: int) -> Round:
    return Round.objects.select_for_update(of=("self",)).select_related("event").get(pk=round_id)


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
    return Result.objects.select_for_update(of=("self",)).select_related("table").get(pk=result_id)
