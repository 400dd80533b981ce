"""Swiss-pairs seating: pure functions, no Django (see :mod:`tournaments.pairing.swiss`)."""

from tournaments.pairing.swiss import (
    Pairing,
    PairState,
    mean_rank_distance,
    rank_pairs,
    swiss_pair,
)

__all__ = ["PairState", "Pairing", "mean_rank_distance", "rank_pairs", "swiss_pair"]
