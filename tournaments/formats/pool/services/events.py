"""The pool event: created with its board library, which grows as tables need boards
(``docs/rules.md`` § The scoring pool)."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
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
from ....permissions import director_required
from ....services.audit import log_action

# -- the event ----------------------------------------------------------------------------


def pool_create(
    *,
    name: str,
    start_at: datetime,
    ends_at: datetime,
    director: User | None = None,
    boards: int = 0,
    boards_per_table: int = 4,
    minutes_per_board: int = 8,
    score_at: int = 6,
    retire_at: int = 40,
    lead_required: bool = True,
    online_play: bool = True,
    undo_allowed: bool = True,
    time_zone: str | None = None,
    rng: random.Random | None = None,
    now: datetime | None = None,
    analyse: bool = True,
) -> Event:
    """A pool event open from ``start_at`` to ``ends_at`` with ``boards`` boards dealt
    into its library now (more are dealt whenever a table finds too few)."""
    now = now or timezone.now()
    if director is not None:
        director_required(user=director)
    if not name.strip():
        raise BridgeError(_("An event needs a name."), code="name")
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
    if not 0 <= boards <= 5000:
        raise BridgeError(_("A library holds up to 5000 boards to start with."), code="boards")
    with transaction.atomic(durable=True):
        event = Event.objects.create(
            name=name.strip(),
            kind=Event.Kind.POOL,
            start_at=start_at,
            director=director,
            method=Event.Method.IMP,
            lead_required=lead_required,
            online_play=online_play,
            undo_allowed=bool(undo_allowed),
            next_transition_at=start_at,
            **({"time_zone": time_zone} if time_zone else {}),
        )
        PoolSettings.objects.create(
            event=event,
            ends_at=ends_at,
            boards_per_table=boards_per_table,
            minutes_per_board=minutes_per_board,
            score_at=score_at,
            retire_at=retire_at,
        )
        library_extend(event=event, count=boards, rng=rng, analyse=analyse)
        log_action(event=event, actor=director, action="event_create", data={"kind": "pool"})
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
