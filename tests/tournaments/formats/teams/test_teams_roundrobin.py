"""The round-robin schedule (pure): every two teams meet once, one bye each when odd."""

from __future__ import annotations

from itertools import combinations

import pytest

from tournaments.pairing.roundrobin import round_robin, round_robin_rounds


@pytest.mark.parametrize("n", range(2, 15))
def test_every_pair_meets_once(n: int) -> None:
    ids = list(range(101, 101 + n))
    rounds = round_robin(ids)
    assert len(rounds) == round_robin_rounds(n) == (n if n % 2 else n - 1)
    met = [frozenset(m) for r in rounds for m in r if m[1] is not None]
    assert sorted(met, key=sorted) == sorted(
        (frozenset(p) for p in combinations(ids, 2)), key=sorted
    )
    for r in rounds:  # each team once a round; the bye last
        seen = [t for m in r for t in m if t is not None]
        assert sorted(seen) == ids
        assert all(m[1] is not None for m in r[:-1])
        assert all(m[0] is not None for m in r)
    byes = [m[0] for r in rounds for m in r if m[1] is None]
    assert sorted(byes) == (ids if n % 2 else [])


def test_home_and_away_balanced() -> None:
    rounds = round_robin(list(range(8)))
    home = {t: sum(1 for r in rounds for m in r if m[0] == t) for t in range(8)}
    assert all(3 <= h <= 4 for h in home.values())


def test_refuses() -> None:
    with pytest.raises(ValueError):
        round_robin([1])
    with pytest.raises(ValueError):
        round_robin([1, 1, 2])
