"""Nothing stays stuck at a robot's table (docs/rules.md § Robots, *When no worker
answers*): a robot's turn that raised never fails the request that woke it, and the
table plays on; at a practice table the player's next look at it (a reload, the page's
poll) wakes the robots again, and the watchdog covers practice tables as it covers the
online ones. Seen on the demo: a practice session stopped with robot North to play, and
a reload showed the same frozen table for good."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone

from practice import receivers, services
from practice.models import PracticeBoard
from robots.turns import turns_running
from tests.conftest import api_client
from tests.factories import UserFactory
from tests.practice.conftest import play_grand_slam
from tests.robots.helpers import its_turn, raise_once
from tournaments.signals import clock_ticked

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()  # no turn lock or resume mark left by another test
    yield
    cache.clear()


def tick(now):
    return [answer for _r, answer in clock_ticked.send(sender=None, now=now) if answer]


def first_card(view) -> bool:
    return its_turn(view) and bool(view["legal"]["cards"])


# -- a practice table ---------------------------------------------------------------


def test_a_robot_call_that_raised_resumes_on_a_reload(mp_event, monkeypatch):
    """North deals: its first call raises. Starting the session still works, the table
    waits on North; the page's next look at the table (the API the page polls) wakes the
    robots, and the board is played to its end."""
    raised = raise_once(monkeypatch, "practice.turns.robot_act", when=its_turn)
    user = UserFactory()
    session = services.practice_create(user=user, event_id=mp_event.pk)
    assert raised == ["N"]
    assert PracticeBoard.objects.get(session=session).actions == []  # North to call: stuck
    key = f"practice:turn:{session.pk}"
    assert not turns_running(key)  # the loop let go of its lock although it raised
    table = api_client(user).get(reverse("api-practice-play", args=[session.pk])).json()
    assert [c["call"] for c in table["auction"]] == ["P", "P"] and table["actor"] == "S"
    row = play_grand_slam(user, session)
    assert row.status == PracticeBoard.Status.OVER and row.ns_score == 1510


def test_a_robot_lead_that_raised_resumes_on_the_next_look(mp_event, monkeypatch):
    """South bids 7S; the robots pass and West's opening lead raises. The player's call
    is stored and answered (no 500); the next look at the table has West lead, and the
    board ends."""
    raised = raise_once(monkeypatch, "practice.turns.robot_act", when=first_card)
    user = UserFactory()
    session = services.practice_create(user=user, event_id=mp_event.pk)
    view = services.practice_state_get(user=user, session_id=session.pk)
    view = services.practice_act(
        user=user, session_id=session.pk, version=view["version"], kind="call", value="7S"
    )
    assert raised == ["W"] and view["contract"] == "7S" and view["play"] == []
    view = services.practice_state_get(user=user, session_id=session.pk)
    assert len(view["play"]) == 1 and view["actor"] == "S"  # West led; South plays dummy
    row = play_grand_slam(user, session)
    assert row.status == PracticeBoard.Status.OVER and row.tricks == 13


def test_a_look_while_the_robots_play_does_not_wake_them_twice(mp_event, monkeypatch):
    woken = []
    monkeypatch.setattr(receivers, "practice_robots_wake", woken.append)  # no worker answers
    user = UserFactory()
    session = services.practice_create(user=user, event_id=mp_event.pk)
    cache.add(f"practice:turn:{session.pk}", 1, 30)  # a loop runs (a worker's)
    view = services.practice_state_get(user=user, session_id=session.pk)
    assert view["actor"] == "N" and woken == [session.pk]  # the creation's wake only
    cache.delete(f"practice:turn:{session.pk}")  # the loop ended (or its lock expired)
    services.practice_state_get(user=user, session_id=session.pk)
    assert woken == [session.pk, session.pk]  # woken again
    services.practice_state_get(user=user, session_id=session.pk)
    assert woken == [session.pk, session.pk]  # not at every poll


@override_settings(ROBOT_STALL_SECONDS=15)
def test_the_clock_watchdog_plays_a_due_robot_at_a_practice_table(mp_event, monkeypatch):
    woken = []
    monkeypatch.setattr(receivers, "practice_robots_wake", woken.append)  # no worker answers
    user = UserFactory()
    session = services.practice_create(user=user, event_id=mp_event.pk)
    row = PracticeBoard.objects.get(session=session)
    assert woken == [session.pk] and row.actions == []
    now = timezone.now()
    assert not any("practice_fallback_actions" in a for a in tick(now + timedelta(seconds=5)))
    assert PracticeBoard.objects.get(pk=row.pk).actions == []  # not stalled yet
    answers = tick(now + timedelta(seconds=20))
    assert {session.pk: 2} in [a.get("practice_fallback_actions") for a in answers]
    actions = PracticeBoard.objects.get(pk=row.pk).actions
    assert actions == [["N", "call", "P", ""], ["E", "call", "P", ""]]  # South is to call
    assert not any("practice_fallback_actions" in a for a in tick(now + timedelta(seconds=40)))


@override_settings(ROBOT_STALL_SECONDS=15)
def test_the_beat_watchdog_plays_a_due_robot_at_a_practice_table(mp_event, monkeypatch):
    from robots.tasks import robots_watchdog

    monkeypatch.setattr(receivers, "practice_robots_wake", lambda session_id: None)
    session = services.practice_create(user=UserFactory(), event_id=mp_event.pk)
    assert robots_watchdog() == 0  # just dealt: not stalled
    PracticeBoard.objects.update(changed_at=timezone.now() - timedelta(seconds=30))
    assert robots_watchdog() == 2  # North and East pass
    assert len(PracticeBoard.objects.get(session=session).actions) == 2
    # a session left alone longer than the watchdog looks is woken by its player's look
    PracticeBoard.objects.update(
        actions=[], changed_at=timezone.now() - timedelta(days=2)
    )  # fmt: skip
    assert robots_watchdog() == 0
