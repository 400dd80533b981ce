"""Victory points: IMP margins of a team match converted to a 20-point share.

Three scales, all data to the rest of the product (``VP_SCALES``, :func:`vp_convert`):

* ``wbf2013``: the WBF 2013 continuous scale with the WBF concavity correction (default);
* ``wbf_discrete``: whole VPs on the same curve (the continuous scale rounded to the
  nearest whole VP; see :func:`vp_wbf_discrete`);
* ``table``: a director's table of IMP margin bands (:class:`VpTable`).

Every scale gives the winner at least 10 and the pair always sums to 20.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from scoring.contracts import _as_int

__all__ = [
    "VP_SCALES",
    "VpTable",
    "vp_convert",
    "vp_table_load",
    "vp_wbf",
    "vp_wbf_discrete",
    "vp_wbf_table",
]

_TAU = (math.sqrt(5) - 1) / 2

#: The scales an event may choose (``vp_convert``'s ``scale``).
VP_SCALES = ("wbf2013", "wbf_discrete", "table")


@lru_cache(maxsize=128)
def _table_cents(boards: int) -> tuple[int, ...]:
    """Winner's VP in hundredths for margins 0, 1, … up to the first margin worth 20.00."""
    blitz = 15 * math.sqrt(boards)
    cents: list[int] = []
    margin = 0
    while True:
        vp = min(20.0, 10 + 10 * (1 - _TAU ** (3 * margin / blitz)) / (1 - _TAU**3))
        cents.append(min(2000, math.floor(vp * 100 + 0.5)))
        if cents[-1] >= 2000:
            break
        margin += 1
    # Make the table concave as the published WBF tables are: walking up the margins,
    # while the next step is larger than the previous one, add 0.01 to this cell.
    # Raising a cell can make the step below it smaller than the step above that, so
    # the walk is repeated until a whole pass changes nothing (from 18 boards on one
    # pass is not enough: 18 boards, 42 IMPs is 18.05; 24 boards, 41 IMPs is 17.25).
    changed = True
    while changed:
        changed = False
        for m in range(1, len(cents) - 1):
            while cents[m + 1] - cents[m] > cents[m] - cents[m - 1]:
                cents[m] += 1
                changed = True
    return tuple(cents)


def _boards(boards) -> int:
    boards = _as_int(boards, "boards")
    if boards < 1:
        raise ValueError(f"boards must be >= 1, got {boards}")
    return boards


def _split(winner_cents: int, margin: int) -> tuple[float, float]:
    """(this side, opponents) from the winner's share in hundredths and the margin."""
    winner, loser = winner_cents / 100, (2000 - winner_cents) / 100
    return (loser, winner) if margin < 0 else (winner, loser)


def vp_wbf_table(boards: int) -> list[float]:
    """The winner's VP for margins 0, 1, 2, … until 20.00 (one row of the WBF table).

    >>> vp_wbf_table(8)[:4]
    [10.0, 10.44, 10.86, 11.27]
    """
    return [c / 100 for c in _table_cents(_boards(boards))]


def vp_wbf(imp_margin: int, boards: int) -> tuple[float, float]:
    """VPs (this side, opponents) for an IMP margin over a match of ``boards`` boards.

    WBF 2013 continuous scale (B = 15√N, τ = (√5 − 1)/2), rounded to 2 decimals and made
    concave; a negative margin gives the smaller share; the pair always sums to 20.

    >>> vp_wbf(14, 16), vp_wbf(-14, 16), vp_wbf(0, 8)
    ((13.75, 6.25), (6.25, 13.75), (10.0, 10.0))
    >>> vp_wbf(41, 24), vp_wbf(42, 18)
    ((17.25, 2.75), (18.05, 1.95))
    """
    margin = _as_int(imp_margin, "imp_margin")
    table = _table_cents(_boards(boards))
    winner = table[min(abs(margin), len(table) - 1)]
    return _split(winner, margin)


def vp_wbf_discrete(imp_margin: int, boards: int) -> tuple[float, float]:
    """Whole VPs (this side, opponents): the continuous WBF 2013 scale rounded to the
    nearest whole VP (a half rounds up).

    The WBF publishes discrete 20-point tables for the usual match lengths; they are
    not shipped here, so this scale is derived from the continuous one (it stays
    monotone and sums to 20; a band may differ by one IMP from a published table). A
    director who needs a published table exactly loads it as a ``table`` scale.

    >>> vp_wbf_discrete(14, 16), vp_wbf_discrete(-2, 16), vp_wbf_discrete(0, 8)
    ((14.0, 6.0), (9.0, 11.0), (10.0, 10.0))
    """
    margin = _as_int(imp_margin, "imp_margin")
    table = _table_cents(_boards(boards))
    cents = table[min(abs(margin), len(table) - 1)]
    return _split((cents + 50) // 100 * 100, margin)


@dataclass(frozen=True)
class VpTable:
    """A director's scale: ``bands[i] = (lowest margin, winner's VP)``, margins rising
    from 0, VPs non-decreasing from 10 to at most 20. The loser gets 20 − winner."""

    bands: tuple[tuple[int, float], ...]

    def vp(self, imp_margin: int) -> tuple[float, float]:
        margin = _as_int(imp_margin, "imp_margin")
        winner = 10.0
        for low, vp in self.bands:
            if abs(margin) < low:
                break
            winner = vp
        return _split(round(winner * 100), margin)


def vp_table_load(bands: Iterable[Sequence]) -> VpTable:
    """Validate a director's table: ``[[lowest margin, winner VP], …]``.

    The first band starts at margin 0 with 10 VP (a draw), margins strictly rise, VPs
    never fall and stay within 10..20 in hundredths; anything else is a ``ValueError``.

    >>> t = vp_table_load([[0, 10], [3, 11], [8, 12], [14, 13], [20, 14], [30, 16], [50, 20]])
    >>> t.vp(2), t.vp(9), t.vp(-31), t.vp(80)
    ((10.0, 10.0), (12.0, 8.0), (4.0, 16.0), (20.0, 0.0))
    >>> vp_table_load([[0, 10], [5, 12], [9, 11]])
    Traceback (most recent call last):
    ...
    ValueError: VPs must not fall as the margin rises (band 3)
    """
    rows: list[tuple[int, float]] = []
    try:
        raw = [tuple(band) for band in bands]
    except TypeError as exc:
        raise ValueError("a VP table is a list of [lowest margin, VP] bands") from exc
    for i, band in enumerate(raw, 1):
        if len(band) != 2:
            raise ValueError(f"band {i} must be [lowest margin, VP]")
        low = _as_int(band[0], "margin")
        vp = band[1]
        if isinstance(vp, bool) or not isinstance(vp, int | float) or not math.isfinite(vp):
            raise ValueError(f"band {i}: the VP must be a number")
        if round(vp * 100) != round(vp * 100, 6):
            raise ValueError(f"band {i}: VPs have at most two decimals")
        rows.append((low, round(float(vp), 2)))
    if not rows:
        raise ValueError("a VP table needs at least one band")
    if rows[0] != (0, 10.0):
        raise ValueError("the first band must be [0, 10] (a drawn match is 10-10)")
    for i in range(1, len(rows)):
        if rows[i][0] <= rows[i - 1][0]:
            raise ValueError(f"margins must rise from band to band (band {i + 1})")
        if rows[i][1] < rows[i - 1][1]:
            raise ValueError(f"VPs must not fall as the margin rises (band {i + 1})")
        if rows[i][1] > 20:
            raise ValueError(f"a winner gets at most 20 VPs (band {i + 1})")
    return VpTable(bands=tuple(rows))


def vp_convert(
    imp_margin: int, boards: int, scale: str = "wbf2013", *, table: VpTable | None = None
) -> tuple[float, float]:
    """VPs (this side, opponents) on ``scale`` (one of ``VP_SCALES``).

    >>> vp_convert(14, 16), vp_convert(14, 16, "wbf_discrete")
    ((13.75, 6.25), (14.0, 6.0))
    """
    if scale == "wbf2013":
        return vp_wbf(imp_margin, boards)
    if scale == "wbf_discrete":
        return vp_wbf_discrete(imp_margin, boards)
    if scale == "table":
        if table is None:
            raise ValueError("the table scale needs a VP table")
        _boards(boards)
        return table.vp(imp_margin)
    raise ValueError(f"unknown VP scale {scale!r} (one of {', '.join(VP_SCALES)})")
