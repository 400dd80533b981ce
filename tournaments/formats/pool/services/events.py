"""The pool event: created with its board library, which grows as tables need boards
(``docs/rules.md`` § The scoring pool)."""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from django.db.models import Max
from django.utils.translation import gettext as _

import scoring
from accounts.models import User

from ....deals import deal_generate
from ....dispatch import dispatch_on_commit
from ....errors import BridgeError
from ....models import (
    Board,
    Event,
    PoolBoard,
    PoolSettings,
)
from ....services.events import event_create
from ...creation import Creation

if TYPE_CHECKING:
    from ...base import Format

# -- the event ----------------------------------------------------------------------------


def pool_creation_check(
    fmt: Format,
    *,
    start_at: datetime,
    now: datetime,
    ends_at: datetime,
    boards: int = 0,
    boards_per_table: int = 4,
    minutes_per_board: int = 8,
    score_at: int = 6,
    retire_at: int = 40,
    robot_seats: int = 3,
    rng: random.Random | None = None,
    analyse: bool = True,
) -> Creation:
    """A pool's settings, checked: open from ``start_at`` to ``ends_at``, with
    ``boards`` boards dealt into its library at its creation, robots allowed in up to
    ``robot_seats`` seats of a table (``analyse``: queue their
    analysis; a simulation may skip it)."""
    if ends_at <= start_at:
        raise BridgeError(_("The pool must close after it opens."), code="ends_at")
    if ends_at <= now:
        raise BridgeError(_("The pool's closing time is in the past."), code="ends_at")
    if ends_at - start_at > timedelta(days=31):
        raise BridgeError(_("A pool is open for at most 31 days."), code="ends_at")
    if not 1 <= boards_per_table <= 8:
        raise BridgeError(_("A table plays from 1 to 8 boards."), code="boards_per_table")
    if not 1 <= minutes_per_board <= 30:
        raise BridgeError(_("A board takes from 1 to 30 minutes."), code="minutes_per_board")
    if not 2 <= score_at <= retire_at <= 200:
        raise BridgeError(
            _("Scoring needs at least 2 results, and no more than a board's last place."),
            code="score_at",
        )
    if not 0 <= robot_seats <= 3:
        raise BridgeError(_("Robots may fill from 0 to 3 seats of a table."), code="robot_seats")
    if not 0 <= boards <= 5000:
        raise BridgeError(_("A library holds up to 5000 boards to start with."), code="boards")
    rows = {
        "ends_at": ends_at,
        "boards_per_table": boards_per_table,
        "minutes_per_board": minutes_per_board,
        "score_at": score_at,
        "retire_at": retire_at,
        "robot_seats": robot_seats,
        "boards": boards,
        "rng": rng,
        "analyse": analyse,
    }
    return Creation(method=Event.Method.IMP, rows=rows, log={"kind": "pool"})


def pool_rows_create(
    *, event: Event, boards: int, rng: random.Random | None, analyse: bool, **settings
) -> None:
    """A new pool's settings and the first boards of its library."""
    PoolSettings.objects.create(event=event, **settings)
    library_extend(event=event, count=boards, rng=rng, analyse=analyse)


def pool_create(
    *,
    name: str,
    start_at: datetime,
    ends_at: datetime,
    director: User | None = None,
    now: datetime | None = None,
    **settings,
) -> Event:
    """A pool event open from ``start_at`` to ``ends_at`` (``event_create``; the
    settings are ``pool_creation_check``'s), with its library dealt now (more are dealt
    whenever a table finds too few). ``director`` must be a director."""
    event = event_create(
        name=name,
        kind=Event.Kind.POOL,
        start_at=start_at,
        ends_at=ends_at,
        user=director,
        now=now,
        **settings,
    )
    return Event.objects.get(pk=event.pk)


def library_extend(
    *, event: Event, count: int, rng: random.Random | None = None, analyse: bool = True
) -> list[Board]:
    """Deal ``count`` new boards into the pool's library (numbers continue); the worker
    analyses them (``analyse``: a simulation may skip it)."""
    if count <= 0:
        return []
    last = Board.objects.filter(event=event).aggregate(n=Max("number"))["n"] or 0
    boards = Board.objects.bulk_create(
        Board(
            event=event,
            number=n,
            dealer=scoring.board_dealer(n),
            vulnerability=scoring.board_vulnerability(n),
            deal=deal_generate(rng=rng),
        )
        for n in range(last + 1, last + 1 + count)
    )
    if boards and boards[0].pk is None:  # backends that do not return ids
        boards = list(Board.objects.filter(event=event, number__gt=last).order_by("number"))
    PoolBoard.objects.bulk_create(PoolBoard(board=b, event=event) for b in boards)
    if analyse:
        ids = [b.pk for b in boards]
        for i in range(0, len(ids), 50):
            dispatch_on_commit("tournaments.tasks.analyse_boards", ids[i : i + 50])
    return boards
