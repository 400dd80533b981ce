"""Mitchell movements (``docs/rules.md`` § Movements).

NS pairs 1..T stay at tables 1..T; EW pairs T+1..2T move up one table each round
(table T to table 1) and the board sets move down one (table 1 to table T). With an
odd number of tables the EW pairs then meet every set once in T rounds. With an even
number they would meet the sets they had already played after T/2 rounds, so the EW
pairs *skip* a table at the halfway point (they move up two), which plays T − 1 rounds
without a repeat. An odd number of pairs leaves EW pair 2T empty: its opponents sit out.

An arrow switch turns the tables' directions in the last ⌈R/4⌉ rounds (at least one),
so that every pair plays some boards each way and all pairs are one field.
"""

from __future__ import annotations

import math

from .base import EW, NS, Movement, Placement


def mitchell_max_rounds(tables: int) -> int:
    """Most rounds a Mitchell of ``tables`` tables plays without a repeat."""
    return tables if tables % 2 else tables - 1


def mitchell_arrow_rounds(rounds: int) -> frozenset[int]:
    """The rounds (1-based) in which an arrow-switched Mitchell turns its tables."""
    switched = max(1, math.ceil(rounds / 4))
    return frozenset(range(rounds - switched + 1, rounds + 1))


def mitchell(*, pairs: int, rounds: int, arrow_switch: bool = False) -> Movement:
    """The Mitchell movement for ``pairs`` pairs in ``rounds`` rounds."""
    if pairs < 3:
        raise ValueError("a Mitchell needs at least 3 pairs (2 tables)")
    tables = math.ceil(pairs / 2)
    most = mitchell_max_rounds(tables)
    if not 1 <= rounds <= most:
        raise ValueError(f"a Mitchell of {tables} tables plays 1 to {most} rounds")
    switched = mitchell_arrow_rounds(rounds) if arrow_switch else frozenset()
    result = []
    for r in range(rounds):
        skip = 1 if tables % 2 == 0 and r >= tables // 2 else 0
        placements = []
        for t in range(tables):
            ns = t + 1
            ew = tables + 1 + (t - r - skip) % tables
            ew_pair = ew if ew <= pairs else None
            set_number = (t + r) % tables + 1
            if r + 1 in switched:
                placements.append(Placement(t + 1, ew_pair, ns, set_number))
            else:
                placements.append(Placement(t + 1, ns, ew_pair, set_number))
        result.append(tuple(placements))
    fields = {} if arrow_switch else {p: (NS if p <= tables else EW) for p in range(1, pairs + 1)}
    return Movement(
        kind="mitchell",
        pairs=pairs,
        tables=tables,
        sets=tables,
        rounds=tuple(result),
        arrow_switch_rounds=switched,
        fields=fields,
    )
