"""Mitchell and Howell pairs events (``docs/rules.md`` § Movements).

The movement (pure, ``tournaments/movements/``) is fixed when round 1 opens, from the confirmed
pairs in registration order: each entry gets a pair number, and every round seats the
movement's tables with the board set each plays. A set's boards are dealt when the set
is first played and travel from table to table; a board stays in play (secret) until
the last round that plays its set has closed. A pair that sits out, or whose opponents
withdrew, has no table that round: it scores nothing and is not compared, but that
round's boards count towards its finishing threshold (it did not choose to sit out).

Each close rescores every board of the round with every table that has played it so
far: matchpoints on the scale of the tables the movement plays the set at (Neuberg's
formula for fewer, or the percentage over the results played), adjusted scores as a
share of that top (A+ 60%, A= 50%, A− 40%) left out of the comparison; or cross-IMPs /
datum IMPs as in Swiss pairs, or HCP-par IMPs. A total is the percentage of the tops
of the boards scored (MP) or the IMP sum. A two-winner Mitchell ranks NS and EW apart.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Sequence
from datetime import datetime
from functools import lru_cache

from django.db.models import Max
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

import scoring
from tournaments.bulk import bulk_set
from tournaments.errors import ConflictError
from tournaments.formats.base import (
    Format,
    Seating,
    hcp_par_points,
    method_for_adjusted,
    numbered_board,
    total_penalty,
)
from tournaments.formats.swiss import standings_key
from tournaments.models import (
    Board,
    Entry,
    Event,
    EventLog,
    MovementSettings,
    Result,
    Round,
    Standing,
    Table,
)
from tournaments.movements import Movement, movement_build, movement_max_rounds

MP = Event.Method.MP


@lru_cache(maxsize=128)
def _movement(kind: str, pairs: int, rounds: int, arrow_switch: bool) -> Movement:
    return movement_build(kind=kind, pairs=pairs, rounds=rounds, arrow_switch=arrow_switch)


def movement_of(event: Event) -> Movement | None:
    """The event's movement, once round 1 has fixed it (None before)."""
    settings = event.settings
    if not settings.pair_numbers:
        return None
    return _movement(
        event.kind, len(settings.pair_numbers), settings.num_rounds, settings.arrow_switch
    )


def pair_numbers(event: Event) -> dict[int, int]:
    """Entry id → pair number in the movement (empty before the start)."""
    return {int(k): v for k, v in event.settings.pair_numbers.items()}


def set_tops(movement: Movement) -> dict[int, int]:
    """The matchpoint top of each board set: 2(E − 1), E the tables that play it."""
    return {s: 2 * (n - 1) for s, n in movement.set_plays().items()}


def board_points(
    results: Sequence[Result],
    *,
    method: str,
    expected: dict[int, int],
    factoring: str,
    hcp_table=None,
) -> None:
    """Set ``ns_points``/``ew_points`` of the results of whole boards, in memory.

    ``expected``: board id → the tables the movement plays it at. MP points are raw
    matchpoints on that scale (:func:`scoring.mp_factored`); adjusted results get their
    share of the top and are not compared; cut results score nothing.
    """
    if method == Event.Method.HCP_PAR:
        hcp_par_points(results, table=hcp_table)
    by_board: dict[int, list[Result]] = defaultdict(list)
    for result in results:
        by_board[result.board_id].append(result)
    for board_id, board_results in by_board.items():
        played = [r for r in board_results if r.status == Result.Status.PLAYED]
        e = max(expected[board_id], len(played))
        if played and method == MP:
            points = scoring.mp_factored([r.ns_score for r in played], e, factoring)
            for r, ns in zip(played, points, strict=True):
                r.ns_points, r.ew_points = ns, 2 * (e - 1) - ns
        elif played and method != Event.Method.HCP_PAR:
            for r, (ns, ew) in zip(
                played, scoring.score_board([r.ns_score for r in played], method), strict=True
            ):
                r.ns_points, r.ew_points = ns, ew
        for r in board_results:
            if r.status == Result.Status.CUT:
                r.ns_points = r.ew_points = None
            elif r.status == Result.Status.ADJUSTED:
                r.ns_points, r.ew_points = (
                    _adjusted(code, method, e) for code in (r.ns_adjustment, r.ew_adjustment)
                )


def _adjusted(code: str, method: str, expected: int) -> float | None:
    if not code:
        return None
    points = scoring.adjusted_points(code, method_for_adjusted(method))
    return points * 2 * (expected - 1) / 100 if method == MP else points


class MovementPairs(Format):
    settings_model = MovementSettings
    owns_totals = True
    raw_matchpoints = True
    late_entries = False
    movement = True
    templates = {
        "event": "tournaments/event_detail.html",
        "standings": "tournaments/_standings.html",
    }

    def file_results_score(self, *, event: Event, results: Sequence[Result]) -> None:
        """Raw matchpoints, Neuberg as the event says, each board compared with the times
        its set is played (or the file's lines of it, if more)."""
        movement = movement_of(event)
        plays = movement.set_plays() if movement is not None else Counter()
        lines = Counter(r.board_id for r in results)
        board_points(
            results, method=event.method, factoring=event.settings.mp_factoring,
            expected={r.board_id: max(plays[r.board.board_set], lines[r.board_id])
                      for r in results},
            hcp_table=event.hcp_par_table,
        )  # fmt: skip

    def edit_form(self) -> type:
        # Imported when asked: the services that load the format need no page forms.
        from .forms import MovementEventEditForm

        return MovementEventEditForm

    def creation_form(self) -> type:
        from .forms import MovementEventForm

        return MovementEventForm

    def creation_serializer(self) -> type:
        from tournaments.api.events import EventCreateInput

        return EventCreateInput

    # -- seating ----------------------------------------------------------------------
    def settings_create(self, *, event: Event, **options):
        options.pop("bye_score", None)  # a movement's sit-out scores nothing
        return super().settings_create(event=event, **options)

    def _fix_movement(self, event: Event, entries: Sequence[Entry]) -> Movement:
        """Round 1: number the pairs, fix the tables (and cap the rounds at what the
        movement can play), mark the fields of a two-winner movement."""
        settings = event.settings
        pairs = len(entries)
        try:
            most = movement_max_rounds(kind=event.kind, pairs=pairs)
            movement = _movement(
                event.kind, pairs, min(settings.num_rounds, most), settings.arrow_switch
            )
        except ValueError as exc:
            raise ConflictError(
                ngettext(
                    "This movement cannot be played by %(n)d pair.",
                    "This movement cannot be played by %(n)d pairs.",
                    pairs,
                )
                % {"n": pairs},
                code="movement",
            ) from exc
        settings.pair_numbers = {str(e.pk): i for i, e in enumerate(entries, 1)}
        settings.tables = movement.tables
        settings.num_rounds = len(movement.rounds)
        settings.save(update_fields=["pair_numbers", "tables", "num_rounds"])
        for e, number in zip(entries, range(1, pairs + 1), strict=True):
            e.field = movement.field_of(number) or ""
        for name in ("NS", "EW"):  # two updates, whatever the field
            Entry.objects.filter(pk__in=[e.pk for e in entries if e.field == name]).update(
                field=name
            )
        return movement

    def round_seat(
        self,
        *,
        event: Event,
        rnd: Round,
        entries: Sequence[Entry],
        now: datetime,
        rng: random.Random | None = None,
    ) -> Seating:
        movement = self._fix_movement(event, entries) if rnd.number == 1 else movement_of(event)
        entry_of = {v: k for k, v in pair_numbers(event).items()}
        seatable = {e.pk for e in entries}
        placements = movement.rounds[rnd.number - 1]
        dealt = set(
            Board.objects.filter(event=event).values_list("board_set", flat=True).distinct()
        )
        new_sets = sorted({p.board_set for p in placements if p.played} - dealt)
        self._deal(event=event, rnd=rnd, sets=new_sets, rng=rng)
        tables, sitting_out = [], []
        for p in placements:
            ns, ew = (entry_of.get(p.ns), entry_of.get(p.ew))
            ns = ns if ns in seatable else None
            ew = ew if ew in seatable else None
            if ns and ew:
                tables.append(
                    Table(
                        event=event,
                        round=rnd,
                        number=p.table,
                        ns_id=ns,
                        ew_id=ew,
                        board_set=p.board_set,
                    )  # fmt: skip
                )
            else:
                sitting_out.extend(x for x in (ns, ew) if x)
        tables = Table.objects.bulk_create(tables)
        return Seating(
            tables=tables,
            log={"tables": len(tables), "sets": new_sets, "sit_out": sorted(sitting_out)},
        )

    def _deal(self, *, event: Event, rnd: Round, sets: list[int], rng) -> list[Board]:
        """Deal the boards of ``sets``: set k holds boards (k − 1)·B + 1 … k·B."""
        per = event.settings.boards_per_round
        return Board.objects.bulk_create(
            numbered_board(event=event, rnd=rnd, number=n, rng=rng, board_set=s)
            for s in sets
            for n in range((s - 1) * per + 1, s * per + 1)
        )

    # -- which boards a table plays ---------------------------------------------------
    def round_boards(self, *, rnd: Round, tables: Sequence[Table]) -> dict[int, list[Board]]:
        sets = {t.board_set for t in tables}
        by_set: dict[int, list[Board]] = defaultdict(list)
        for b in Board.objects.filter(event_id=rnd.event_id, board_set__in=sets).order_by("number"):
            by_set[b.board_set].append(b)
        return {t.pk: by_set[t.board_set] for t in tables}

    def table_plays(self, *, table: Table, board: Board) -> bool:
        return (
            board.event_id == table.event_id
            and board.board_set is not None
            and board.board_set == table.board_set
        )

    # -- what is in play --------------------------------------------------------------
    def _sets_in_play(self, event: Event, closed: int) -> list[int]:
        movement = movement_of(event)
        if movement is None or event.status != Event.Status.RUNNING:
            return []
        return [s for s, last in movement.set_last_round().items() if last > closed]

    def boards_in_play(self, *, event: Event):
        closed = Round.objects.filter(event=event, status=Round.Status.CLOSED).count()
        return Board.objects.filter(event=event, board_set__in=self._sets_in_play(event, closed))

    def board_in_play(self, *, board: Board) -> bool:
        event = board.event
        closed = Round.objects.filter(event=event, status=Round.Status.CLOSED).count()
        return board.board_set in self._sets_in_play(event, closed)

    def _movement_now(self, event: Event) -> Movement | None:
        """The event's movement; before the start, the one the confirmed pairs would
        play now (None if they cannot)."""
        movement = movement_of(event)
        if movement is not None:
            return movement
        pairs = Entry.objects.filter(
            event=event, status=Entry.Status.CONFIRMED, sitting_out=False
        ).count()
        try:
            most = movement_max_rounds(kind=event.kind, pairs=pairs)
            return _movement(
                event.kind, pairs, min(event.num_rounds, most), event.settings.arrow_switch
            )
        except ValueError:
            return None

    def boards_numbered(self, *, event: Event) -> int:
        """Every set's boards (a Mitchell has a set a table, a Howell up to 2T − 1)."""
        movement = self._movement_now(event)
        sets = movement.sets if movement is not None else event.num_rounds
        return max(sets, event.num_rounds) * event.boards_per_round

    def round_board_numbers(self, *, event: Event, number: int) -> list[int]:
        """The boards of the sets round ``number`` plays; before the start, of the
        movement the confirmed pairs would play now (none if they cannot)."""
        movement = self._movement_now(event)
        if movement is None:
            return []
        if number > len(movement.rounds):
            return []
        per = event.boards_per_round
        sets = sorted({p.board_set for p in movement.rounds[number - 1] if p.played})
        return [n for s in sets for n in range((s - 1) * per + 1, s * per + 1)]

    def boards_dealt(self, *, event: Event) -> int:
        return Board.objects.filter(event=event).aggregate(n=Max("number"))["n"] or 0

    # -- scoring ------------------------------------------------------------------------
    def boards_score(self, *, event: Event, results: Sequence[Result]) -> None:
        """Score the round's boards with every result they have so far: the results of
        earlier rounds on the same boards are rescored and written here."""
        movement = movement_of(event)
        plays = movement.set_plays()
        board_ids = {r.board_id for r in results}
        earlier = list(
            Result.objects.filter(
                board_id__in=board_ids, table__round__status=Round.Status.CLOSED
            ).exclude(pk__in=[r.pk for r in results if r.pk])
        )
        sets = dict(Board.objects.filter(pk__in=board_ids).values_list("pk", "board_set"))
        board_points(
            [*results, *earlier],
            method=event.method,
            expected={b: plays[s] for b, s in sets.items()},
            factoring=event.settings.mp_factoring,
            hcp_table=event.hcp_par_table,
        )
        bulk_set(Result, earlier, ["ns_points", "ew_points"])

    # -- totals ------------------------------------------------------------------------
    def _stats(self, event: Event, *, through: int | None = None, only: int | None = None):
        """Per entry: points, tops of the boards scored, boards scored and played."""
        tops = set_tops(movement_of(event))
        rows = Result.objects.filter(table__event=event)
        if through is not None:
            rows = rows.filter(table__round__number__lte=through)
        if only is not None:
            rows = rows.filter(table__round__number=only)
        stats: dict[int, dict[str, float]] = defaultdict(
            lambda: {"sum": 0.0, "top": 0.0, "scored": 0, "played": 0}
        )
        for ns, ew, board_set, status, ns_pts, ew_pts in rows.values_list(
            "table__ns_id", "table__ew_id", "board__board_set", "status", "ns_points",
            "ew_points",
        ):  # fmt: skip
            for entry_id, pts in ((ns, ns_pts), (ew, ew_pts)):
                st = stats[entry_id]
                st["played"] += status == Result.Status.PLAYED
                if pts is not None and (event.method != MP or tops[board_set] > 0):
                    st["sum"] += pts
                    st["top"] += tops[board_set]
                    st["scored"] += 1
        return stats

    @staticmethod
    def _total(stat, method: str) -> float:
        if method == MP:
            return 100.0 * stat["sum"] / stat["top"] if stat["top"] else 0.0
        return stat["sum"]

    def _entries(self, event: Event) -> list[Entry]:
        return list(
            Entry.objects.filter(event=event, registration_order__isnull=False).order_by(
                "registration_order"
            )
        )

    def _write(self, event: Event, entries: list[Entry], number: int) -> None:
        stats = self._stats(event, through=number)
        empty = {"sum": 0.0, "top": 0.0, "scored": 0, "played": 0}
        for e in entries:
            st = stats.get(e.pk, empty)
            e.total = self._total(st, event.method) - total_penalty(e, event.method)
            e.boards_played = int(st["played"])
        own = self._stats(event, only=number)
        ranked = sorted((e for e in entries if e.pk in stats), key=standings_key)
        Standing.objects.filter(entry__event=event, round_number=number).delete()
        Standing.objects.bulk_create(
            Standing(
                entry=e,
                round_number=number,
                points=self._total(own.get(e.pk, empty), event.method),
                total=e.total,
                boards_played=e.boards_played,
                place=place,
            )
            for place, e in enumerate(ranked, 1)
        )

    def totals_recompute(
        self, *, event: Event, round_number: int, round_results: list[Result], tables: list[Table]
    ) -> list[Entry]:
        entries = self._entries(event)
        self._write(event, entries, round_number)
        bulk_set(Entry, entries, ["total", "boards_played"])
        return entries

    def standings_rebuild(self, *, event: Event) -> list[Entry]:
        """After a correction: rescore every board with all its results, then the
        standing after each closed round and the totals."""
        if movement_of(event) is not None:
            results = list(
                Result.objects.filter(table__event=event, table__round__status=Round.Status.CLOSED)
            )
            if results:
                self.boards_score(event=event, results=results)
                bulk_set(Result, results, ["ns_points", "ew_points"])
        entries = self._entries(event)
        closed = event.rounds.filter(status=Round.Status.CLOSED).order_by("number")
        for number in closed.values_list("number", flat=True):
            self._write(event, entries, number)
        bulk_set(Entry, entries, ["total", "boards_played"])
        return entries

    # -- ranking ------------------------------------------------------------------------
    def standings_key(self, entry: Entry):
        return standings_key(entry)

    def sit_out_boards(self, event: Event) -> dict[int, int]:
        """Entry id → the boards of the closed rounds it sat out because of the movement:
        the empty place of an odd field, or opponents that withdrew or that the director
        sat out (each round's seating records them, ``sit_out``). A pair the director sat
        out itself is not among them: it chose to."""
        closed = set(
            event.rounds.filter(status=Round.Status.CLOSED).values_list("number", flat=True)
        )
        seated = dict(
            EventLog.objects.filter(event=event, action="round_open", round_number__in=closed)
            .order_by("at", "pk")
            .values_list("round_number", "data")
        )  # one seating a round
        boards: dict[int, int] = defaultdict(int)
        for data in seated.values():
            for entry_id in (data or {}).get("sit_out", []):
                boards[entry_id] += event.boards_per_round
        return dict(boards)

    def rank(self, *, event: Event, entries: Sequence[Entry]) -> list[list[Entry]]:
        """Within each field (NS and EW of a two-winner Mitchell, else one), the pairs
        that played the threshold share of the event's boards, by total, then more
        boards played, then earlier registration. The boards of a round a pair sat out
        because of the movement count towards the threshold, not as boards played
        (``docs/rules.md`` § Movements)."""
        needed = float(event.settings.finish_threshold) * event.boards_total
        sat_out = self.sit_out_boards(event)
        fields: dict[str, list[Entry]] = defaultdict(list)
        for e in entries:
            e.finished, e.rank = False, None
            if e.boards_played + sat_out.get(e.pk, 0) >= needed - 1e-9:
                fields[e.field].append(e)
        ranked = []
        for name in sorted(fields, key=("NS", "EW", "").index):
            field = sorted(fields[name], key=standings_key)
            for place, e in enumerate(field, 1):
                e.finished, e.rank = True, place
            ranked.append(field)
        return ranked


class Mitchell(MovementPairs):
    kind = Event.Kind.MITCHELL
    arrow_switch = True
    movement_text = _(
        "Mitchell: NS pairs stay at their table, EW pairs move up one table and the boards "
        "move down one after each round."
    )


class Howell(MovementPairs):
    kind = Event.Kind.HOWELL
    movement_text = _(
        "Howell: every pair moves; each meets a different pair and plays a different board "
        "set each round."
    )
