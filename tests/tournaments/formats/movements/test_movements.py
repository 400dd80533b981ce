"""Movements (docs/rules.md § Movements), pure: no database."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tournaments.movements import (
    EW,
    NS,
    balance,
    howell,
    howell_max_rounds,
    mitchell,
    mitchell_arrow_rounds,
    mitchell_max_rounds,
    movement_build,
    movement_problems,
)

MITCHELL_PAIRS = list(range(3, 31))
HOWELL_PAIRS = list(range(5, 21))


def meetings(movement) -> Counter:
    return Counter(frozenset((p.ns, p.ew)) for row in movement.rounds for p in row if p.played)


@pytest.mark.parametrize("arrow", [False, True])
@pytest.mark.parametrize("pairs", MITCHELL_PAIRS)
def test_mitchell_is_sound(pairs: int, arrow: bool) -> None:
    tables = -(-pairs // 2)
    rounds = mitchell_max_rounds(tables)
    m = mitchell(pairs=pairs, rounds=rounds, arrow_switch=arrow)
    assert movement_problems(m) == []
    assert m.sets == tables
    # every set is at one table each round: played once a round, less the sit-outs
    plays = m.set_plays()
    sit_outs = sum(1 for row in m.rounds for p in row if not p.played)
    assert sum(plays.values()) == tables * rounds - sit_outs
    assert sit_outs == (rounds if pairs % 2 else 0)
    if pairs % 2 == 0:
        assert set(plays.values()) == {rounds}
    # NS pairs never meet each other, nor EW pairs, in a two-winner Mitchell
    for couple in meetings(m):
        a, b = sorted(couple)
        assert a <= tables < b


@pytest.mark.parametrize("tables", [3, 4, 5, 6, 7, 8])
def test_mitchell_moves_ew_up_and_boards_down(tables: int) -> None:
    m = mitchell(pairs=2 * tables, rounds=mitchell_max_rounds(tables))
    for r in range(1, len(m.rounds)):
        before = {p.ew: p.table for p in m.rounds[r - 1]}
        after = {p.ew: p.table for p in m.rounds[r]}
        skip = 2 if tables % 2 == 0 and r == tables // 2 else 1
        for ew, table in before.items():
            assert after[ew] == (table - 1 + skip) % tables + 1  # up one (two at the skip)
        set_before = {p.board_set: p.table for p in m.rounds[r - 1]}
        set_after = {p.board_set: p.table for p in m.rounds[r]}
        for s, table in set_before.items():
            assert set_after[s] == (table - 2) % tables + 1  # down one
        # NS pairs stay
        assert [p.ns for p in m.rounds[r]] == list(range(1, tables + 1))


def test_even_mitchell_without_skip_would_repeat_sets() -> None:
    """Why the skip: with 4 tables, EW pair 5 would meet set 1 again in round 3."""
    m = mitchell(pairs=8, rounds=3)
    card = m.card(5)
    assert [line.table for line in card] == [1, 2, 4]  # skipped table 3
    assert len({line.board_set for line in card}) == 3
    with pytest.raises(ValueError):
        mitchell(pairs=8, rounds=4)


def test_mitchell_fields_and_arrow_switch() -> None:
    two = mitchell(pairs=10, rounds=5)
    assert two.two_winners and two.field_of(1) == NS and two.field_of(6) == EW
    one = mitchell(pairs=10, rounds=5, arrow_switch=True)
    assert not one.two_winners and one.field_of(1) is None
    assert one.arrow_switch_rounds == mitchell_arrow_rounds(5) == frozenset({4, 5})
    # in the switched rounds pair 1 (NS otherwise) plays EW
    assert [line.direction for line in one.card(1)] == [NS, NS, NS, EW, EW]
    assert meetings(one) == meetings(two)  # the same meetings and sets, turned


def test_odd_mitchell_sits_out_the_missing_pairs_opponent() -> None:
    m = mitchell(pairs=7, rounds=3)
    cards = {p: m.card(p) for p in range(1, 8)}
    sitting = [line for card in cards.values() for line in card if line.table is None]
    assert len(sitting) == 3  # one NS pair a round sits out
    assert all(line.opponent is None and line.board_set is None for line in sitting)


@pytest.mark.parametrize("pairs", HOWELL_PAIRS)
def test_complete_howell_is_sound(pairs: int) -> None:
    m = howell(pairs=pairs)
    tables = -(-pairs // 2)
    assert len(m.rounds) == howell_max_rounds(tables) == m.sets
    assert movement_problems(m) == []
    met = meetings(m)
    # every pair meets every other pair once and plays every set once
    assert set(met) == {frozenset(c) for c in combinations(range(1, pairs + 1), 2)}
    for pair in range(1, pairs + 1):
        played = [line.board_set for line in m.card(pair) if line.table is not None]
        assert len(played) == len(set(played))
        assert len(played) == m.sets - (1 if pairs % 2 else 0)
    # each set is played at every table once: T times (T − 1 with a half table)
    assert set(m.set_plays().values()) == {tables - (1 if pairs % 2 else 0)}
    figure = balance(m)
    print(f"Howell {pairs} pairs complete: balance {figure:.1f}%")
    assert 0 <= figure <= 100


@pytest.mark.parametrize("pairs", HOWELL_PAIRS)
def test_three_quarter_howell_is_sound_and_its_set_counts_are_known(pairs: int) -> None:
    tables = -(-pairs // 2)
    rounds = 3 * howell_max_rounds(tables) // 4
    m = howell(pairs=pairs, rounds=rounds)
    assert movement_problems(m) == []
    plays = m.set_plays()
    assert sum(plays.values()) == sum(1 for row in m.rounds for p in row if p.played)
    assert all(count >= 1 for count in plays.values())  # no set is dealt for nothing
    print(f"Howell {pairs} pairs, {rounds} rounds: sets played {dict(plays)}")


def test_howell_tables_share_a_set_only_without_a_room_square() -> None:
    for pairs in (8, 12, 14, 16, 18, 20):
        m = howell(pairs=pairs)
        assert all(len({p.board_set for p in row}) == len(row) for row in m.rounds)
    five = howell(pairs=10)
    assert max(max(Counter(p.board_set for p in row).values()) for row in five.rounds) == 2


def test_howell_balance_within_bounds() -> None:
    """A complete 4-table Howell can be perfectly balanced, and is (with 7 or 8 pairs);
    the complete Howells of 5 to 10 tables stay at 85% or more by this measure, their
    three-quarter versions at 70% or more (fewer meetings: less even)."""
    assert balance(howell(pairs=8)) == pytest.approx(100.0)
    assert balance(howell(pairs=7)) == pytest.approx(100.0)
    for pairs in range(9, 21):
        full = balance(howell(pairs=pairs))
        rounds = 3 * howell_max_rounds(-(-pairs // 2)) // 4
        part = balance(howell(pairs=pairs, rounds=rounds))
        assert full >= 85.0 and part >= 70.0 and full > part


def test_balance_sees_an_unbalanced_movement() -> None:
    """A Mitchell compares NS only with NS: as a one-field movement it is unbalanced
    (EW pairs help the NS pairs they never meet)."""
    assert balance(mitchell(pairs=14, rounds=7)) < balance(howell(pairs=14))


def test_howell_and_mitchell_refuse_what_they_cannot_play() -> None:
    for bad in (dict(pairs=4), dict(pairs=21), dict(pairs=8, rounds=8), dict(pairs=8, rounds=0)):
        with pytest.raises(ValueError):
            howell(**bad)
    with pytest.raises(ValueError):
        mitchell(pairs=2, rounds=1)
    with pytest.raises(ValueError):
        movement_build(kind="swiss", pairs=8, rounds=3)


def test_movements_are_reproducible() -> None:
    assert howell(pairs=14, rounds=9) == howell.__wrapped__(pairs=14, rounds=9)


def test_card_agrees_with_the_placements() -> None:
    m = howell(pairs=12, rounds=8)
    for pair in range(1, 13):
        for line in m.card(pair):
            p = next(p for p in m.rounds[line.round - 1] if p.table == line.table)
            expected = (pair, line.opponent) if line.direction == NS else (line.opponent, pair)
            assert (p.ns, p.ew) == expected
            assert p.board_set == line.board_set
