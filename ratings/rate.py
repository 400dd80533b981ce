"""The whole-field Rate (``docs/rules.md`` § The Rate): pure maths on plain values and
numpy arrays, no Django.

* ``field_ximps``: every result's cross-IMPs (NS view) against the other results of its
  board in the field of the week.
* ``board_percentage`` / ``board_rate``: a board's result as a percentage, and the
  player's board Rate with the partner/opponent balance.
* ``rate_fold``: the week's Rate folded into the old one with the fading weight.
* ``week_rates``: all of it for a whole field at once (arrays, no loop per player).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from scoring.fast import cross_imps_matrix


def field_ximps(board_ids: NDArray, ns_scores: NDArray) -> NDArray[np.float64]:
    """The NS cross-IMPs of every result (same order as the inputs): each result
    against every other result of the same board, the sum divided by n − 1 (a board's
    single result scores 0). Boards with the same number of results are scored
    together as one matrix."""
    board_ids = np.asarray(board_ids, dtype=np.int64)
    scores = np.asarray(ns_scores, dtype=np.int64)
    out = np.zeros(len(scores), dtype=np.float64)
    if not len(scores):
        return out
    order = np.argsort(board_ids, kind="stable")
    sorted_boards = board_ids[order]
    starts = np.flatnonzero(np.r_[True, sorted_boards[1:] != sorted_boards[:-1]])
    counts = np.diff(np.r_[starts, len(order)])
    for n in np.unique(counts):
        if n <= 1:
            continue
        first = starts[counts == n]
        index = order[first[:, None] + np.arange(n)[None, :]]  # boards × n result rows
        out[index] = cross_imps_matrix(scores[index])
    return out


def board_percentage(ximp: float, p_scale: float) -> float:
    """p = 50 + 50·tanh(XIMP / p_scale)."""
    return 50.0 + 50.0 * math.tanh(ximp / p_scale)


def board_rate(
    *, ximp: float, partner: float, opponents: tuple[float, float], p_scale: float
) -> float:
    """r = clamp(2q − R_partner, 0, 100) with q = p − 50 + (R_opp1 + R_opp2) / 2."""
    q = board_percentage(ximp, p_scale) - 50.0 + (opponents[0] + opponents[1]) / 2.0
    return min(100.0, max(0.0, 2.0 * q - partner))


def rate_fold(
    *, rate: float, weight: float, week_rate: float | None, boards: int, fade: float
) -> tuple[float, float]:
    """(new Rate, new weight): (R·W + week_rate·n) / (W + n), then W ← fade·(W + n).
    With no boards the Rate stays and the weight fades."""
    if boards and week_rate is not None and weight + boards > 0:
        rate = (rate * weight + week_rate * boards) / (weight + boards)
    return rate, fade * (weight + boards)


@dataclass(frozen=True)
class WeekArrays:
    """One row per board a player played (or was disconnected on) this week.

    ``player``, ``partner``, ``opp1``, ``opp2`` index the ``rate``/``weight`` arrays of
    the rated players (−1: nobody, e.g. a disconnection without a result; the rate used
    is then the starting Rate). ``ximp`` is the player's side's cross-IMPs (NaN when
    there is no result); ``disconnected`` gives the board a Rate of its own."""

    player: NDArray[np.int64]
    partner: NDArray[np.int64]
    opp1: NDArray[np.int64]
    opp2: NDArray[np.int64]
    ximp: NDArray[np.float64]
    disconnected: NDArray[np.bool_]


@dataclass(frozen=True)
class WeekOutcome:
    r: NDArray[np.float64]  # each line's board Rate
    boards: NDArray[np.int64]  # per player
    week_rate: NDArray[np.float64]  # per player, NaN with no boards
    rate_after: NDArray[np.float64]
    weight_after: NDArray[np.float64]


def week_rates(
    *,
    rate: NDArray[np.float64],
    weight: NDArray[np.float64],
    lines: WeekArrays,
    p_scale: float,
    fade: float,
    start: float,
    disconnect_rate: float,
) -> WeekOutcome:
    """Every board Rate of the week and every player's new Rate and weight, with the
    partner's and opponents' Rates from before the week (``rate``)."""
    players = len(rate)
    rates = np.append(np.asarray(rate, dtype=np.float64), start)  # index −1: nobody

    def of(index: NDArray[np.int64]) -> NDArray[np.float64]:
        return rates[np.where(index < 0, players, index)]

    ximp = np.nan_to_num(lines.ximp, nan=0.0)
    p = 50.0 + 50.0 * np.tanh(ximp / p_scale)
    q = p - 50.0 + (of(lines.opp1) + of(lines.opp2)) / 2.0
    r = np.clip(2.0 * q - of(lines.partner), 0.0, 100.0)
    r = np.where(lines.disconnected, disconnect_rate, r)
    boards = np.bincount(lines.player, minlength=players).astype(np.int64)
    sums = np.bincount(lines.player, weights=r, minlength=players)
    with np.errstate(invalid="ignore", divide="ignore"):
        week_rate = np.where(boards > 0, sums / np.maximum(boards, 1), np.nan)
    weight = np.asarray(weight, dtype=np.float64)
    total = weight + boards
    folded = np.where(
        boards > 0,
        (rate * weight + np.nan_to_num(week_rate) * boards) / np.where(total > 0, total, 1.0),
        rate,
    )
    return WeekOutcome(
        r=r, boards=boards, week_rate=week_rate, rate_after=folded, weight_after=fade * total
    )
