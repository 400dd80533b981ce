"""Fast bulk updates: one ``UPDATE ... FROM (VALUES ...)`` per batch.

Django's ``bulk_update`` builds a ``CASE WHEN`` per field and row, which is slow for the
thousands of rows a round close writes. PostgreSQL and SQLite (3.33+) both support
``UPDATE ... FROM``; values are passed as parameters, never formatted into the SQL.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.db import connection, models

PG_TYPES = {
    "FloatField": "double precision",
    "IntegerField": "integer",
    "PositiveIntegerField": "integer",
    "PositiveSmallIntegerField": "smallint",
    "BooleanField": "boolean",
    "BigAutoField": "bigint",
    "CharField": "text",
    "DateTimeField": "timestamp with time zone",
}


def bulk_set(
    model: type[models.Model],
    objs: Iterable[models.Model],
    fields: Sequence[str],
    *,
    batch_size: int = 2000,
) -> int:
    """Write ``fields`` of ``objs`` (already set in memory) to the database by pk."""
    objs = list(objs)
    if not objs:
        return 0
    meta = model._meta
    pk = meta.pk
    columns = [meta.get_field(f) for f in fields]
    qn = connection.ops.quote_name
    pg = connection.vendor == "postgresql"

    def placeholder(field) -> str:
        if pg:
            return f"%s::{PG_TYPES[field.get_internal_type()]}"
        return "%s"

    row_sql = "(" + ", ".join(placeholder(f) for f in [pk, *columns]) + ")"
    names = ", ".join(qn(c) for c in ["id__", *(f.column for f in columns)])
    sets = ", ".join(f"{qn(f.column)} = v.{qn(f.column)}" for f in columns)
    table = qn(meta.db_table)
    done = 0
    with connection.cursor() as cursor:
        for start in range(0, len(objs), batch_size):
            batch = objs[start : start + batch_size]
            params: list = []
            for obj in batch:
                params.append(obj.pk)
                params.extend(
                    f.get_db_prep_save(getattr(obj, f.attname), connection) for f in columns
                )
            values = ", ".join([row_sql] * len(batch))
            if pg:
                sql = (
                    f"UPDATE {table} SET {sets} FROM (VALUES {values}) AS v({names}) "
                    f"WHERE {table}.{qn(pk.column)} = v.{qn('id__')}"
                )
            else:
                # SQLite names VALUES columns column1, column2, ...
                cols = ", ".join(
                    f"column{i + 1} AS {qn(n)}"
                    for i, n in enumerate(["id__", *(f.column for f in columns)])
                )
                sql = (
                    f"UPDATE {table} SET {sets} FROM (SELECT {cols} FROM (VALUES {values})) AS v "
                    f"WHERE {table}.{qn(pk.column)} = v.{qn('id__')}"
                )
            cursor.execute(sql, params)
            done += len(batch)
    return done


def bulk_insert(
    model: type[models.Model], rows: Iterable[dict], *, ignore_conflicts: bool = False
) -> int:
    """Insert plain rows (``{attname: value}``; a missing field takes its default) in
    one ``COPY`` on PostgreSQL, one ``executemany`` elsewhere: for the hundred thousand
    rows of a weekly job, where ``bulk_create`` spends its time building instances.
    ``ignore_conflicts``: a row that would break a unique constraint is skipped (copied
    to a temporary table first, then ``INSERT ... ON CONFLICT DO NOTHING``)."""
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    defaults = {
        f.attname: f.get_default() if f.has_default() or not f.null else None for f in fields
    }
    names = [connection.ops.quote_name(f.column) for f in fields]
    table = connection.ops.quote_name(model._meta.db_table)
    done = 0

    # numbers, text, booleans, datetimes and keys go to the driver as they are
    plain = {"FloatField", "IntegerField", "PositiveIntegerField", "BigIntegerField",
             "PositiveSmallIntegerField", "SmallIntegerField", "CharField", "TextField",
             "BooleanField", "ForeignKey", "DateTimeField", "OneToOneField"}  # fmt: skip
    prep = [None if f.get_internal_type() in plain else f for f in fields]
    keys = [f.attname for f in fields]

    def values():
        nonlocal done
        for row in rows:
            done += 1
            out = [row.get(k, defaults[k]) for k in keys]
            for i, f in enumerate(prep):
                if f is not None:
                    out[i] = f.get_db_prep_save(out[i], connection)
            yield out

    columns = ", ".join(names)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            target = table
            if ignore_conflicts:
                target = connection.ops.quote_name("bulk_insert_rows")
                cursor.execute(f"DROP TABLE IF EXISTS {target}")
                cursor.execute(
                    f"CREATE TEMPORARY TABLE {target} AS SELECT {columns} FROM {table} WITH NO DATA"
                )
            with cursor.cursor.copy(f"COPY {target} ({columns}) FROM STDIN") as copy:
                for row in values():
                    copy.write_row(row)
            if ignore_conflicts:
                cursor.execute(
                    f"INSERT INTO {table} ({columns}) SELECT {columns} FROM {target} "
                    "ON CONFLICT DO NOTHING"
                )
                cursor.execute(f"DROP TABLE {target}")
        else:
            marks = ", ".join(["%s"] * len(names))
            verb = "INSERT OR IGNORE" if ignore_conflicts else "INSERT"
            cursor.executemany(f"{verb} INTO {table} ({columns}) VALUES ({marks})", list(values()))
    return done
