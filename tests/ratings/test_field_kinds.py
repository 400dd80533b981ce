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
from tests.tournaments.formats.individual.test_individual import ebu_individual
from tournaments.formats.teams.simulation import TeamsSimulationConfig, simulate_teams_event
from tournaments.interchange.importers.dispatch import event_results_import
from tournaments.models import Result, TableSeat
from tournaments.simulation import SimulationConfig, simulate_swiss_event

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


def test_an_event_imported_this_week_is_not_in_the_field():
    today = timezone.localdate().strftime("%d/%m/%Y")
    event_results_import(data=ebu_individual().replace("18/12/2025", today))
    played = simulate_swiss_event(
        SimulationConfig(pairs=4, rounds=1, boards_per_round=2, seed=4, play_rate=1.0)
    )
    fld = week_field(week=week_of(timezone.now()))
    assert Result.objects.exclude(board__event=played).filter(status="played").count() == 8
    events = set(
        Result.objects.filter(pk__in=fld.result.tolist()).values_list("board__event", flat=True)
    )
    assert events == {played.pk}  # the imported one (scored elsewhere) is left out
