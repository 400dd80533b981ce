"""The fair-play figures of a side over its boards (docs/rules.md § The analysis of the
play): leads, declarer's cards with dummy's, defenders' without the opening lead, an
error a card that cost anything."""

from __future__ import annotations

from analysis.stats import BoardCosts, card_seats, fair_play_counts

# 2S by North; East leads the ace of hearts and wins, then leads the king: the first two
# tricks of a board, its seats taken from the cards and the trumps.
PLAY = ["HA", "H2", "H3", "H4", "HK", "H5", "S2", "H6"]


def test_each_cards_seat_follows_the_tricks() -> None:
    assert card_seats("2S", "N", PLAY) == ["E", "S", "W", "N", "E", "S", "W", "N"]
    # West ruffs the second trick and leads the third
    assert card_seats("2S", "N", [*PLAY, "D2"])[-1] == "W"


def test_the_figures_of_each_side() -> None:
    seats = card_seats("2S", "N", PLAY)
    costs = [1, 0, 0, 2, 0, 0, 1, 0]  # the lead cost 1; North's H4 2; West's S2 1
    ns = fair_play_counts([BoardCosts("NS", "N", seats, costs)])
    ew = fair_play_counts([BoardCosts("EW", "N", seats, costs)])
    assert ns == {
        "leads": 0, "leads_dd_ok": 0, "declarer_cards": 4, "declarer_errors": 1,
        "defender_cards": 0, "defender_errors": 0,
    }  # fmt: skip
    assert ew == {
        "leads": 1, "leads_dd_ok": 0, "declarer_cards": 0, "declarer_errors": 0,
        "defender_cards": 3, "defender_errors": 1,
    }  # fmt: skip
    # over two boards the figures add up; a lead that cost nothing is DD-correct
    again = fair_play_counts(
        [BoardCosts("EW", "N", seats, costs), BoardCosts("EW", "N", seats, [0] * 8)]
    )
    assert (again["leads"], again["leads_dd_ok"], again["defender_cards"]) == (2, 1, 6)
