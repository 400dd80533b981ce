"""Howell movements for 3 to 10 tables (``docs/rules.md`` § Movements).

A complete Howell of T tables plays 2T − 1 rounds: every pair meets every other pair
once and plays every board set once. The meetings are the round-robin circle: pair 2T
stays at table 1 and meets pair r in round r; pairs r + i and r − i (mod 2T − 1) meet
at table i + 1. The sets are a Room square: set r + c(i) at table i + 1, for a starter
c chosen so that each pair meets each set once and the tables of a round play different
sets. No such square exists for 3 or 5 tables; there tables share a set in some
rounds (they pass its boards between them), as few as the search finds.
Directions are then turned table by table to make the movement as balanced as it gets
(``balance``). Fewer rounds play the first R rounds of the complete movement (a
three-quarter Howell is R ≈ 3(2T − 1)/4): then sets are played unequally often, which
Neuberg's formula evens out. An odd number of pairs leaves pair 2T empty: a half
table, whose pair sits out.
"""

from __future__ import annotations

import math
import random
from functools import cache, lru_cache

from .base import Movement, Placement, comparison_effects

MIN_TABLES, MAX_TABLES = 3, 10


def howell_max_rounds(tables: int) -> int:
    return 2 * tables - 1


def _meetings(tables: int) -> list[list[tuple[int, int]]]:
    """The circle's meetings: round r (0-based) → (a, b) per table, pairs 0-based,
    ``n = 2T − 1`` the stationary pair."""
    n = 2 * tables - 1
    return [[(n, r)] + [((r + i) % n, (r - i) % n) for i in range(1, tables)] for r in range(n)]


@cache
def _starter(tables: int) -> tuple[int, ...] | None:
    """c(0..T−1) with c injective and {c(0)} ∪ {c(i) ± i} every residue mod 2T − 1."""
    n = 2 * tables - 1
    chosen = [0]
    covered = {0}

    def extend(i: int) -> bool:
        if i == tables:
            return True
        for c in range(n):
            a, b = (c - i) % n, (c + i) % n
            if c in chosen or a == b or a in covered or b in covered:
                continue
            chosen.append(c)
            covered.update((a, b))
            if extend(i + 1):
                return True
            chosen.pop()
            covered.difference_update((a, b))
        return False

    return tuple(chosen) if extend(1) else None


#: Sets of the 5-table Howell (round → table → set, 0-based), found once by
#: ``_sets_shared(_meetings(5), 5, cap=2)`` (a few minutes) and kept: each pair meets
#: each set once, and no more than two tables of a round share a set.
_FIVE_TABLES = (
    (0, 0, 1, 1, 2),
    (1, 2, 2, 0, 0),
    (3, 3, 1, 1, 4),
    (4, 5, 5, 3, 6),
    (7, 7, 6, 2, 4),
    (6, 8, 8, 7, 6),
    (2, 3, 3, 5, 8),
    (5, 5, 8, 4, 0),
    (8, 7, 7, 4, 6),
)


def _sets_shared(
    meetings: list[list[tuple[int, int]]], tables: int, cap: int, budget: int | None = None
) -> list[list[int]] | None:
    """Sets without a Room square (3 and 5 tables): every pair meets every set once, a
    set at no more than ``cap`` tables of a round, and at most ``budget`` tables in all
    playing a set another table of their round plays too (None: any number)."""
    n = 2 * tables - 1
    cells = [(r, t) for r in range(n) for t in range(tables)]
    sets = [[-1] * tables for _ in range(n)]
    seen = [set() for _ in range(n + 1)]
    use = [[0] * n for _ in range(n)]
    extra = [0]

    def place(k: int) -> bool:
        if k == len(cells):
            return True
        r, t = cells[k]
        a, b = meetings[r][t]
        for s in range(n):
            if s in seen[a] or s in seen[b] or use[r][s] >= cap:
                continue
            shared = use[r][s] > 0
            if shared and budget is not None and extra[0] >= budget:
                continue
            sets[r][t] = s
            seen[a].add(s)
            seen[b].add(s)
            use[r][s] += 1
            extra[0] += shared
            if place(k + 1):
                return True
            seen[a].discard(s)
            seen[b].discard(s)
            use[r][s] -= 1
            extra[0] -= shared
        return False

    return sets if place(0) else None


def _sets_without_room_square(meetings, tables: int) -> list[list[int]]:
    if tables == 5:
        return [list(row) for row in _FIVE_TABLES]
    # 3 tables: the fewest shared tables (any two 1-factorisations of six pairs share a
    # whole round, so at least one round plays one set at all three tables).
    for budget in range(0, 2 * tables * tables):
        found = _sets_shared(meetings, tables, cap=tables, budget=budget)
        if found is not None:
            return found
    raise AssertionError("unreachable: a proper colouring always exists")


def _orient(cells: list[list[list[int]]], pairs: int, rounds: int) -> None:
    """Turn tables NS ↔ EW to even out ``comparison_effects`` (in place).

    A table's direction does not change who meets whom or which set is played, only
    which pairs at other tables are rivals (same direction) and which help (the other
    direction). Annealing with a fixed seed minimises the spread of those effects; a
    half table's empty pair counts for nothing.
    """
    size = max(a for row in cells for a, _b, _s in row) + 1
    e = [[0] * size for _ in range(size)]
    at_set: dict[int, list[list[int]]] = {}
    for row in cells[:rounds]:
        for cell in row:
            if cell[0] <= pairs and cell[1] <= pairs:
                at_set.setdefault(cell[2], []).append(cell)

    def sign(x: list[int], y: list[int]):
        # (a, b, ±1) for each couple whose effect a table pair x, y sets.
        return ((x[0], y[0], -1), (x[1], y[1], -1), (x[0], y[1], 1), (x[1], y[0], 1))

    for tables in at_set.values():
        for x in tables:
            e[x[0]][x[1]] -= len(tables) - 1  # opponents: fixed by the meetings
            e[x[1]][x[0]] -= len(tables) - 1
            for y in tables:
                if x is not y:
                    for a, b, v in sign(x, y):
                        e[a][b] += v
    flips = [cell for tables in at_set.values() for cell in tables]
    if not flips:
        return

    def delta(cell: list[int]) -> tuple[int, list[tuple[int, int, int]]]:
        # Turning ``cell`` negates its effects with every other table of its set.
        changes = []
        for y in at_set[cell[2]]:
            if y is not cell:
                for a, b, v in sign(cell, y):
                    changes += [(a, b, -2 * v), (b, a, -2 * v)]
        gain = 0
        for a, b, d in changes:
            gain += (e[a][b] + d) ** 2 - e[a][b] ** 2
        return gain, changes

    rng = random.Random(len(flips) * 7919 + pairs)
    cost = sum(v * v for row in e for v in row)
    best_cost, best = cost, [c[:2] for c in flips]
    steps = 300 * len(flips)
    for step in range(steps):
        temperature = 6.0 * (1 - step / steps) + 0.01
        cell = flips[rng.randrange(len(flips))]
        gain, changes = delta(cell)
        if gain <= 0 or rng.random() < math.exp(-gain / temperature):
            for a, b, d in changes:
                e[a][b] += d
            cell[0], cell[1] = cell[1], cell[0]
            cost += gain
            if cost < best_cost:
                best_cost, best = cost, [c[:2] for c in flips]
    for cell, (ns, ew) in zip(flips, best, strict=True):
        cell[0], cell[1] = ns, ew


@lru_cache(maxsize=64)
def howell(*, pairs: int, rounds: int | None = None) -> Movement:
    """The Howell movement for ``pairs`` pairs (6 to 20) in ``rounds`` rounds (default:
    complete, 2T − 1)."""
    tables = math.ceil(pairs / 2)
    if not MIN_TABLES <= tables <= MAX_TABLES or pairs < 2 * MIN_TABLES - 1:
        raise ValueError(f"a Howell is for {2 * MIN_TABLES - 1} to {2 * MAX_TABLES} pairs")
    n = howell_max_rounds(tables)
    rounds = n if rounds is None else rounds
    if not 1 <= rounds <= n:
        raise ValueError(f"a Howell of {tables} tables plays 1 to {n} rounds")
    meetings = _meetings(tables)
    starter = _starter(tables)
    if starter is not None:
        sets = [[(r + starter[t]) % n for t in range(tables)] for r in range(n)]
    else:
        sets = _sets_without_room_square(meetings, tables)
    cells = [
        [[a + 1, b + 1, sets[r][t] + 1] for t, (a, b) in enumerate(meetings[r])] for r in range(n)
    ]
    _orient(cells, pairs, rounds)
    # Sets numbered in the order they are first played; sets never played are dropped
    # (and a half table's placement with one, its pair sitting out all the same).
    order: dict[int, int] = {}
    for row in cells[:rounds]:
        for ns, ew, s in row:
            if ns <= pairs and ew <= pairs:
                order.setdefault(s, len(order) + 1)
    return Movement(
        kind="howell",
        pairs=pairs,
        tables=tables,
        sets=len(order),
        rounds=tuple(
            tuple(
                Placement(
                    t + 1,
                    ns if ns <= pairs else None,
                    ew if ew <= pairs else None,
                    order[s],
                )
                for t, (ns, ew, s) in enumerate(row)
                if s in order
            )
            for row in cells[:rounds]
        ),
    )


__all__ = ["howell", "howell_max_rounds", "comparison_effects"]
