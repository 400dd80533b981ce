"""Swiss-pairs seating (`docs/rules.md` § Swiss pairs, "Seating"): plain data in, plain data out.

Rules implemented by :func:`swiss_pair`:

* **Ranking**: round 1 by registration ``order``; later rounds by ``score`` descending,
  then ``order`` ascending (then ``id``, only to make the order total).  The result does
  not depend on the order of the input sequence.
* **Round 1**: 1 v 2, 3 v 4, ... by registration order; with an odd field the last
  registered pair has the bye.  Histories are ignored (``repeats`` still reports them).
* **Later rounds, bye**: the lowest-placed pair that has not had a bye (if all have had
  one, the lowest-placed pair).  If that choice forces a repeat, the next eligible
  candidates upwards (up to :data:`BYE_TRIES` of them) are tried and the first one that
  gives the fewest repeats is taken.  A pair that already had a bye is never chosen
  while an eligible pair exists, even if it would avoid a repeat: no second bye beats
  no repeat.
* **Later rounds, tables**: :func:`~tournaments.pairing.matching.pair_ranked`, an
  exact weighted matching minimising squared rank distance on a sparse graph of
  non-opponents, never a repeat when a repeat-free pairing of the field exists.
* **Table order / directions**: table 1 holds the highest-ranked pair; tables follow the
  rank of their higher-ranked pair; the higher-ranked pair of a table sits NS.
* **Errors**: ``ValueError`` for duplicate ids, NaN scores, ``round_number < 1`` and for
  fewer than two pairs (a one-pair event cannot be seated: there is no table to play,
  so the caller must not start it rather than award a bye).
* **Determinism**: the algorithm uses no randomness; ``seed`` is accepted for API
  stability and ignored (every tie is already broken by ``order`` and ``id``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.pairing.matching import pair_ranked

BYE_TRIES = 16
"""Bye candidates tried (lowest first) when the first choice forces a repeat."""


@dataclass(frozen=True)
class PairState:
    """One entry (pair) of a Swiss event before seating a round."""

    id: int
    score: float
    order: int
    opponents: frozenset[int]
    had_bye: bool = False


@dataclass(frozen=True)
class Pairing:
    """Seating of one round."""

    tables: list[tuple[int, int]]
    """``(ns_id, ew_id)`` in table order; table 1 holds the top-ranked pair."""
    bye: int | None
    repeats: int
    """Tables whose pairs met before (0 whenever a repeat-free seating exists)."""


def rank_pairs(pairs: Sequence[PairState], *, round_number: int) -> list[PairState]:
    """Return the pairs in seating rank order (see module docstring)."""
    if round_number == 1:
        return sorted(pairs, key=lambda p: (p.order, p.id))
    return sorted(pairs, key=lambda p: (-p.score, p.order, p.id))


def _validate(pairs: Sequence[PairState], round_number: int) -> None:
    if round_number < 1:
        raise ValueError(f"round_number must be >= 1, got {round_number}")
    if len(pairs) < 2:
        raise ValueError("Swiss seating needs at least two pairs")
    ids = [p.id for p in pairs]
    if len(set(ids)) != len(ids):
        raise ValueError("duplicate pair ids")
    if any(math.isnan(p.score) for p in pairs):
        raise ValueError("pair score is NaN")


def _met(pairs: Sequence[PairState]) -> dict[int, set[int]]:
    """Symmetric meeting history restricted to the field (A met B if either says so)."""
    field = {p.id for p in pairs}
    met: dict[int, set[int]] = {p.id: set() for p in pairs}
    for p in pairs:
        for o in p.opponents:
            if o in field and o != p.id:
                met[p.id].add(o)
                met[o].add(p.id)
    return met


def _seat(ranked: Sequence[PairState], met: dict[int, set[int]]) -> list[tuple[int, int]]:
    """Pair an even ranked list by weighted matching; tables in rank order, NS higher."""
    pos = {p.id: i for i, p in enumerate(ranked)}
    conflicts = [{pos[o] for o in met[p.id] if o in pos} for p in ranked]
    return [(ranked[a].id, ranked[b].id) for a, b in pair_ranked(len(ranked), conflicts)]


def _count_repeats(tables: Sequence[tuple[int, int]], met: dict[int, set[int]]) -> int:
    return sum(1 for a, b in tables if b in met[a])


def swiss_pair(pairs: Sequence[PairState], *, round_number: int, seed: int = 0) -> Pairing:
    """Seat one round of a Swiss pairs event.

    :param pairs: every entry still playing, with its total and meeting history.
    :param round_number: 1-based round being seated (round 1 uses registration order).
    :param seed: accepted for API stability; the seating is fully deterministic.
    :raises ValueError: duplicate ids, NaN score, fewer than two pairs, round < 1.
    """
    del seed  # deterministic: ties are broken by registration order and id
    _validate(pairs, round_number)
    ranked = rank_pairs(pairs, round_number=round_number)
    met = _met(pairs)

    if round_number == 1:
        bye = ranked[-1].id if len(ranked) % 2 else None
        playing = ranked[:-1] if bye is not None else ranked
        tables = [(playing[i].id, playing[i + 1].id) for i in range(0, len(playing), 2)]
        return Pairing(tables=tables, bye=bye, repeats=_count_repeats(tables, met))

    if len(ranked) % 2 == 0:
        tables = _seat(ranked, met)
        return Pairing(tables=tables, bye=None, repeats=_count_repeats(tables, met))

    eligible = [p for p in reversed(ranked) if not p.had_bye] or list(reversed(ranked))
    best: Pairing | None = None
    for candidate in eligible[:BYE_TRIES]:
        rest = [p for p in ranked if p.id != candidate.id]
        tables = _seat(rest, met)
        found = Pairing(tables=tables, bye=candidate.id, repeats=_count_repeats(tables, met))
        if best is None or found.repeats < best.repeats:
            best = found
        if best.repeats == 0:
            break
    assert best is not None
    return best


def mean_rank_distance(pairs: Sequence[PairState], pairing: Pairing, *, round_number: int) -> float:
    """Mean ``|rank(NS) - rank(EW)|`` over the tables (1.0 = neighbours always meet)."""
    pos = {p.id: i for i, p in enumerate(rank_pairs(pairs, round_number=round_number))}
    if not pairing.tables:
        return 0.0
    return sum(abs(pos[a] - pos[b]) for a, b in pairing.tables) / len(pairing.tables)
