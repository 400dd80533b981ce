"""What a movement is, and the checks every generated movement must pass
(``docs/rules.md`` § Movements). Pure Python: plain data in, plain data out.

Pairs are numbered 1..P and tables 1..T; board sets 1..S. A placement with an empty
side (``None``) is a table where the other pair sits out that round: its set is not
played there.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from dataclasses import dataclass, field

NS, EW = "NS", "EW"


@dataclass(frozen=True)
class Placement:
    """One table in one round: the NS pair, the EW pair and the board set it plays."""

    table: int
    ns: int | None
    ew: int | None
    board_set: int

    @property
    def played(self) -> bool:
        return self.ns is not None and self.ew is not None


@dataclass(frozen=True)
class CardLine:
    """One line of a pair's movement card: where the pair goes in one round."""

    round: int
    table: int | None  # None: the pair sits out
    direction: str | None
    opponent: int | None
    board_set: int | None


@dataclass(frozen=True)
class Movement:
    """A whole movement: ``rounds[r - 1]`` are the placements of round ``r``.

    ``fields``: for a two-winner movement, each pair's field ("NS" or "EW"), ranked
    apart; empty for one winner.
    """

    kind: str
    pairs: int
    tables: int
    sets: int
    rounds: tuple[tuple[Placement, ...], ...]
    arrow_switch_rounds: frozenset[int] = frozenset()
    fields: dict[int, str] = field(default_factory=dict)

    @property
    def two_winners(self) -> bool:
        return bool(self.fields)

    def field_of(self, pair: int) -> str | None:
        return self.fields.get(pair)

    def card(self, pair: int) -> list[CardLine]:
        """The movement card of ``pair``: table, direction, opponents and set each round."""
        lines = []
        for number, placements in enumerate(self.rounds, 1):
            line = CardLine(number, None, None, None, None)
            for p in placements:
                if pair in (p.ns, p.ew):
                    opponent = p.ew if pair == p.ns else p.ns
                    if opponent is not None:
                        line = CardLine(
                            number, p.table, NS if pair == p.ns else EW, opponent, p.board_set
                        )
                    break
            lines.append(line)
        return lines

    def set_plays(self) -> Counter:
        """How many tables play each board set over the movement (sit-outs excluded)."""
        counts: Counter = Counter({s: 0 for s in range(1, self.sets + 1)})
        for placements in self.rounds:
            for p in placements:
                if p.played:
                    counts[p.board_set] += 1
        return counts

    def set_last_round(self) -> dict[int, int]:
        """The last round in which each set is played (0: never played)."""
        last = {s: 0 for s in range(1, self.sets + 1)}
        for number, placements in enumerate(self.rounds, 1):
            for p in placements:
                if p.played:
                    last[p.board_set] = number
        return last


def movement_problems(movement: Movement) -> list[str]:
    """Everything wrong with ``movement`` (empty: it is sound).

    A pair sits at one table a round, plays each board set at most once and meets each
    other pair at most once; sets and pairs are in range.
    """
    problems: list[str] = []
    sets_of: dict[int, list[int]] = defaultdict(list)
    met: Counter = Counter()
    for number, placements in enumerate(movement.rounds, 1):
        seated = [x for p in placements for x in (p.ns, p.ew) if x is not None]
        if len(seated) != len(set(seated)):
            problems.append(f"round {number}: a pair is at two tables")
        for p in placements:
            if not 1 <= p.board_set <= movement.sets:
                problems.append(f"round {number} table {p.table}: set {p.board_set} unknown")
            for x in (p.ns, p.ew):
                if x is not None and not 1 <= x <= movement.pairs:
                    problems.append(f"round {number}: pair {x} unknown")
            if p.played:
                sets_of[p.ns].append(p.board_set)
                sets_of[p.ew].append(p.board_set)
                met[frozenset((p.ns, p.ew))] += 1
    for pair, sets in sorted(sets_of.items()):
        for s, n in Counter(sets).items():
            if n > 1:
                problems.append(f"pair {pair} plays set {s} {n} times")
    for couple, n in met.items():
        if n > 1:
            a, b = sorted(couple)
            problems.append(f"pairs {a} and {b} meet {n} times")
    return problems


def comparison_effects(movement: Movement, *, weights: bool = False) -> dict[tuple[int, int], int]:
    """How much each pair's score depends on each other pair, over the board sets played.

    On a set, pair x's matchpoints compare its table's result with every other table's:
    a pair sitting the same way at another table is a rival (−1), a pair sitting the
    other way at another table pushes x's comparison up when it does well (+1), and
    x's own opponents count against x once for each other table (−(k − 1), k tables).
    ``weights``: the sizes of those terms instead (how much x and y are compared at all).
    """
    plays: dict[int, list[tuple[int, int]]] = defaultdict(list)  # set -> (ns, ew)
    for placements in movement.rounds:
        for p in placements:
            if p.played:
                plays[p.board_set].append((p.ns, p.ew))
    effect: dict[tuple[int, int], int] = defaultdict(int)
    sign = (lambda v: abs(v)) if weights else (lambda v: v)
    for tables in plays.values():
        k = len(tables)
        for i, (ns, ew) in enumerate(tables):
            effect[ns, ew] += sign(-(k - 1))
            effect[ew, ns] += sign(-(k - 1))
            for j, (ns2, ew2) in enumerate(tables):
                if i != j:
                    effect[ns, ns2] += sign(-1)
                    effect[ew, ew2] += sign(-1)
                    effect[ns, ew2] += sign(1)
                    effect[ew, ns2] += sign(1)
    return effect


def balance(movement: Movement) -> float:
    """The movement's balance in percent: 100 when every pair's score depends on every
    other pair's play equally (``comparison_effects`` all alike), less as they spread:
    100 · (1 − standard deviation of the effects / mean weight of the comparisons) over
    every ordered couple of pairs that play (0 at worst)."""
    real = sorted(
        {x for placements in movement.rounds for p in placements if p.played for x in (p.ns, p.ew)}
    )
    effect = comparison_effects(movement)
    weight = comparison_effects(movement, weights=True)
    couples = [(x, y) for x in real for y in real if x != y]
    if not couples:
        return 100.0
    values = [effect.get(c, 0) for c in couples]
    scale = sum(weight.get(c, 0) for c in couples) / len(couples)
    mean = sum(values) / len(values)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))
    return max(0.0, 100.0 * (1 - sd / scale)) if scale else 100.0
