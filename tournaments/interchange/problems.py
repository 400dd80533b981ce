"""Short error messages about many boards: one line per kind of problem, boards grouped.

A file with the same fault on forty boards says it once ("Boards 11-20, 31: ..."), and
no message grows past a few lines whatever the file holds. Pure Python: the services
pass their translated labels, the readers the English ones.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

__all__ = ["MAX_KINDS", "board_ranges", "problems_summary"]

#: Kinds of problem named before "and N more".
MAX_KINDS = 5
_MAX_RANGES = 8


def board_ranges(numbers: Iterable[int]) -> str:
    """ "1-3, 7, 11-20" for the board numbers given (at most eight runs, then "…")."""
    runs: list[list[int]] = []
    for n in sorted(set(numbers)):
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    parts = [str(a) if a == b else f"{a}–{b}" for a, b in runs[:_MAX_RANGES]]
    if len(runs) > _MAX_RANGES:
        parts.append("…")
    return ", ".join(parts)


def _more(n: int) -> str:
    return f"and {n} more problem" if n == 1 else f"and {n} more problems"


def problems_summary(
    problems: Iterable[tuple[int | None, str]],
    *,
    board: str = "Board %s",
    boards: str = "Boards %s",
    more: Callable[[int], str] | None = None,
) -> str:
    """One sentence per distinct message, prefixed with the boards that have it.

    ``problems`` are ``(board number or None, message)``; ``board``/``boards`` label one
    or several boards, ``more(n)`` counts the kinds left out after :data:`MAX_KINDS`
    ("and 1 more problem", "and 4 more problems").
    """
    grouped: dict[str, list[int]] = {}
    for number, message in problems:
        grouped.setdefault(message, [])
        if number is not None:
            grouped[message].append(number)
    parts = []
    for message, numbers in list(grouped.items())[:MAX_KINDS]:
        if not numbers:
            parts.append(message)
            continue
        label = board if len(set(numbers)) == 1 else boards
        parts.append(f"{label % board_ranges(numbers)}: {message}")
    text = " ".join(parts)
    if len(grouped) > MAX_KINDS:
        left = len(grouped) - MAX_KINDS
        text += " " + (more or _more)(left) + "."
    return text
