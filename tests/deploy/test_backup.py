"""Backup and restore as ``docs/operations.md`` § Backup and restore says: ``pg_dump -Fc`` of a
database with an event and its entries, ``pg_restore`` into an empty one, rows intact."""

from __future__ import annotations

import os
import subprocess
import uuid

import psycopg
import pytest
from django.db import connection

from tests.conftest import need_postgres
from tests.deploy.conftest import database_url, need_binaries
from tournaments.models import Entry

pytestmark = [pytest.mark.postgres, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def run(*args: str) -> None:
    proc = subprocess.run(args, capture_output=True, text=True, timeout=300, env=_pg_env())
    assert proc.returncode == 0, f"{' '.join(args)}\n{proc.stdout}\n{proc.stderr}"


def _pg_env() -> dict[str, str]:
    env = dict(os.environ)
    if connection.settings_dict.get("PASSWORD"):
        env["PGPASSWORD"] = connection.settings_dict["PASSWORD"]
    return env


def test_pg_dump_and_pg_restore_keep_the_rows(make_event, tmp_path):
    need_postgres()
    bins = need_binaries("pg_dump", "pg_restore", "psql")
    # The source is this test's scratch database (pytest-django's, migrated, committed to:
    # transaction=True); the target is a second scratch database made for the restore.
    event = make_event(pairs=3, name="Backup Swiss")
    entries = sorted(Entry.objects.filter(event=event).values_list("pk", flat=True))
    assert len(entries) == 3

    dump = tmp_path / "bridgehall.dump"
    run(bins["pg_dump"], "-Fc", "--no-owner", "--file", str(dump), database_url())

    target = f"restore_{uuid.uuid4().hex[:12]}"
    run(bins["psql"], "-q", "-c", f"CREATE DATABASE {target}", database_url("postgres"))
    try:
        run(
            bins["pg_restore"],
            "--no-owner",
            "--exit-on-error",
            "--dbname",
            database_url(target),
            str(dump),
        )
        with psycopg.connect(database_url(target)) as restored:
            rows = restored.execute(
                "SELECT id, name FROM tournaments_event WHERE name = %s", ["Backup Swiss"]
            ).fetchall()
            assert rows == [(event.pk, "Backup Swiss")]
            restored_entries = [
                r[0]
                for r in restored.execute(
                    "SELECT id FROM tournaments_entry WHERE event_id = %s ORDER BY id", [event.pk]
                )
            ]
            assert restored_entries == entries
            members = restored.execute(
                "SELECT count(*) FROM tournaments_entrymember m"
                " JOIN tournaments_entry e ON e.id = m.entry_id WHERE e.event_id = %s",
                [event.pk],
            ).fetchone()[0]
            assert members == 6
            # The migration history comes along: the restored database needs no migrate.
            with connection.cursor() as cursor:
                cursor.execute("SELECT count(*) FROM django_migrations")
                applied = cursor.fetchone()[0]
            assert restored.execute("SELECT count(*) FROM django_migrations").fetchone()[0] == (
                applied
            )
    finally:
        run(
            bins["psql"],
            "-q",
            "-c",
            f"DROP DATABASE IF EXISTS {target} WITH (FORCE)",
            database_url("postgres"),
        )
