"""The one lock order across the apps (``docs/rules.md`` § Concurrency), and its check.

Each lock helper (``lock_objects.py`` of ``tournaments``, ``ladders`` and ``ratings``)
declares its rank with :func:`lock_rank`. A job takes its locks in ascending rank, never
back; several rows of one rank are taken in id order by the helper that locks them.

The check is off unless ``settings.LOCK_ORDER_CHECK`` (the test settings turn it on):
then a thread remembers the highest rank it took in its outermost transaction (the
test's own wrapping transaction does not count), and a lock of a lower rank raises
:class:`LockOrderError`. Off, a helper costs one flag test more.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial, wraps
from typing import ParamSpec, TypeVar

from django.conf import settings
from django.db import connection

P = ParamSpec("P")
R = TypeVar("R")

# The ranks, in the order a job takes them (docs/rules.md § Concurrency).
IDEMPOTENCY_KEY = 0
EVENT = 10
ROUND = 20
TABLE = 30
BOARD_PLAY = 35  # a board played online at the table (online/lock_objects.py)
RESULT = 40
ENTRY = 50
POOL_BOARD = 60
POOL_SETTINGS = 70
RATE_JOBS = 80
RATE_WEEK = 90
PLAYER_RATE = 100
LADDER = 110
CHALLENGE = 120
PRACTICE_BOARD = 130  # a board of a practice session (practice/lock_objects.py)


class LockOrderError(RuntimeError):
    """A lock taken after one of a higher rank in the same transaction."""


_local = threading.local()


def lock_rank(rank: int) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Declare the rank of a lock helper; with the check on, record (and check) it."""

    def decorate(fn: Callable[P, R]) -> Callable[P, R]:
        @wraps(fn)
        def locked(*args: P.args, **kwargs: P.kwargs) -> R:
            rows = fn(*args, **kwargs)
            if settings.LOCK_ORDER_CHECK and not getattr(_local, "exempt", 0):
                keys = _row_keys(rows) or {(fn.__qualname__, repr(args), repr(kwargs))}
                lock_order_record(rank=rank, name=fn.__qualname__, keys=keys)
            return rows

        locked.lock_rank = rank  # type: ignore[attr-defined]
        return locked

    return decorate


def _row_keys(rows: object) -> set[tuple]:
    """The rows a helper locked (a model instance, a list of them), by model and id."""
    items = rows if isinstance(rows, list) else [rows]
    return {(item._meta.label, item.pk) for item in items if hasattr(item, "_meta")}


@contextmanager
def lock_order_exempt() -> Iterator[None]:
    """Locks of rows the transaction has just created (no other job knows them yet, so
    no one can wait for them): outside the order. ``docs/rules.md`` § Concurrency."""
    _local.exempt = getattr(_local, "exempt", 0) + 1
    try:
        yield
    finally:
        _local.exempt -= 1


@dataclass
class _Held:
    """What a thread's outermost transaction (``token``) has locked so far."""

    token: object
    rank: int = -1
    name: str = ""
    keys: set[tuple] = field(default_factory=set)


@contextmanager
def lock_order_jobs() -> Iterator[None]:
    """Several jobs run one after the other in one transaction (a simulation's table):
    each job's own atomic block starts the order again, as its own transaction would."""
    floors = getattr(_local, "floors", [])
    _local.floors = [*floors, len(connection.atomic_blocks)]
    try:
        yield
    finally:
        _local.floors = floors


def _commit_marker() -> None:
    """A no-op commit hook: while it is registered, the outermost transaction is the one
    that registered it (a commit runs it and a rollback drops it)."""


def _transaction_token() -> object | None:
    """What names the thread's outermost own transaction, or None outside one."""
    blocks = connection.atomic_blocks
    # Django marks the atomic blocks of a test case; they are not the job's transaction.
    floors = getattr(_local, "floors", None)
    floor = floors[-1] if floors else 0
    own = [
        i
        for i, block in enumerate(blocks)
        if i >= floor and not getattr(block, "_from_testcase", False)
    ]
    if not own:
        return None
    first = own[0]
    if first > 0:  # a savepoint inside the test's transaction: its name is unique
        return (id(connection), connection.savepoint_ids[first - 1] or id(blocks[first]))
    held = getattr(_local, "held", None)
    if held is not None and any(hook is held.token for _, hook, *_ in connection.run_on_commit):
        return held.token
    marker = partial(_commit_marker)  # a fresh object each transaction
    connection.on_commit(marker)
    return marker


def lock_order_record(*, rank: int, name: str, keys: set[tuple]) -> None:
    """Remember the rows ``keys`` locked at ``rank`` in this transaction; raise if one of
    a higher rank was taken before them (locking again rows it holds never waits)."""
    token = _transaction_token()
    if token is None:
        return
    held = getattr(_local, "held", None)
    if held is None or held.token != token:
        held = _local.held = _Held(token=token)
    if keys <= held.keys:
        return
    if rank < held.rank:
        raise LockOrderError(
            f"{name} (rank {rank}) is locked after {held.name} (rank {held.rank}): "
            "see docs/rules.md § Concurrency"
        )
    held.keys |= keys
    held.rank, held.name = rank, name
