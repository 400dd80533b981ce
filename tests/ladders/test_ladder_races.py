"""Ladder races on a real PostgreSQL: one challenge stands, one move happens, and the
positions are a permutation of 1..N after every transaction (also one killed mid-move)."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.utils import timezone

from ladders import selectors, services
from ladders.models import Challenge, PositionChange, Rung
from ladders.services import positions
from tests.conftest import need_postgres
from tests.tournaments.test_concurrency import race
from tournaments.errors import BridgeError

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


def test_two_challengers_against_one_defender_at_once_one_open_challenge(make_ladder):
    need_postgres()
    ladder, t = make_ladder(5)
    now = timezone.now()
    out = race(
        *[
            (
                lambda team=team: services.challenge_issue(
                    ladder=ladder, challenger=team, defender=t[1], by=team.captain, now=now
                )
            )
            for team in (t[2], t[3], t[4])
        ]
    )
    made = [o for o in out if isinstance(o, Challenge)]
    refused = [o for o in out if isinstance(o, BridgeError)]
    assert len(made) == 1 and len(refused) == 2, out
    assert {r.code for r in refused} == {"defender_busy"}
    assert Challenge.objects.filter(defender=t[1], status="open").count() == 1


def test_two_challenges_accepted_at_once_against_one_defender_exactly_one_stands(make_ladder):
    """Two open challenges to one defender cannot exist; the two acceptances of the one
    challenge (two clicks, two devices) make one match."""
    need_postgres()
    ladder, t = make_ladder(5)
    now = timezone.now()
    c = services.challenge_issue(ladder=ladder, challenger=t[3], defender=t[1], by=t[3].captain)
    accept = lambda: services.challenge_accept(challenge=c, by=t[1].captain, now=now)  # noqa: E731
    out = race(accept, accept)
    accepted = [o for o in out if isinstance(o, Challenge)]
    refused = [o for o in out if isinstance(o, BridgeError)]
    assert len(accepted) == 1 and len(refused) == 1, out
    assert refused[0].code == "answered"
    from tournaments.models import Event

    assert Event.objects.filter(kind="teams_rr").count() == 1
    # and an issue racing an acceptance of another defender's challenge: both fine
    c2 = services.challenge_issue(ladder=ladder, challenger=t[4], defender=t[2], by=t[4].captain)
    out = race(
        lambda: services.challenge_accept(challenge=c2, by=t[2].captain, now=now),
        lambda: services.challenge_issue(
            ladder=ladder, challenger=t[2], defender=t[0], by=t[2].captain, now=now
        ),
    )
    assert all(isinstance(o, Challenge) for o in out), out


def test_two_beats_ticking_a_deadline_make_one_move(make_ladder):
    need_postgres()
    ladder, t = make_ladder(6)
    c = services.challenge_issue(ladder=ladder, challenger=t[5], defender=t[2], by=t[5].captain)
    due = c.accept_by + timedelta(minutes=1)
    out = race(*[lambda: services.ladder_deadlines_enforce(now=due) for _ in range(3)])
    assert sum(o["forfeited"] for o in out) == 1, out
    assert PositionChange.objects.filter(challenge=c, kind="win").count() == 1
    assert selectors.ladder_order(ladder=ladder)[2] == t[5].pk
    assert selectors.positions_consistent(ladder=ladder)


def test_the_match_result_task_run_twice_at_once_makes_one_move(make_ladder, ladder_director):
    need_postgres()
    from tests.ladders.test_ladder_rules import play_match

    ladder, t = make_ladder(5)
    now = timezone.now()
    c = services.challenge_issue(
        ladder=ladder, challenger=t[4], defender=t[1], by=t[4].captain, now=now
    )
    c = services.challenge_accept(
        challenge=c, by=t[1].captain, now=now, start_at=now + timedelta(minutes=1)
    )
    # the result arrives, but pretend its application was lost: undo it by hand
    from ladders.tasks import apply_match_result

    receivers_off = []
    from django.db.models.signals import ModelSignal  # noqa: F401

    from ladders import receivers
    from tournaments.signals import event_finished

    event_finished.disconnect(dispatch_uid="ladders.apply_match_result")
    receivers_off.append(1)
    try:
        play_match(c, ladder_director, challenger_wins=True, now=now + timedelta(minutes=2))
    finally:
        event_finished.connect(
            receivers.apply_match_result, dispatch_uid="ladders.apply_match_result"
        )
    assert Challenge.objects.get(pk=c.pk).status == "accepted"
    out = race(lambda: apply_match_result.run(c.pk), lambda: apply_match_result.run(c.pk))
    assert sorted(out) == ["moved", "unchanged"], out
    assert PositionChange.objects.filter(challenge=c, kind="win").count() == 1
    assert selectors.ladder_order(ladder=ladder)[1] == t[4].pk


def test_a_worker_killed_inside_a_move_leaves_the_ladder_consistent(make_ladder):
    need_postgres()
    ladder, t = make_ladder(8)
    c = services.challenge_issue(ladder=ladder, challenger=t[7], defender=t[4], by=t[7].captain)
    before = selectors.ladder_order(ladder=ladder)
    inside = threading.Event()
    release = threading.Event()
    pid = {}
    original = positions._unnegate

    def stalled(ladder_):
        # the range is shifted to negative positions and the challenger moved: stop here
        pid["pid"] = connection.connection.info.backend_pid
        inside.set()
        release.wait(10)
        original(ladder_)

    positions._unnegate = stalled
    try:

        def worker():
            try:
                services.challenge_forfeit_due(challenge=c, now=c.accept_by + timedelta(seconds=1))
                return "done"
            except Exception as exc:  # noqa: BLE001 - the killed connection
                return exc
            finally:
                connection.close()

        result = {}
        thread = threading.Thread(target=lambda: result.setdefault("out", worker()))
        thread.start()
        assert inside.wait(10)
        # another connection sees the ladder as it was (the move is not committed)
        assert selectors.ladder_order(ladder=ladder) == before
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [pid["pid"]])
        release.set()
        thread.join(20)
    finally:
        positions._unnegate = original
    assert isinstance(result["out"], Exception), result
    assert selectors.ladder_order(ladder=ladder) == before
    assert selectors.positions_consistent(ladder=ladder)
    assert Challenge.objects.get(pk=c.pk).status == "open"
    assert not PositionChange.objects.filter(challenge=c).exists()
    # the next beat performs the move, once
    assert (
        services.ladder_deadlines_enforce(now=c.accept_by + timedelta(minutes=1))["forfeited"] == 1
    )
    assert selectors.positions_consistent(ladder=ladder)
    assert Rung.objects.get(ladder=ladder, team=t[7]).position == 5


def test_the_database_refuses_two_teams_in_one_position(make_ladder):
    need_postgres()
    from django.db import IntegrityError

    ladder, t = make_ladder(3)
    with pytest.raises(IntegrityError), transaction.atomic():
        Rung.objects.filter(ladder=ladder, team=t[2]).update(position=1)
    assert selectors.positions_consistent(ladder=ladder)
