"""Movements of pairs events: who sits where and plays which board set each round
(``docs/rules.md`` § Movements). Pure Python, tested without a database."""

from .base import (
    EW,
    NS,
    CardLine,
    Movement,
    Placement,
    balance,
    comparison_effects,
    movement_problems,
)
from .howell import MAX_TABLES, MIN_TABLES, howell, howell_max_rounds
from .mitchell import mitchell, mitchell_arrow_rounds, mitchell_max_rounds

MOVEMENTS = ("mitchell", "howell")


def movement_build(*, kind: str, pairs: int, rounds: int, arrow_switch: bool = False) -> Movement:
    """The movement of ``kind`` for ``pairs`` pairs and ``rounds`` rounds."""
    if kind == "mitchell":
        return mitchell(pairs=pairs, rounds=rounds, arrow_switch=arrow_switch)
    if kind == "howell":
        return howell(pairs=pairs, rounds=rounds)
    raise ValueError(f"movement must be one of {MOVEMENTS}, got {kind!r}")


def movement_max_rounds(*, kind: str, pairs: int) -> int:
    """Most rounds the movement of ``kind`` plays for ``pairs`` pairs."""
    tables = -(-pairs // 2)
    return mitchell_max_rounds(tables) if kind == "mitchell" else howell_max_rounds(tables)


__all__ = [
    "EW",
    "MAX_TABLES",
    "MIN_TABLES",
    "MOVEMENTS",
    "NS",
    "CardLine",
    "Movement",
    "Placement",
    "balance",
    "comparison_effects",
    "howell",
    "howell_max_rounds",
    "mitchell",
    "mitchell_arrow_rounds",
    "mitchell_max_rounds",
    "movement_build",
    "movement_max_rounds",
    "movement_problems",
]
