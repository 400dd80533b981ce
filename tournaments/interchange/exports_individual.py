"""The rows of a USEBIO individual export: a scoring pool's or an individual event's
(``docs/rules.md`` § Files; the writer is ``interchange/usebio_individual.py``).

``exports.py`` passes the boards everyone may see; this module loads
their results with the pool's arrival order and datum, the four players of each line
and the leaderboard, in a fixed number of queries.
"""

from __future__ import annotations

from collections import Counter

from ..formats.pool.selectors import leaderboard_get
from ..formats.seats import seated_entries
from ..models import Board, Entry, Event, PoolBoard, Result
from .rows import result_line
from .usebio_individual import IndividualLine, PlayerRecord, PoolRecord


def pool_players(*, event: Event) -> list[PlayerRecord]:
    """Every player of the pool, numbered by their entry, as the leaderboard ranks them
    (players without a final score after, by number)."""
    entries = {
        e.pk: e for e in Entry.objects.filter(event=event).prefetch_related("members__player")
    }
    numbers = pool_numbers(entries.values())
    players = []
    for row in leaderboard_get(event=event):
        entry = entries.pop(row.entry_id)
        players.append(
            PlayerRecord(
                number=numbers[entry.pk],
                name=_name(entry),
                rank=row.place,
                total=float(row.imps),
                boards_played=row.boards,
            )  # fmt: skip
        )
    for entry in sorted(entries.values(), key=lambda e: numbers[e.pk]):
        players.append(PlayerRecord(number=numbers[entry.pk], name=_name(entry)))
    return players


def pool_numbers(entries) -> dict[int, int]:
    """entry id -> player number in the file: the registration order, and for a robot's
    entry (which has none: ``docs/rules.md`` § Robots, the pool) the numbers after the
    people's, in entry order."""
    entries = list(entries)
    numbers = {e.pk: e.registration_order for e in entries if e.registration_order is not None}
    last = max(numbers.values(), default=0)
    for e in sorted((e for e in entries if e.registration_order is None), key=lambda e: e.pk):
        last += 1
        numbers[e.pk] = last
    return numbers


def _name(entry: Entry) -> str:
    members = list(entry.members.all())
    return members[0].player.name if members else ""


def pool_lines(*, event: Event, boards: list[Board]) -> dict[int, list[IndividualLine]]:
    """The results of ``boards`` (cut ones left out), by board number, in arrival order."""
    lines: dict[int, list[IndividualLine]] = {b.number: [] for b in boards}
    rows = list(
        Result.objects.filter(board__in=boards, pool__isnull=False)
        .exclude(status=Result.Status.CUT)
        .select_related("board", "table", "pool")
        .order_by("pool__seq")
    )
    numbers = pool_numbers(Entry.objects.filter(event=event).only("pk", "registration_order"))
    seats = {
        table_id: {seat: numbers[entry_id] for seat, (_player, entry_id) in at.items()}
        for table_id, at in seated_entries(event, {r.table_id for r in rows}).items()
    }
    for r in rows:
        line = result_line(r, ns_pair=None, ew_pair=None)
        pool = r.pool
        lines[r.board.number].append(
            IndividualLine(
                table=r.table.number,
                players=seats[r.table_id],
                line=line,
                seq=pool.seq,
                scored_at_seq=pool.scored_at_seq,
                datum=pool.datum,
            )  # fmt: skip
        )
    return lines


def pool_export_records(*, event: Event, boards: list[Board]) -> dict:
    """The writer's ``players``, ``results`` and ``pool`` for ``boards``."""
    settings = event.settings
    retired = PoolBoard.objects.filter(board__in=boards, retired=True).values_list(
        "board__number", flat=True
    )
    pool = PoolRecord(
        opens_at=event.start_at,
        closes_at=settings.ends_at,
        boards_per_table=settings.boards_per_table,
        minutes_per_board=settings.minutes_per_board,
        score_at=settings.score_at,
        retire_at=settings.retire_at,
        retired=frozenset(retired),
    )
    return {
        "players": pool_players(event=event),
        "results": pool_lines(event=event, boards=boards),
        "pool": pool,
    }


def individual_export_records(*, event: Event, boards: list[Board]) -> dict:
    """An individual event's ``players`` and ``results`` for ``boards``: each line with
    its round, its table and its four players' numbers; matchpoints raw on the top of
    the board's results, each player's raw total beside their percentage."""
    rows = list(
        Result.objects.filter(board__in=boards)
        .select_related("board", "table__round")
        .order_by("board__number", "table__round__number", "table__number")
    )  # a cut result is a line not played
    entries = list(
        Entry.objects.filter(event=event, registration_order__isnull=False)
        .prefetch_related("members__player")
        .order_by("registration_order")
    )
    numbers = {e.pk: e.registration_order for e in entries}
    seats = {
        table_id: {seat: numbers[entry_id] for seat, (_player, entry_id) in at.items()}
        for table_id, at in seated_entries(event, {r.table_id for r in rows}).items()
    }
    # a section's lines are matchpointed together (docs/rules.md § Files)
    on_board = Counter((r.board_id, r.table.section) for r in rows if r.status != Result.Status.CUT)
    mp = event.method == Event.Method.MP
    raw: Counter = Counter()
    lines: dict[int, list[IndividualLine]] = {b.number: [] for b in boards}
    for r in rows:
        top = 2 * (on_board[r.board_id, r.table.section] - 1)
        line = result_line(
            r, ns_pair=None, ew_pair=None, round=r.table.round.number,
            mp_top=top if mp else None, section=r.table.section,
        )  # fmt: skip
        at = seats[r.table_id]
        for seat, number in at.items():
            raw[number] += (r.ns_points if seat in "NS" else r.ew_points) or 0.0
        lines[r.board.number].append(IndividualLine(table=r.table.number, players=at, line=line))
    finished = event.status == Event.Status.FINISHED
    players = [
        PlayerRecord(
            number=e.registration_order,
            name=_name(e),
            rank=e.rank if finished else None,
            total=round(raw[e.registration_order], 2) if mp else e.total,
            boards_played=e.boards_played,
            percentage=e.total if mp else None,
        )  # fmt: skip
        for e in entries
    ]
    return {"players": players, "results": lines}
