"""Board points, running totals, standings and the final ranking.

Scores come from the pure ``scoring`` package; this module loads rows, calls it and
writes back in bulk, with a number of queries that does not grow with the field.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from django.db.models import Count, Q, Sum

import scoring

from ..awards import master_points_for_place
from ..bulk import bulk_set
from ..models import Entry, Event, Result, Standing, Table
from ..signals import event_finished


def board_points(results: Iterable[Result], method: str) -> None:
    """Set ``ns_points``/``ew_points`` on results of whole boards, in memory.

    Played results of a board are compared with each other by the event's method;
    adjusted results get their fixed value and are left out of the comparison; cut
    boards score nothing (None: no IMPs, and left out of MP averages).
    """
    by_board: dict[int, list[Result]] = defaultdict(list)
    for result in results:
        by_board[result.board_id].append(result)
    for board_results in by_board.values():
        played = [r for r in board_results if r.status == Result.Status.PLAYED]
        if played:
            points = scoring.score_board([r.ns_score for r in played], method)
            for r, (ns, ew) in zip(played, points, strict=True):
                r.ns_points, r.ew_points = ns, ew
        for r in board_results:
            if r.status == Result.Status.CUT:
                r.ns_points = r.ew_points = None
            elif r.status == Result.Status.ADJUSTED:
                r.ns_points = (
                    scoring.adjusted_points(r.ns_adjustment, method) if r.ns_adjustment else None
                )
                r.ew_points = (
                    scoring.adjusted_points(r.ew_adjustment, method) if r.ew_adjustment else None
                )


def _aggregate(
    event: Event, *, through: int | None = None, only: int | None = None
) -> dict[int, dict[str, float]]:
    """Per entry: sum of points, boards with points, boards played (two queries).

    ``through``: rounds 1..through only; ``only``: that one round only.
    """
    stats: dict[int, dict[str, float]] = defaultdict(lambda: {"sum": 0.0, "scored": 0, "played": 0})
    base = Result.objects.filter(table__round__event=event)
    if through is not None:
        base = base.filter(table__round__number__lte=through)
    if only is not None:
        base = base.filter(table__round__number=only)
    for side in ("ns", "ew"):
        rows = (
            base.filter(**{f"table__{side}__isnull": False})
            .values(f"table__{side}")
            .annotate(
                s=Sum(f"{side}_points"),
                scored=Count("pk", filter=Q(**{f"{side}_points__isnull": False})),
                played=Count("pk", filter=Q(status=Result.Status.PLAYED)),
            )
        )
        for row in rows:
            st = stats[row[f"table__{side}"]]
            st["sum"] += row["s"] or 0.0
            st["scored"] += row["scored"]
            st["played"] += row["played"]
    return stats


def _total(stat: dict[str, float], method: str) -> float:
    if method == Event.Method.MP:
        return stat["sum"] / stat["scored"] if stat["scored"] else 0.0
    return stat["sum"]


def _entries(event: Event) -> list[Entry]:
    return list(
        Entry.objects.filter(event=event, registration_order__isnull=False).order_by(
            "registration_order"
        )
    )


def _apply(entries: list[Entry], stats: dict[int, dict[str, float]], method: str) -> None:
    """Set each entry's total and boards played (in memory) from aggregated stats."""
    for entry in entries:
        st = stats.get(entry.pk, {"sum": 0.0, "scored": 0, "played": 0})
        entry.total = _total(st, method)
        entry.boards_played = int(st["played"])


def rank_key(entry: Entry):
    """Standings order: total, then more boards played, then earlier registration."""
    return (-round(entry.total, 6), -entry.boards_played, entry.registration_order or 0)


def totals_recompute(
    *,
    event: Event,
    round_number: int,
    round_results: list[Result],
    tables: list[Table],
) -> list[Entry]:
    """At a round close: every entry's total, and the standing after ``round_number``
    (the round's own points come from its results, already in memory)."""
    stats = _aggregate(event)
    entries = _entries(event)
    _apply(entries, stats, event.method)
    bulk_set(Entry, entries, ["total", "boards_played"])

    round_stats: dict[int, dict[str, float]] = defaultdict(
        lambda: {"sum": 0.0, "scored": 0, "played": 0}
    )
    side_of = {t.pk: (t.ns_id, t.ew_id) for t in tables}
    for r in round_results:
        ns_id, ew_id = side_of[r.table_id]
        for entry_id, pts in ((ns_id, r.ns_points), (ew_id, r.ew_points)):
            if entry_id is not None and pts is not None:
                round_stats[entry_id]["sum"] += pts
                round_stats[entry_id]["scored"] += 1
    _write_standings(event, entries, round_number, stats, round_stats)
    return entries


def _write_standings(event, entries, round_number, stats, round_stats) -> None:
    ranked = sorted((e for e in entries if e.pk in stats), key=rank_key)
    Standing.objects.filter(entry__event=event, round_number=round_number).delete()
    Standing.objects.bulk_create(
        (
            Standing(
                entry=e,
                round_number=round_number,
                points=_total(round_stats[e.pk], event.method) if e.pk in round_stats else 0.0,
                total=e.total,
                boards_played=e.boards_played,
                place=place,
            )
            for place, e in enumerate(ranked, 1)
        ),
        batch_size=2000,
    )


def standings_rebuild(*, event: Event) -> list[Entry]:
    """Recompute the standing after every closed round and the totals (a correction).

    Four queries a round: corrections are rare, and a correction in round 2 changes the
    running totals and places of every round after it. The totals count the closed
    rounds only, as a round close writes them: the round in play (its bye is already
    scored) counts when it closes.
    """
    entries = _entries(event)
    closed = list(
        event.rounds.filter(status="closed").order_by("number").values_list("number", flat=True)
    )
    for number in closed:
        stats = _aggregate(event, through=number)
        _apply(entries, stats, event.method)
        _write_standings(event, entries, number, stats, _aggregate(event, only=number))
    bulk_set(Entry, entries, ["total", "boards_played"])  # as after the last closed round
    return entries


def event_finish_ranking(*, event: Event) -> list[Entry]:
    """Mark finished pairs (played at least the threshold share), rank them, award points.

    Pairs that withdrew keep their totals; they are ranked only if they finished. A
    pair that withdrew before round 1 took no part (its players were freed) and is left
    out, whatever the threshold. Ties: more boards played first, then earlier
    registration.
    """
    entries = list(
        Entry.objects.filter(event=event, registration_order__isnull=False)
        .exclude(status=Entry.Status.DECLINED)
        .exclude(status=Entry.Status.WITHDRAWN, withdrawn_after_round=0)
        .order_by("registration_order")
    )
    needed = float(event.finish_threshold) * event.boards_total
    finished = sorted((e for e in entries if e.boards_played >= needed - 1e-9), key=rank_key)
    for e in entries:
        e.finished, e.rank, e.master_points = False, None, 0
    for place, e in enumerate(finished, 1):
        e.finished = True
        e.rank = place
        e.master_points = master_points_for_place(place, len(finished))
    bulk_set(Entry, entries, ["finished", "rank", "master_points"])
    event_finished.send(sender=Event, event=event, entries=entries)
    return entries
