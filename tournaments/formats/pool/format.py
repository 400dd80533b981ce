"""The duplicate scoring pool (``docs/rules.md`` § The scoring pool).

No rounds: any four ready players start a table, a *sitting* (a ``Round`` of its own,
one ``Table``, its own clock), and are dealt boards from the pool's library
(``services/``). A table plays the boards dealt to it; a result is scored when
it arrives (``scores_on_arrival``), by datum IMPs against the trimmed average of the
board's results. A board stays secret until a player's own table has confirmed its
result on it, and is public once retired.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.db.models import Max, QuerySet

from ...models import Board, Entry, Event, PoolDeal, PoolSettings, Result, Round, Table
from ..base import Format
from ..seats import SeatedPlayers
from . import services as pool_services


class ScoringPool(SeatedPlayers, Format):
    kind = Event.Kind.POOL
    settings_model = PoolSettings
    scores_on_arrival = True
    owns_totals = True
    own_clock = True
    results_file = "pool"
    creation = "pool"
    my_table_url = "tournaments:pool_table"
    my_table_entry_url = "tournaments:pool_table_entry"
    event_url = "tournaments:pool_lobby"
    templates = {"event": "tournaments/pool_lobby.html"}
    online_play = True

    # -- creation ---------------------------------------------------------------------
    def creation_form(self) -> type:
        from .forms import PoolForm

        return PoolForm

    def creation_serializer(self) -> type:
        from .api import PoolCreateInput

        return PoolCreateInput

    creation_check = pool_services.pool_creation_check  # (self: the format)

    def creation_rows(self, *, event: Event, **rows) -> None:
        pool_services.pool_rows_create(event=event, **rows)

    # -- boards -----------------------------------------------------------------------
    def round_boards(self, *, rnd: Round, tables: Sequence[Table]) -> dict[int, list[Board]]:
        deals = (
            PoolDeal.objects.filter(table__in=list(tables), seat="N")
            .select_related("board")
            .order_by("board__number")
        )
        out: dict[int, list[Board]] = {t.pk: [] for t in tables}
        for deal in deals:
            out[deal.table_id].append(deal.board)
        return out

    def table_plays(self, *, table: Table, board: Board) -> bool:
        return PoolDeal.objects.filter(table=table, board=board, seat="N").exists()

    def boards_in_play(self, *, event: Event) -> QuerySet[Board]:
        return Board.objects.filter(event=event, pool__retired=False)

    def board_in_play(self, *, board: Board) -> bool:
        pool = getattr(board, "pool", None)
        return pool is not None and not pool.retired

    # -- scoring (at arrival: services/scoring.py) ------------------------------------
    def boards_score(self, *, event: Event, results: Sequence[Result]) -> None:
        """Never across the field after the fact: a pool score, once given, stands."""

    def result_arrived(self, *, result: Result) -> None:
        pool_services.pool_result_arrived(result=result)

    def result_corrected(self, *, result: Result, created: bool) -> None:
        if created or not hasattr(result, "pool"):
            pool_services.pool_result_arrived(result=result)
        else:
            pool_services.pool_result_corrected(result=result)

    def clock_step(self, *, event: Event, now: datetime) -> str | None:
        return pool_services.pool_clock_step(event=event, now=now)

    def boards_dealt(self, *, event: Event) -> int:
        return Board.objects.filter(event=event).aggregate(n=Max("number"))["n"] or 0

    def standings_key(self, entry: Entry):
        return (-entry.total, -entry.boards_played, entry.registration_order or 0, entry.pk)

    def rank(self, *, event: Event, entries: Sequence[Entry]) -> list[list[Entry]]:
        ranked = sorted((e for e in entries if e.rank), key=lambda e: e.rank)
        return [ranked]

    def totals_recompute(self, **kwargs) -> list[Entry]:
        return []

    def standings_rebuild(self, *, event: Event) -> list[Entry]:
        return []
