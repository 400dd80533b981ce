"""Swiss pairs (``docs/rules.md`` § Swiss pairs): the first format.

Round 1 is seated by registration order, later rounds by the standings with the pure
weighted matching of ``pairing/``; every table of a round plays the same boards, which
are scored across the field when the round closes; one field is ranked by total.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence
from datetime import datetime

from django.db.models import Count

import scoring

from ..models import Board, Entry, Event, Result, Round, SwissSettings, Table
from ..pairing import PairState, swiss_pair
from .base import Format, Seating, board_points, method_for_adjusted, round_boards_deal


def standings_key(entry: Entry):
    """Standings order: total, then more boards played, then earlier registration."""
    return (-round(entry.total, 6), -entry.boards_played, entry.registration_order or 0)


def bye_boards(event: Event) -> dict[int, int]:
    """Entry id → the boards of its byes (tables without an EW pair)."""
    rows = (
        Result.objects.filter(table__event=event, table__ew__isnull=True)
        .values("table__ns")
        .annotate(n=Count("pk"))
    )
    return {row["table__ns"]: row["n"] for row in rows}


class SwissPairs(Format):
    kind = Event.Kind.SWISS_PAIRS
    settings_model = SwissSettings
    templates = {
        "event": "tournaments/event_detail.html",
        "standings": "tournaments/_standings.html",
    }

    # Imported when asked: the services that load the format need no forms.
    def creation_form(self) -> type:
        from ..forms import EventForm

        return EventForm

    def creation_serializer(self) -> type:
        from ..api.events import EventCreateInput

        return EventCreateInput

    def _pairing(self, event: Event, number: int, entries: Sequence[Entry]):
        met: dict[int, set[int]] = defaultdict(set)
        byes: set[int] = set()
        for ns_id, ew_id in Table.objects.filter(event=event).values_list("ns_id", "ew_id"):
            if ew_id is None:
                byes.add(ns_id)
            else:
                met[ns_id].add(ew_id)
                met[ew_id].add(ns_id)
        # Round 1 goes by registration order; later rounds by the standings (total, then
        # boards played, then registration), so that "lowest placed" means what the
        # standings show when totals tie.
        place = {e.pk: i for i, e in enumerate(sorted(entries, key=standings_key))}
        states = [
            PairState(
                id=e.pk,
                score=round(e.total, 6),
                order=e.registration_order if number == 1 else place[e.pk],
                opponents=frozenset(met[e.pk]),
                had_bye=e.pk in byes,
            )
            for e in entries
        ]
        return swiss_pair(states, round_number=number, seed=event.settings.seed * 1000 + number)

    def round_seat(
        self,
        *,
        event: Event,
        rnd: Round,
        entries: Sequence[Entry],
        now: datetime,
        rng: random.Random | None = None,
    ) -> Seating:
        settings = event.settings
        pairing = self._pairing(event, rnd.number, entries)
        boards = round_boards_deal(event=event, rnd=rnd, rng=rng)
        tables = [
            Table(event=event, round=rnd, number=i, ns_id=ns, ew_id=ew)
            for i, (ns, ew) in enumerate(pairing.tables, 1)
        ]
        if pairing.bye is not None:
            tables.append(
                Table(event=event, round=rnd, number=len(tables) + 1, ns_id=pairing.bye, ew=None)
            )
        tables = Table.objects.bulk_create(tables)
        if pairing.bye is not None:
            points = scoring.adjusted_points(settings.bye_score, method_for_adjusted(event.method))
            Result.objects.bulk_create(
                Result(
                    table=tables[-1],
                    board=board,
                    status=Result.Status.ADJUSTED,
                    ns_adjustment=settings.bye_score,
                    ns_points=points,
                    entered_at=now,
                )
                for board in boards
            )
        return Seating(
            tables=tables,
            log={"tables": len(tables), "bye": pairing.bye, "repeats": pairing.repeats},
        )

    def round_boards(self, *, rnd: Round, tables: Sequence[Table]) -> dict[int, list[Board]]:
        boards = list(Board.objects.filter(round=rnd))  # every table plays them all
        return {t.pk: boards for t in tables}

    def table_plays(self, *, table: Table, board: Board) -> bool:
        return board.round_id is not None and board.round_id == table.round_id

    def boards_score(self, *, event: Event, results: Sequence[Result]) -> None:
        board_points(
            results, event.method, hcp_table=event.hcp_par_table,
            factoring=event.settings.mp_factoring,
        )  # fmt: skip

    def standings_key(self, entry: Entry):
        return standings_key(entry)

    def rank(self, *, event: Event, entries: Sequence[Entry]) -> list[list[Entry]]:
        """Pairs that played at least the threshold share of the event's boards have
        finished and are ranked; ties: more boards played, then earlier registration.

        A bye's boards count towards the threshold (the pair did not choose to sit out)
        but not as boards played in the tie-break (``docs/rules.md`` § Swiss pairs)."""
        needed = float(event.settings.finish_threshold) * event.boards_total
        byes = bye_boards(event)
        finished = sorted(
            (e for e in entries if e.boards_played + byes.get(e.pk, 0) >= needed - 1e-9),
            key=standings_key,
        )
        for e in entries:
            e.finished, e.rank = False, None
        for place, e in enumerate(finished, 1):
            e.finished, e.rank = True, place
        return [finished]
