"""This week's points come from every event kind with comparable results: a Swiss pairs
event and a Swiss teams event played through the real services (``simulate_event``'s
simulations). A pairs table is sat by its pairs' players; a team table by whoever is
seated there (the simulation hands in no line-ups, so only the members who entered and
confirmed are seated: their partners count at the starting Rate). Every board's
cross-IMPs add up to nothing across its results."""

from __future__ import annotations

import numpy as np
import pytest
from django.utils import timezone

from ratings.field import week_field
from ratings.models import PlayerRate
from ratings.services.rate import weekly_points_refresh
from ratings.weeks import week_of
from tournaments.models import Result, TableSeat
from tournaments.simulation import SimulationConfig, simulate_swiss_event
from tournaments.simulation_teams import TeamsSimulationConfig, simulate_teams_event

pytestmark = pytest.mark.django_db


def test_swiss_pairs_and_swiss_teams_feed_this_weeks_points():
    pairs = simulate_swiss_event(
        SimulationConfig(pairs=6, rounds=2, boards_per_round=2, seed=4, play_rate=1.0)
    )
    teams = simulate_teams_event(
        TeamsSimulationConfig(kind="teams_swiss", teams=4, rounds=1, boards_per_round=2, seed=4,
                              play_rate=1.0)
    )  # fmt: skip
    fld = week_field(week=week_of(timezone.now()))
    played = Result.objects.filter(status="played", ns_score__isnull=False)
    assert len(fld.result) == played.count() > 0
    by_event = dict(played.values_list("pk", "board__event_id"))
    of_event = np.array([by_event[int(r)] for r in fld.result])
    assert set(of_event) == {pairs.pk, teams.pk}
    assert (fld.seats[of_event == pairs.pk] > 0).all()
    team_seats = fld.seats[of_event == teams.pk]
    assert (team_seats[:, 0] > 0).all() and (team_seats[:, 2] > 0).all()  # N and E
    for board in set(fld.board.tolist()):
        assert abs(fld.ns_ximp[fld.board == board].sum()) < 1e-9
    weekly_points_refresh()
    players = PlayerRate.objects.filter(week=week_of(timezone.now()))
    seated = TableSeat.objects.filter(table__event=teams).values("player").distinct().count()
    assert players.count() == 6 * 2 + seated
    assert abs(sum(players.values_list("weekly_points", flat=True))) < 1e-6
