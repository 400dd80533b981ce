"""Starting a table: its players' entries, its boards from the library, its sitting
(``docs/rules.md`` § The scoring pool)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import datetime, timedelta
from functools import partial

from django.db import transaction
from django.db.models import F, Max, Min

from accounts.models import User

from ....models import (
    Entry,
    EntryMember,
    Event,
    PoolBoard,
    PoolDeal,
    Round,
    Table,
    TableSeat,
)
from ....services.audit import log_action
from ....signals import tables_opened
from .events import library_extend

SEATS = ("N", "S", "E", "W")


def entry_of_player(*, event: Event, player: User) -> Entry:
    """The player's own entry in the pool (made at their first table). A robot's entry
    has no registration order: it only names a table's side, and is no player of the
    event's standings (``docs/rules.md`` § Robots, the pool)."""
    member = EntryMember.objects.filter(event=event, player=player).select_related("entry").first()
    if member is not None:
        return member.entry
    if player.is_robot:
        order = None
    else:
        order = (Entry.objects.filter(event=event).aggregate(n=Max("registration_order"))["n"]) or 0
        order += 1
    entry = Entry.objects.create(
        event=event, status=Entry.Status.CONFIRMED, registration_order=order
    )
    EntryMember.objects.create(event=event, entry=entry, player=player, position=1)
    return entry


# -- dealing ------------------------------------------------------------------------------


def _pick(qs, k: int, rng: random.Random, lo: int, hi: int) -> list[int]:
    """Up to ``k`` board ids of ``qs`` from a random starting point (not the oldest)."""
    if k <= 0:
        return []
    pivot = rng.randint(lo, hi) if hi >= lo else 0
    got = list(
        qs.filter(board_id__gte=pivot).order_by("board_id").values_list("board_id", flat=True)[:k]
    )
    if len(got) < k:
        got += list(
            qs.filter(board_id__lt=pivot)
            .order_by("board_id")
            .values_list("board_id", flat=True)[: k - len(got)]
        )
    return got


def boards_pick(
    *, event: Event, player_ids: Sequence[int], k: int, rng: random.Random | None = None
) -> list[int]:
    """The ids of ``k`` boards to deal to a table of ``player_ids`` (fewer if the
    library runs short): never a board one of them was dealt, never a retired one nor
    one whose places are all taken; first boards on their way to being scored (1 to 5
    results or tables), then, slot by slot at random, boards already scored and fresh
    ones. Each group is read from a random starting board, not oldest first."""
    rng = rng or random.Random()
    settings = event.settings
    seen = PoolDeal.objects.filter(event=event, player_id__in=list(player_ids)).values("board_id")
    base = PoolBoard.objects.filter(
        event=event, retired=False, taken__lt=settings.retire_at
    ).exclude(board_id__in=seen)
    span = PoolBoard.objects.filter(event=event).aggregate(lo=Min("board_id"), hi=Max("board_id"))
    lo, hi = span["lo"] or 0, span["hi"] or 0
    chosen = _pick(base.filter(taken__gte=1, taken__lt=settings.score_at), k, rng, lo, hi)
    if len(chosen) < k:
        need = k - len(chosen)
        fresh = _pick(base.filter(taken=0), need, rng, lo, hi)
        scored = _pick(base.filter(taken__gte=settings.score_at), need, rng, lo, hi)
        while len(chosen) < k and (fresh or scored):
            source = fresh if (fresh and (not scored or rng.random() < 0.5)) else scored
            chosen.append(source.pop(0))
    return chosen


def table_start(*, event: Event, seats: dict[str, User], now: datetime, rng) -> Table:
    """Seat four players at a new table and deal it its boards (under the event lock).
    Robot accounts among them are dealt boards they played before: only the people's
    boards are never repeated. The table's robots wake after the commit
    (``tables_opened``)."""
    rng = rng or random.Random()
    settings = event.settings
    ids = [seats[s].pk for s in SEATS]
    people = [seats[s].pk for s in SEATS if not seats[s].is_robot]
    chosen = boards_pick(event=event, player_ids=people, k=settings.boards_per_table, rng=rng)
    if len(chosen) < settings.boards_per_table:
        extra = library_extend(event=event, count=settings.boards_per_table - len(chosen), rng=rng)
        chosen += [b.pk for b in extra]
    entries = {s: entry_of_player(event=event, player=seats[s]) for s in SEATS}
    number = (Round.objects.filter(event=event).aggregate(n=Max("number"))["n"] or 0) + 1
    ends = now + timedelta(minutes=settings.minutes_per_board * len(chosen))
    sitting = Round.objects.create(
        event=event, number=number, status=Round.Status.OPEN, starts_at=now, ends_at=ends,
        opened_at=now,
    )  # fmt: skip
    table = Table.objects.create(
        event=event, round=sitting, number=number, ns=entries["N"], ew=entries["E"]
    )
    TableSeat.objects.bulk_create(TableSeat(table=table, seat=s, player=seats[s]) for s in SEATS)
    PoolDeal.objects.bulk_create(
        PoolDeal(
            event=event,
            table=table,
            board_id=b,
            player=seats[s],
            seat=s,
            robot=seats[s].is_robot,
        )  # fmt: skip
        for b in chosen
        for s in SEATS
    )
    # Deals hold the event's lock, so no other table takes these places meanwhile.
    PoolBoard.objects.filter(board_id__in=chosen).update(taken=F("taken") + 1)
    if event.next_transition_at is None or ends < event.next_transition_at:
        Event.objects.filter(pk=event.pk).update(next_transition_at=ends)
        event.next_transition_at = ends
    data = {"table": number, "players": ids, "boards": chosen}
    if len(people) < len(ids):
        data["robots"] = "".join(s for s in "NESW" if seats[s].is_robot)
    log_action(event=event, action="pool_table", round_number=number, data=data)
    transaction.on_commit(
        partial(tables_opened.send, sender=Table, event=event, table_ids=[table.pk])
    )
    table.player_ids = ids
    return table
