"""What a movement's file adds to a pairs import (``docs/rules.md`` § Files): its board
sets, the field of each pair of a two-winner Mitchell, and our own movement found again
when the file's tables are exactly it (its movement cards then show).
"""

from __future__ import annotations

from collections import Counter

from ...formats import format_for
from ...models import Event
from ...movements import movement_build
from .common import FilePair
from .plan import FilePlan


def boards_by_meeting(plan: FilePlan) -> dict[tuple, set[int]]:
    """The boards each meeting of two pairs (NS key, EW key) played."""
    played: dict[tuple, set[int]] = {}
    for number, _line, ns, ew in plan.lines:
        played.setdefault((ns.key, ew.key if ew else None), set()).add(number)
    return played


def most_at_a_table(plan: FilePlan) -> int:
    """The most boards one meeting played (a movement's boards per round, when the
    file does not say)."""
    return max((len(g) for g in boards_by_meeting(plan).values()), default=1)


def board_sets(plan: FilePlan, per_round: int) -> tuple[dict[int, int], dict[tuple, int]]:
    """A movement's board sets (``docs/rules.md`` § Files): the boards a table plays
    in a round are one set. Set k is boards (k − 1)·B + 1 … k·B when the file's tables
    keep to such blocks (B: the event's boards per round: the file's, else the most
    boards a table played); otherwise boards played together are one set, numbered by their first
    board. Returns each board's set and each meeting's."""
    played = boards_by_meeting(plan)
    per = per_round
    if all(len({(n - 1) // per for n in g}) == 1 for g in played.values()):
        set_of = {n: (n - 1) // per + 1 for n in plan.boards}
    else:
        parent = {n: n for n in plan.boards}

        def root(n: int) -> int:
            while parent[n] != n:
                n = parent[n]
            return n

        for group in played.values():
            first, *rest = sorted(group)
            for n in rest:
                a, b = sorted((root(first), root(n)))
                parent[b] = a  # the root of a set is its first board
        roots = sorted({root(n) for n in plan.boards})
        order = {r: i for i, r in enumerate(roots, 1)}
        set_of = {n: order[root(n)] for n in plan.boards}
    return set_of, {m: set_of[min(g)] for m, g in played.items()}


def pair_fields(event: Event, pairs: list[FilePair]) -> dict[tuple, str]:
    """The field of each pair of a two-winner Mitchell: the file's direction, else the
    one side it sat (blank for other events)."""
    if not format_for(event).two_winners(event=event):
        return {}
    return {p.key: p.direction or (next(iter(p.sides)) if len(p.sides) == 1 else "") for p in pairs}


def movement_fix(
    event: Event, entries: dict, tables: dict, set_of: dict[int, int]
) -> tuple[dict[str, int], int]:
    """When the file's tables and board sets are exactly the movement we would play
    (our own exports are): entry id → pair number, so that its movement cards show,
    and the movement's tables (a sit-out's table too). Else no numbers (no cards) and
    the tables the file uses."""
    in_file = max(Counter(t.round.number for t in tables.values()).values(), default=0)
    per = event.boards_per_round
    if any(s != (n - 1) // per + 1 for n, s in set_of.items()):
        return {}, in_file
    numbers = {e.pk: e.registration_order for e in entries.values()}
    try:
        movement = movement_build(
            kind=event.kind, pairs=len(entries), rounds=event.settings.num_rounds,
            arrow_switch=event.settings.arrow_switch,
        )  # fmt: skip
    except ValueError:
        return {}, in_file
    if sorted(numbers.values()) != list(range(1, len(entries) + 1)):
        return {}, in_file
    if len(movement.rounds) != event.settings.num_rounds:
        return {}, in_file
    for table in tables.values():
        placements = movement.rounds[table.round.number - 1]
        seat = (table.number, numbers[table.ns.pk], numbers.get(getattr(table.ew, "pk", None)))
        if not any((p.table, p.ns, p.ew) == seat and p.board_set == table.board_set
                   for p in placements):  # fmt: skip
            return {}, in_file
    return {str(pk): n for pk, n in numbers.items()}, movement.tables
