"""Shared fixtures. The suite runs on SQLite by default and on PostgreSQL when
``DATABASE_URL`` says so; with ``REQUIRE_SERVICES=1`` (CI) tests that need a service fail
instead of skipping."""

from __future__ import annotations

import os
import random
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from tests.factories import UserFactory
from tournaments import services
from tournaments.models import Event

REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES") == "1"


def player(entry, position=1):
    """The player of ``entry`` at ``position`` (1 or 2 of a pair)."""
    return entry.members.select_related("player").get(position=position).player


PASSWORD = "bridge-pass-123"  # every factory-made user's


def api_token_for(user) -> dict:
    """Log ``user`` in through ``POST /api/auth/token/``; the answer (token, expiry)."""
    from rest_framework.test import APIClient

    response = APIClient().post(
        "/api/auth/token/", {"username": user.username, "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200, response.content
    return response.json()


def api_client_with(token: str):
    """A DRF test client that sends ``Authorization: Token <token>``."""
    from rest_framework.test import APIClient

    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def api_client(user=None):
    """A DRF test client, authenticated as ``user`` when given."""
    from rest_framework.test import APIClient

    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


_running: list[pytest.Item] = []


@pytest.fixture(autouse=True)
def _current_test(request):
    _running.append(request.node)
    yield
    _running.pop()


@pytest.fixture(autouse=True)
def _no_live_tables():
    """Each test starts with no live table or practice engine kept by the process
    (``online.live``, ``practice.play``): a test database rolled back gives its ids out
    again."""
    from online.live import live_clear
    from practice.play import engines_clear

    live_clear()
    engines_clear()
    yield
    live_clear()
    engines_clear()


def need_postgres() -> None:
    """Skip locally, fail in CI, when the database is not PostgreSQL. The test must be
    marked ``pytest.mark.postgres`` (so ``-m postgres`` selects every such test)."""
    node = _running[-1] if _running else None
    if node is not None and node.get_closest_marker("postgres") is None:
        pytest.fail(f"{node.nodeid} needs PostgreSQL: mark it pytest.mark.postgres")
    if connection.vendor != "postgresql":
        if REQUIRE_SERVICES:
            pytest.fail("REQUIRE_SERVICES=1 but the test database is not PostgreSQL")
        pytest.skip("needs PostgreSQL (set DATABASE_URL)")


@pytest.fixture
def director(db):
    return UserFactory(is_staff=True, username="td")


@pytest.fixture
def make_event(db, director):
    """Create an event with ``pairs`` confirmed pairs (registration order = creation)."""

    def make(pairs: int = 4, start: bool = False, **kwargs):
        defaults = dict(
            name="Club Swiss",
            start_at=timezone.now() + timedelta(hours=1),
            num_rounds=3,
            boards_per_round=2,
            director=director,
            method=Event.Method.XIMP,
            seed=7,
        )
        defaults.update(kwargs)
        event = services.event_create(**defaults)
        for _ in range(pairs):
            a, b = UserFactory(), UserFactory()
            entry = services.entry_register(event=event, player=a, partner=b)
            services.entry_confirm(entry=entry, player=b)
        if start:
            services.event_start(event=event, rng=random.Random(1))
        event.refresh_from_db()
        return event

    return make


def held_lead(board, declarer: str = "N") -> str:
    """A card the opening leader (declarer's left-hand opponent) holds on ``board`` (a
    ``Board`` or its id): the lead a test enters when the lead itself does not matter."""
    from tournaments.deals import deal_hands
    from tournaments.models import Board

    if not isinstance(board, Board):
        board = Board.objects.get(pk=board)
    # (an invalid declarer, for a test of that refusal: any seat's card will do)
    leader = {"N": "E", "E": "S", "S": "W", "W": "N"}.get(str(declarer).strip().upper()[:1], "E")
    hand = deal_hands(board.deal)[leader]
    suit = next(s for s in "SHDC" if hand[s])
    return suit + hand[suit][0]


@pytest.fixture
def redis_url():
    """A Redis that answers (REDIS_URL, else the broker's); skip, or fail in CI, without."""
    from tests.live.conftest import need_redis

    url = os.environ.get("REDIS_URL") or os.environ.get("CELERY_BROKER_URL", "")
    if not url.startswith("redis://"):
        if REQUIRE_SERVICES:
            pytest.fail("REQUIRE_SERVICES=1 but neither REDIS_URL nor CELERY_BROKER_URL is Redis")
        pytest.skip("needs Redis (set REDIS_URL)")
    need_redis(url)
    return url
