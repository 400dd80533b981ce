"""Vectorised (numpy) bulk scoring, bit-for-bit equal to the scalar functions.

Not imported by ``import scoring`` (the core package is pure Python): use
``from scoring.fast import ...``. Matrix functions take a 2-D array of NS scores,
boards × results, with the same number of results on every board.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from scoring.imps import IMP_THRESHOLDS, butler_trim_count

__all__ = [
    "butler_datum_array",
    "butler_imps_matrix",
    "contract_scores_array",
    "cross_imps_matrix",
    "imps_array",
    "matchpoints_matrix",
]

_THRESHOLDS = np.array(IMP_THRESHOLDS, dtype=np.int64)
_LUT_SPAN = 16384  # covers every difference of two Law 77 scores (|score| <= 7600)
#: IMPs for every integer difference -16384..16384 (index = difference + 16384), 32 KB.
_IMP_LUT = (
    np.sign(np.arange(-_LUT_SPAN, _LUT_SPAN + 1))
    * np.searchsorted(_THRESHOLDS, np.abs(np.arange(-_LUT_SPAN, _LUT_SPAN + 1)), side="right")
).astype(np.int8)
_CHUNK_CELLS = 4_000_000  # pairwise cells per chunk in cross_imps_matrix


def _int_array(values: ArrayLike, name: str, low: int, high: int) -> NDArray[np.int64]:
    """``values`` as an int64 array, checking integrality and the range low..high."""
    arr = np.asarray(values)
    if arr.dtype == bool:
        arr = arr.astype(np.int64)
    integral = np.issubdtype(arr.dtype, np.integer) or (
        np.issubdtype(arr.dtype, np.floating) and bool(np.all(np.mod(arr, 1) == 0))
    )
    if not integral:
        raise ValueError(f"{name} must hold integers")
    arr = arr.astype(np.int64)
    if arr.size and (arr.min() < low or arr.max() > high):
        raise ValueError(f"{name} must be in {low}..{high}")
    return arr


def _contract_scores_formula(
    lv: NDArray[np.int64],
    st: NDArray[np.int64],
    dbl: NDArray[np.int64],
    vul: NDArray[np.bool_],
    tr: NDArray[np.int64],
) -> NDArray[np.int64]:
    """Law 77 with array arithmetic (validated inputs; level 0 = passed out → 0)."""
    need = lv + 6
    odd = np.where(st <= 1, 20, 30)
    multiplier = np.left_shift(1, dbl)  # 1, 2, 4
    trick_score = (lv * odd + np.where(st == 4, 10, 0)) * multiplier
    game = np.where(vul, 500, 300)
    bonus = np.where(trick_score >= 100, game, 50)
    bonus += np.where(lv == 6, np.where(vul, 750, 500), 0)
    bonus += np.where(lv == 7, np.where(vul, 1500, 1000), 0)
    bonus += 50 * dbl
    over_value = np.where(dbl == 0, odd, np.where(vul, 200, 100) * dbl)
    made = trick_score + bonus + (tr - need) * over_value

    down = need - tr
    undoubled = down * np.where(vul, 100, 50)
    doubled_nv = 100 + 200 * np.minimum(down - 1, 2) + 300 * np.maximum(down - 3, 0)
    doubled_v = 200 + 300 * (down - 1)
    penalty = np.where(dbl == 0, undoubled, np.where(vul, doubled_v, doubled_nv) * dbl)

    score = np.where(tr >= need, made, -penalty)
    return np.where(lv == 0, 0, score).astype(np.int64)


def _contract_lut() -> NDArray[np.int32]:
    """Score of every (level 0..7, strain, doubled, vulnerable, tricks) combination, flat."""
    grid = np.meshgrid(
        np.arange(8), np.arange(5), np.arange(3), np.arange(2), np.arange(14), indexing="ij"
    )
    lv, st, dbl, vul, tr = (g.ravel() for g in grid)
    return _contract_scores_formula(lv, st, dbl, vul.astype(bool), tr).astype(np.int32)


#: 8 × 5 × 3 × 2 × 14 = 3,360 scores; index ((((level·5 + strain)·3 + doubled)·2 + vul)·14 + tricks.
_CONTRACT_LUT = _contract_lut()


def contract_scores_array(
    level: ArrayLike,
    strain_idx: ArrayLike,
    doubled: ArrayLike,
    vulnerable: ArrayLike,
    tricks: ArrayLike,
) -> NDArray[np.int64]:
    """Declaring side's scores (Law 77) for arrays of results, like :func:`contract_score`.

    Args:
        level: 1..7, or 0 for a passed-out board (scores 0 whatever the other fields).
        strain_idx: 0 = C, 1 = D, 2 = H, 3 = S, 4 = NT (see :data:`scoring.STRAINS`).
        doubled: 0, 1 (X) or 2 (XX).
        vulnerable: declaring side vulnerable (bool or 0/1).
        tricks: tricks taken by declarer, 0..13.

    The arrays are broadcast together. Raises ``ValueError`` on out-of-range values.
    The scores come from a 3,360-entry table built once with array arithmetic.
    """
    lv = _int_array(level, "level", 0, 7)
    st = _int_array(strain_idx, "strain_idx", 0, 4)
    dbl = _int_array(doubled, "doubled", 0, 2)
    vul = _int_array(vulnerable, "vulnerable", 0, 1)
    tr = _int_array(tricks, "tricks", 0, 13)
    index = (((lv * 5 + st) * 3 + dbl) * 2 + vul) * 14 + tr
    return np.take(_CONTRACT_LUT, index).astype(np.int64)


def imps_array(diff: ArrayLike) -> NDArray[np.int64]:
    """Signed WBF IMPs of an array of differences (same as :func:`scoring.imps`)."""
    arr = np.asarray(diff)
    if np.issubdtype(arr.dtype, np.integer) or arr.dtype == bool:
        wide = arr.astype(np.int64)
        index = np.clip(wide, -_LUT_SPAN, _LUT_SPAN) + _LUT_SPAN
        return _IMP_LUT[index].astype(np.int64)
    arr = arr.astype(np.float64)
    if np.isnan(arr).any():
        raise ValueError("difference is NaN")
    value = np.searchsorted(_THRESHOLDS, np.abs(arr), side="right").astype(np.int64)
    return np.where(arr < 0, -value, value)


def _scores_2d(scores2d: ArrayLike) -> NDArray[np.int64]:
    """Validate a boards × results array of integer NS scores."""
    arr = np.asarray(scores2d)
    if arr.ndim != 2:
        raise ValueError("expected a 2-D array: boards × results")
    return _int_array(arr, "scores", -(2**40), 2**40)


def cross_imps_matrix(scores2d: ArrayLike) -> NDArray[np.float64]:
    """Cross-IMPs of every result of every board (same as :func:`scoring.cross_imps`).

    Builds the n × n differences of a chunk of boards at a time and looks their IMPs up
    in a table (int16 arithmetic when every |score| ≤ 8000, as all Law 77 scores are).
    """
    s = _scores_2d(scores2d)
    boards, n = s.shape
    if n <= 1 or boards == 0:
        return np.zeros(s.shape, dtype=np.float64)
    totals = np.empty(s.shape, dtype=np.int64)
    small = int(np.abs(s).max()) <= 8000  # differences + offset fit in int16
    work = s.astype(np.int16 if small else np.int64)
    sum_type = np.int16 if 24 * n < 2**15 else np.int64
    step = max(1, _CHUNK_CELLS // (n * n))
    for start in range(0, boards, step):
        block = work[start : start + step]
        diff = block[:, :, None] - block[:, None, :]
        if not small:
            np.clip(diff, -_LUT_SPAN, _LUT_SPAN, out=diff)
        diff += _LUT_SPAN
        values = np.take(_IMP_LUT, diff).astype(sum_type)
        totals[start : start + step] = values.sum(axis=2, dtype=sum_type)
    return totals / (n - 1)


def butler_datum_array(scores2d: ArrayLike) -> NDArray[np.int64]:
    """The datum of every board (same as :func:`scoring.butler_datum`)."""
    s = _scores_2d(scores2d)
    boards, n = s.shape
    if n == 0:
        raise ValueError("a datum needs at least one score")
    k = butler_trim_count(n)
    total = np.sort(s, axis=1)[:, k : n - k].sum(axis=1)
    count = 10 * (n - 2 * k)
    tens = (2 * np.abs(total) + count) // (2 * count)  # floor(|mean|/10 + 1/2)
    return np.where(total < 0, -10 * tens, 10 * tens)


def butler_imps_matrix(scores2d: ArrayLike) -> NDArray[np.int64]:
    """Datum IMPs of every result of every board (same as :func:`scoring.butler_imps`)."""
    s = _scores_2d(scores2d)
    if s.shape[1] == 0:
        return np.zeros(s.shape, dtype=np.int64)
    return imps_array(s - butler_datum_array(s)[:, None])


def matchpoints_matrix(scores2d: ArrayLike) -> NDArray[np.float64]:
    """Matchpoints of every result of every board (same as :func:`scoring.matchpoints`).

    Sorts each board once (value and column packed into one key); in a sorted row a
    result beats the results before its group of equal scores and ties with the rest
    of that group.
    """
    s = _scores_2d(scores2d)
    boards, n = s.shape
    if s.size == 0:
        return np.zeros(s.shape, dtype=np.float64)
    low = s.min()
    if (int(s.max() - low) + 1) * n >= 2**62:  # keys would overflow: compare pairwise
        return _matchpoints_pairwise(s)
    keys = (s - low) * n + np.arange(n, dtype=np.int64)
    keys.sort(axis=1)
    values = (keys // n).ravel()
    columns = (keys % n).ravel()
    size = values.size
    index = np.arange(size, dtype=np.int64)
    row_start = index - index % n
    new_group = np.empty(size, dtype=bool)
    new_group[0] = True
    np.not_equal(values[1:], values[:-1], out=new_group[1:])
    new_group[::n] = True
    # First index of each result's group of ties, and one past its last index.
    first = np.maximum.accumulate(np.where(new_group, index, 0))
    group_end = np.empty(size, dtype=bool)
    group_end[:-1] = new_group[1:]
    group_end[-1] = True
    past = np.minimum.accumulate(np.where(group_end, index + 1, size + 1)[::-1])[::-1]
    points = np.empty(size, dtype=np.float64)
    points[row_start + columns] = first + past - 2 * row_start - 1
    return points.reshape(boards, n)


def _matchpoints_pairwise(s: NDArray[np.int64]) -> NDArray[np.float64]:
    """Matchpoints by pairwise comparison (for score ranges too wide for packed keys)."""
    boards, n = s.shape
    step = max(1, _CHUNK_CELLS // (n * n))
    out = np.empty(s.shape, dtype=np.float64)
    for start in range(0, boards, step):
        b = s[start : start + step]
        beaten = (b[:, :, None] > b[:, None, :]).sum(axis=2)
        tied = (b[:, :, None] == b[:, None, :]).sum(axis=2) - 1
        out[start : start + step] = 2 * beaten + tied
    return out
