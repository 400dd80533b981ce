"""Ladders of teams for the ladder tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from ladders import services
from tests.factories import UserFactory
from tournaments.formats.teams.services import team_create

T0 = datetime(2026, 12, 10, 10, 0, tzinfo=UTC)


def make_team(name: str):
    players = [UserFactory() for _ in range(4)]
    return team_create(name=name, captain=players[0], players=players)


@pytest.fixture
def ladder_director(db):
    return UserFactory(is_staff=True, username="ladder-td")


@pytest.fixture
def make_ladder(db, ladder_director):
    """A ladder of ``n`` teams (positions 1..n in the order returned)."""

    def make(n: int = 6, **settings):
        ladder = services.ladder_create(
            name=settings.pop("name", "Open ladder"), director=ladder_director, now=T0, **settings
        )
        teams = [make_team(f"Team {i + 1}") for i in range(n)]
        services.ladder_teams_add(ladder=ladder, teams=teams, director=ladder_director, now=T0)
        return ladder, teams

    return make
