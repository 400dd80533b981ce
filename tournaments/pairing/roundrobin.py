"""Round-robin schedule by the circle method: plain data in, plain data out (no Django).

:func:`round_robin` gives every round's matches for ``ids`` in their order (registration
order): every two teams meet exactly once. With an odd number of teams a phantom is
added and whoever meets it has the bye that round (``(team, None)``), so every team has
exactly one bye. The first team stays in place and the others turn round it; the first
team's home and away alternate by round; in each round the match of the fixed position
comes first and the bye last.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["round_robin", "round_robin_rounds"]


def round_robin_rounds(teams: int) -> int:
    """How many rounds a round robin of ``teams`` teams has (n − 1, or n when odd)."""
    if teams < 2:
        raise ValueError("a round robin needs at least two teams")
    return teams if teams % 2 else teams - 1


def round_robin(ids: Sequence[int]) -> list[list[tuple[int, int | None]]]:
    """Every round's matches ``(home, away)``; ``away`` None is a bye.

    >>> round_robin([1, 2, 3, 4])
    [[(1, 4), (2, 3)], [(3, 1), (4, 2)], [(1, 2), (3, 4)]]
    >>> round_robin([1, 2, 3])
    [[(2, 3), (1, None)], [(3, 1), (2, None)], [(1, 2), (3, None)]]
    """
    if len(set(ids)) != len(ids):
        raise ValueError("team ids must be distinct")
    round_robin_rounds(len(ids))
    slots: list[int | None] = list(ids)
    if len(slots) % 2:
        slots.append(None)
    n = len(slots)
    rounds: list[list[tuple[int, int | None]]] = []
    for r in range(n - 1):
        matches = []
        for i in range(n // 2):
            a, b = slots[i], slots[n - 1 - i]
            if i == 0 and r % 2:
                a, b = b, a
            if a is None:  # whoever meets the phantom has the bye
                a, b = b, None
            matches.append((a, b))
        rounds.append(sorted(matches, key=lambda m: m[1] is None))  # the bye last
        slots = [slots[0], slots[-1], *slots[1:-1]]  # turn everyone but the first
    return rounds
