"""Board points, running totals, standings and the final ranking.

Scores come from the pure ``scoring`` package; this module loads rows, calls it and
writes back in bulk, with a number of queries that does not grow with the field.
"""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Count, Q, Sum

from ..bulk import bulk_set
from ..dispatch import dispatch_on_commit
from ..formats import format_for
from ..formats.base import total_penalty
from ..models import Entry, Event, Result, Standing, Table
from ..signals import event_finished


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
        entry.total = _total(st, method) - total_penalty(entry, method)
        entry.boards_played = int(st["played"])


def totals_recompute(
    *,
    event: Event,
    round_number: int,
    round_results: list[Result],
    tables: list[Table],
) -> list[Entry]:
    """At a round close: every entry's total, and the standing after ``round_number``
    (the round's own points come from its results, already in memory)."""
    if (fmt := format_for(event)).owns_totals:
        return fmt.totals_recompute(
            event=event, round_number=round_number, round_results=round_results, tables=tables
        )
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
    ranked = sorted((e for e in entries if e.pk in stats), key=format_for(event).standings_key)
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
    if (fmt := format_for(event)).owns_totals:
        return fmt.standings_rebuild(event=event)
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
    """Mark the finished entries and rank them by the format's rule; then
    ``event_finished`` carries the ranking to the master-point ledger (``ratings``).

    Entries that withdrew keep their totals; they are ranked only if they finished. An
    entry that withdrew before round 1 took no part (its players were freed) and is left
    out, whatever the threshold.
    """
    entries = list(
        Entry.objects.filter(event=event, registration_order__isnull=False)
        .exclude(status=Entry.Status.DECLINED)
        .exclude(status=Entry.Status.WITHDRAWN, withdrawn_after_round=0)
        .order_by("registration_order")
    )
    fields = format_for(event).rank(event=event, entries=entries)
    bulk_set(Entry, entries, ["finished", "rank"])
    event_finished.send(sender=Event, event=event, entries=entries, fields=fields)
    # Every player's scorecard by email, once the results have committed (once each:
    # a re-ranking after a correction sends nothing again; docs/rules.md § Emails).
    dispatch_on_commit("tournaments.tasks.send_scorecards", event.pk)
    return entries
