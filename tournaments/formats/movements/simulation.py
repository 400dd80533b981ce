"""A Mitchell or Howell event's part of the ``simulate_event --json`` report
(``tournaments.simulation.event_report``)."""

from __future__ import annotations

from tournaments.models import Board, Entry, Event

from .format import movement_of, set_tops


def movement_report_add(*, event: Event, report: dict) -> None:
    """Add to ``report`` each pair's ``field``, ``mp_total`` and ``percentage`` and each
    board line's ``ns_mp``/``ew_mp`` (MP events; null otherwise). Nothing before the
    movement is fixed."""
    movement = movement_of(event)
    if movement is None:
        return
    mp = event.method == Event.Method.MP
    tops = set_tops(movement)
    mp_total: dict[int, float] = {}
    top_total: dict[int, float] = {}
    sets = dict(Board.objects.filter(event=event).values_list("number", "board_set"))
    for rnd in report["rounds"]:
        for table in rnd["tables"]:
            for line in table["boards"]:
                line["ns_mp"] = line["ns_points"] if mp else None
                line["ew_mp"] = line["ew_points"] if mp else None
                for side in ("ns", "ew"):
                    points = line[f"{side}_points"]
                    if points is not None and tops[sets[line["number"]]] > 0:
                        mp_total[table[side]] = mp_total.get(table[side], 0.0) + points
                        top_total[table[side]] = (
                            top_total.get(table[side], 0.0) + tops[sets[line["number"]]]
                        )
    fields = dict(Entry.objects.filter(event=event).values_list("pk", "field"))
    for pair in report["pairs"]:
        pair["field"] = fields[pair["entry"]] or None
        total = mp_total.get(pair["entry"], 0.0)
        pair["mp_total"] = total if mp else None
        top = top_total.get(pair["entry"], 0.0)
        pair["percentage"] = (100.0 * total / top if top else 0.0) if mp else None
