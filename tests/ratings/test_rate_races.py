"""The Rate's jobs on a real PostgreSQL: two beats rating the same weeks at once rate
each week once; a refresh of this week's points and the weekly job at once both finish
(one after the other, under the Rate's lock); a ledger write at the same time keeps its
player's row."""

from __future__ import annotations

import random

import pytest
from django.utils import timezone

from ratings.models import MasterPointEntry, PlayerRate, RateHistory, RateWeek
from ratings.services.rate import rate_due_weeks, weekly_points_refresh
from ratings.services.standing import standing_recount
from ratings.weeks import week_before, week_of
from tests.conftest import need_postgres
from tests.factories import UserFactory
from tests.ratings.test_rate_week import play_week
from tests.tournaments.test_concurrency import race

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres, pytest.mark.slow]


def test_two_beats_at_once_rate_each_week_once():
    need_postgres()
    players = UserFactory.create_batch(8)
    last = week_before(week_of(timezone.now()))
    first = week_before(last)
    play_week(first, players, random.Random(1), boards=3)
    play_week(last, players, random.Random(2), boards=3)
    RateWeek.objects.create(week=week_before(first), computed_at=timezone.now())
    out = race(rate_due_weeks, rate_due_weeks, rate_due_weeks)
    assert not [o for o in out if isinstance(o, Exception)], out
    assert sorted(w for o in out for w in o) == [first, last]  # each week by one of them
    assert RateHistory.objects.filter(week__week=first).count() == 8
    assert RateHistory.objects.filter(week__week=last).count() == 8
    boards = dict(PlayerRate.objects.values_list("player_id", "total_boards"))
    assert set(boards.values()) == {6}  # 3 boards a week, counted once each


def test_the_points_refresh_the_weekly_job_and_a_ledger_write_at_once():
    need_postgres()
    players = UserFactory.create_batch(8)
    play_week(week_of(timezone.now()), players, random.Random(3), boards=2)
    play_week(week_before(week_of(timezone.now())), players, random.Random(4), boards=2)
    newcomer = UserFactory()
    MasterPointEntry.objects.create(player=newcomer, amount=6)
    out = race(
        weekly_points_refresh,
        rate_due_weeks,
        lambda: standing_recount(player_ids=[newcomer.pk, players[0].pk]),
    )
    assert not [o for o in out if isinstance(o, Exception)], out
    assert PlayerRate.objects.filter(week=week_of(timezone.now())).count() == 8
    assert RateHistory.objects.count() >= 8
    assert PlayerRate.objects.get(player=newcomer).tier == 2
