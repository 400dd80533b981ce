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
