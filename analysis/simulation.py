"""What ``simulate_event --online --analysis`` adds to its JSON report
(``docs/simulation.md`` § The analysis): each board record's ``card_costs`` (and
``claim_cost`` after a claim), and each entry's ``fair_play`` figures
(:mod:`analysis.stats`). Read from the stored analyses; a result not analysed yet is
analysed first (with ``ANALYSE_BOARDS_ON_END`` off, as in the tests)."""

from __future__ import annotations

from tournaments.models import Event, Result

from .models import BoardAnalysis
from .services import results_analyse
from .stats import BoardCosts, board_counts, card_seats, fair_play_counts

__all__ = ["simulation_analyse"]


def simulation_analyse(*, event: Event, boards: dict[tuple[int, int], dict]) -> dict[int, dict]:
    """Add ``card_costs`` (and ``claim_cost``) to each record of ``boards`` (by table id
    and board id, as the online simulator describes them) whose auction ended, in
    place; return each entry's ``fair_play`` figures by entry id, over its boards
    played with a contract."""
    results_analyse(event_id=event.pk)
    results = {
        (r.table_id, r.board_id): r
        for r in Result.objects.filter(table__event=event).select_related("table")
    }
    stored = {a.result_id: a for a in BoardAnalysis.objects.filter(result__table__event=event)}
    per_entry: dict[int, list[BoardCosts]] = {}
    for key, record in boards.items():
        result = results.get(key)
        if result is None or not record.get("contract"):
            continue
        analysis = stored.get(result.pk)
        if analysis is None:
            continue
        if len(analysis.card_costs) != len(record["play"]):
            raise ValueError(f"result {result.pk}: its analysis is not of its play")
        record["card_costs"] = list(analysis.card_costs)
        if record.get("claim") is not None:
            record["claim_cost"] = analysis.claim_cost
        if result.status != Result.Status.PLAYED or record["contract"] == "PASS":
            continue
        seats = card_seats(record["contract"], record["declarer"], record["play"])
        for entry_id, own in ((result.table.ns_id, "NS"), (result.table.ew_id, "EW")):
            per_entry.setdefault(entry_id, []).append(
                BoardCosts(own, record["declarer"], seats, record["card_costs"])
            )
    return {entry_id: fair_play_counts(rows) for entry_id, rows in per_entry.items()}


def empty_fair_play() -> dict[str, int]:
    """The figures of an entry with no board played with a contract."""
    return board_counts(BoardCosts("NS", "N", [], []))
