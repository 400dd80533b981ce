"""The embedded default's SQLite (config/settings/base.py; docs/operations.md § Why one
process): the server's threads (requests, the clock, robots) write one at a time and
never fail with "database is locked"."""

from __future__ import annotations

import contextlib
import runpy
import threading
from pathlib import Path

from django.db.utils import ConnectionHandler

BASE = Path(__file__).resolve().parents[1] / "config" / "settings" / "base.py"


def embedded_database(monkeypatch, path: Path) -> dict:
    """The database settings of the embedded default, on the file ``path``."""
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{path}")
    return runpy.run_path(str(BASE))["DATABASES"]["default"]


def test_two_threads_that_read_then_write_both_commit(tmp_path, monkeypatch, django_db_blocker):
    """Each thread reads, then writes, in one transaction, as a request or a robot's
    turn does. Under SQLite's default (deferred) transactions both hold a read lock
    when they ask to write, and one is refused at once ("database is locked"), whatever
    the timeout. A transaction that takes the write lock when it begins waits instead."""
    config = embedded_database(monkeypatch, tmp_path / "demo.sqlite3")
    with django_db_blocker.unblock():  # a database of its own, not the tests'
        _read_then_write_in_two_threads(config)


def _read_then_write_in_two_threads(config: dict) -> None:
    handler = ConnectionHandler({"default": config})
    with handler["default"].cursor() as cursor:
        cursor.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER)")
    handler["default"].close()
    both_read = threading.Barrier(2)
    errors: list[Exception] = []

    def work(n: int) -> None:
        connection = handler["default"]  # this thread's own connection
        try:
            connection.ensure_connection()
            # what transaction.atomic() begins with (on this connection of its own)
            connection._start_transaction_under_autocommit()
            with connection.cursor() as cursor:
                cursor.execute("SELECT COUNT(*) FROM t")
                # both have read, unless one waits to begin
                with contextlib.suppress(threading.BrokenBarrierError):
                    both_read.wait(timeout=1)
                cursor.execute("INSERT INTO t (n) VALUES (%s)", [n])
                cursor.execute("COMMIT")
        except Exception as error:  # noqa: BLE001 - the test reports it
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=work, args=(n,)) for n in (1, 2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert errors == []
    with handler["default"].cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM t")
        assert cursor.fetchone()[0] == 2
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone()[0] == "wal"  # readers never wait for a writer
    handler["default"].close()
