"""Individual events (``docs/rules.md`` § Individual events).

Each entry is one player; partners change from round to round. A table of a round
names its four players (``TableSeat``); the table's NS and EW entries are its North's
and East's, so each side of a result has an entry, as in pairs. A player scores their
side's points on every board they played: matchpoints (raw, on the board's top) or
cross-IMPs, compared across the field as in a Howell. A total is the percentage of the
tops of the boards scored (MP) or the IMP sum.

An individual event comes from a results file (``interchange/importers/individual.py``),
finished: there is no movement of individuals to seat one here, so round 1 refuses to
start one (``round_seat``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from datetime import datetime

from django.db.models import Max, QuerySet
from django.utils.translation import gettext as _

from ..errors import ConflictError
from ..models import Board, Entry, Event, MovementSettings, Result, Round, Table
from .base import Format, Seating
from .movements.format import board_points
from .seats import SeatedPlayers
from .swiss import standings_key

MP = Event.Method.MP


class Individual(SeatedPlayers, Format):
    kind = Event.Kind.INDIVIDUAL
    settings_model = MovementSettings
    owns_totals = True
    raw_matchpoints = True
    individual = True
    late_entries = False
    results_file = "individual"
    creation = "import"
    templates = {
        "event": "tournaments/event_detail.html",
        "standings": "tournaments/_standings.html",
    }

    def creation_form(self) -> None:
        return None  # only from a results file

    def creation_serializer(self) -> None:
        return None

    # -- seating: none here --------------------------------------------------------------
    def round_seat(
        self,
        *,
        event: Event,
        rnd: Round,
        entries: Sequence[Entry],
        now: datetime,
        rng: random.Random | None = None,
    ) -> Seating:
        raise ConflictError(
            _("An individual event comes from a results file; it cannot be started here."),
            code="individual",
        )

    def round_boards(self, *, rnd: Round, tables: Sequence[Table]) -> dict[int, list[Board]]:
        boards: dict[int, list[Board]] = {t.pk: [] for t in tables}
        for r in (
            Result.objects.filter(table__in=list(tables))
            .select_related("board")
            .order_by("board__number")
        ):
            boards[r.table_id].append(r.board)
        return boards

    def table_plays(self, *, table: Table, board: Board) -> bool:
        return Result.objects.filter(table=table, board=board).exists()

    def boards_in_play(self, *, event: Event) -> QuerySet[Board]:
        return Board.objects.none()  # finished when it exists

    def board_in_play(self, *, board: Board) -> bool:
        return False

    def boards_dealt(self, *, event: Event) -> int:
        return Board.objects.filter(event=event).aggregate(n=Max("number"))["n"] or 0

    def boards_numbered(self, *, event: Event) -> int:
        return self.boards_dealt(event=event)

    # -- scoring: across the field, on the top of the tables that played the board -----
    def file_results_score(self, *, event: Event, results: Sequence[Result]) -> None:
        """Raw matchpoints, as the event scores its boards."""
        self.boards_score(event=event, results=results)

    def boards_score(self, *, event: Event, results: Sequence[Result]) -> None:
        lines = Counter(r.board_id for r in results if r.status != Result.Status.CUT)
        board_points(
            results,
            method=event.method,
            expected=dict(lines),
            factoring=event.settings.mp_factoring,
            hcp_table=event.hcp_par_table,
        )

    # -- totals ---------------------------------------------------------------------------
    def totals_recompute(self, **kwargs) -> list[Entry]:
        return []  # a finished event's totals are its file's

    def standings_rebuild(self, *, event: Event) -> list[Entry]:
        return []

    def standings_key(self, entry: Entry):
        return standings_key(entry)

    def rank(self, *, event: Event, entries: Sequence[Entry]) -> list[list[Entry]]:
        ranked = sorted((e for e in entries if e.rank), key=lambda e: e.rank)
        return [ranked]
