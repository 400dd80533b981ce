"""Matchpoints on a movement's scale, worked by hand (docs/rules.md § Movements)."""

import pytest

from scoring import mp_factored


def test_as_many_results_as_expected_are_plain_matchpoints() -> None:
    # 620, 620, 630, 600: raw MP 3, 3, 6 (beats all three), 0 (top 6)
    assert mp_factored([620, 620, 630, 600], 4) == [3.0, 3.0, 6.0, 0.0]


def test_neuberg_scales_a_board_played_fewer_times() -> None:
    # three results of five expected (top 8): raw MP 2, 4, 0 on a top of 4;
    # (MP + 1)·5/3 − 1 = 4, 7.333…, 0.666…: the shares of the top keep their order and
    # their sum is 12 = 3 results · half the top of 8
    got = mp_factored([450, 480, 420], 5)
    assert got == pytest.approx([4.0, 22 / 3, 2 / 3])
    assert sum(got) == pytest.approx(12.0)


def test_a_lone_result_scores_half_the_top_either_way() -> None:
    assert mp_factored([-100], 6) == [5.0]
    assert mp_factored([-100], 6, "played") == [5.0]


def test_played_factoring_uses_the_percentage_over_the_results_played() -> None:
    # two results of four expected (top 6): 100% and 0% of 6
    assert mp_factored([420, 400], 4, "played") == [6.0, 0.0]
    # Neuberg gives the better one (2 + 1)·4/2 − 1 = 5, the worse (0 + 1)·2 − 1 = 1
    assert mp_factored([420, 400], 4) == [5.0, 1.0]


def test_bad_factoring_and_no_results() -> None:
    assert mp_factored([], 4) == []
    with pytest.raises(ValueError):
        mp_factored([420], 4, "guess")
