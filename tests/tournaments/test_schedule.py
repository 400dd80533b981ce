"""The round clock with injected time: no sleeps."""

from datetime import timedelta

import pytest

from tests.conftest import held_lead
from tournaments import services
from tournaments.errors import ConflictError
from tournaments.models import Event, EventLog, Result, Round, SchedulerTick
from tournaments.services import schedule


def timed_event(make_event, **kw):
    defaults = dict(pairs=4, num_rounds=3, boards_per_round=2, round_minutes=10, gap_minutes=2)
    defaults.update(kw)
    return make_event(**defaults)


def transitions(event):
    return list(
        EventLog.objects.filter(event=event)
        .exclude(transition="")
        .order_by("pk")
        .values_list("transition", "round_number")
    )


def test_nothing_happens_before_the_start(make_event):
    event = timed_event(make_event)
    assert schedule.events_advance(now=event.start_at - timedelta(seconds=1)) == {}
    event.refresh_from_db()
    assert event.status == Event.Status.REGISTRATION


def test_the_event_runs_itself_by_the_scheduled_times(make_event):
    event = timed_event(make_event)
    t0 = event.start_at
    assert schedule.events_advance(now=t0) == {event.pk: ["open 1"]}
    rnd1 = Round.objects.get(event=event, number=1)
    assert (rnd1.starts_at, rnd1.ends_at) == (t0, t0 + timedelta(minutes=10))
    # A result entered in time is kept.
    table = rnd1.tables.first()
    board = rnd1.boards.first()
    services.result_submit(
        table_id=table.pk,
        board_id=board.pk,
        user=table.ns.members.first().player,
        contract="3NT",
        declarer="N",
        tricks=9,
        lead=held_lead(board.pk, "N"),
        now=t0 + timedelta(minutes=5),
    )
    assert schedule.events_advance(now=t0 + timedelta(minutes=9)) == {}
    assert schedule.events_advance(now=t0 + timedelta(minutes=10)) == {event.pk: ["close 1"]}
    rnd1.refresh_from_db()
    assert rnd1.status == Round.Status.CLOSED and rnd1.closed_at == rnd1.ends_at
    assert Result.objects.filter(board__round=rnd1, status=Result.Status.CUT).count() == 3
    # The gap, then round 2 opens at its scheduled start.
    assert schedule.events_advance(now=t0 + timedelta(minutes=11)) == {}
    assert schedule.events_advance(now=t0 + timedelta(minutes=12)) == {event.pk: ["open 2"]}
    rnd2 = Round.objects.get(event=event, number=2)
    assert rnd2.starts_at == t0 + timedelta(minutes=12)
    end = t0 + timedelta(minutes=36)
    assert schedule.events_advance(now=end) == {event.pk: ["close 2", "open 3", "close 3"]}
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED and event.next_transition_at is None
    assert transitions(event) == [
        ("open", 1),
        ("close", 1),
        ("open", 2),
        ("close", 2),
        ("open", 3),
        ("close", 3),
        ("finish", 3),
    ]


def test_catch_up_after_an_outage_cuts_each_round_at_its_scheduled_end(make_event):
    event = timed_event(make_event)
    late = event.start_at + timedelta(hours=5)
    steps = schedule.events_advance(now=late)[event.pk]
    assert steps == ["open 1", "close 1", "open 2", "close 2", "open 3", "close 3"]
    for rnd in Round.objects.filter(event=event):
        assert rnd.closed_at == rnd.ends_at == event.round_end(rnd.number)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED


def test_a_result_after_the_scheduled_end_is_refused_before_the_cut_runs(make_event):
    event = timed_event(make_event)
    schedule.events_advance(now=event.start_at)
    rnd = Round.objects.get(event=event, number=1)
    table, board = rnd.tables.first(), rnd.boards.first()
    with pytest.raises(ConflictError) as err:
        services.result_submit(
            table_id=table.pk,
            board_id=board.pk,
            user=table.ns.members.first().player,
            contract="3NT",
            declarer="N",
            tricks=9,
            lead=held_lead(board.pk, "N"),
            now=rnd.ends_at + timedelta(seconds=1),
        )
    assert err.value.code == "round_closed"


def test_a_tick_run_twice_does_each_transition_once(make_event):
    event = timed_event(make_event)
    now = event.start_at + timedelta(minutes=10)
    first = schedule.events_advance(now=now)
    second = schedule.events_advance(now=now)
    assert first == {event.pk: ["open 1", "close 1"]} and second == {}
    assert len(transitions(event)) == 2


def test_a_crash_half_way_leaves_nothing_half_done(make_event, monkeypatch):
    event = timed_event(make_event)
    schedule.events_advance(now=event.start_at)
    end = event.start_at + timedelta(minutes=10)

    def crash(**kwargs):
        raise RuntimeError("worker died")

    monkeypatch.setattr("tournaments.services.rounds.totals_recompute", crash)
    assert schedule.events_advance(now=end) == {}  # logged, nothing committed
    rnd = Round.objects.get(event=event, number=1)
    assert rnd.status == Round.Status.OPEN
    assert not Result.objects.filter(status=Result.Status.CUT).exists()
    assert not EventLog.objects.filter(event=event, transition="close").exists()
    monkeypatch.undo()
    assert schedule.events_advance(now=end) == {event.pk: ["close 1"]}


def test_too_few_pairs_at_the_start_waits_for_the_director(make_event):
    event = timed_event(make_event, pairs=1)
    assert schedule.events_advance(now=event.start_at) == {}
    event.refresh_from_db()
    assert event.status == Event.Status.REGISTRATION and event.next_transition_at is None
    assert EventLog.objects.filter(event=event, action="start_failed").exists()


def test_pause_stops_the_clock_and_resume_moves_the_schedule(make_event, director):
    event = timed_event(make_event)
    t0 = event.start_at
    schedule.events_advance(now=t0)
    schedule.event_pause(event=event, director=director, now=t0 + timedelta(minutes=5))
    assert schedule.events_advance(now=t0 + timedelta(minutes=30)) == {}
    schedule.event_resume(event=event, director=director, now=t0 + timedelta(minutes=35))
    rnd = Round.objects.get(event=event, number=1)
    assert rnd.ends_at == t0 + timedelta(minutes=40)  # 5 minutes were left
    assert schedule.events_advance(now=t0 + timedelta(minutes=39)) == {}
    assert schedule.events_advance(now=t0 + timedelta(minutes=40)) == {event.pk: ["close 1"]}
    event.refresh_from_db()
    assert event.round_start(2) == t0 + timedelta(minutes=42)
    actions = set(EventLog.objects.filter(event=event).values_list("action", flat=True))
    assert {"event_pause", "event_resume"} <= actions


def test_extend_gives_the_round_more_time(make_event, director):
    event = timed_event(make_event)
    t0 = event.start_at
    schedule.events_advance(now=t0)
    schedule.round_extend(event=event, director=director, minutes=3)
    assert schedule.events_advance(now=t0 + timedelta(minutes=12)) == {}
    assert schedule.events_advance(now=t0 + timedelta(minutes=13)) == {event.pk: ["close 1"]}
    log = EventLog.objects.get(event=event, action="round_extend")
    assert log.data == {"minutes": 3} and log.actor == director


def test_players_cannot_pause_or_extend(make_event):
    from tests.factories import UserFactory
    from tournaments.errors import PermissionDeniedError

    event = timed_event(make_event)
    schedule.events_advance(now=event.start_at)
    player = UserFactory()
    with pytest.raises(PermissionDeniedError):
        schedule.event_pause(event=event, director=player)
    with pytest.raises(PermissionDeniedError):
        schedule.round_extend(event=event, director=player, minutes=5)


def test_each_tick_is_recorded_for_the_health_check(make_event, client):
    schedule.events_advance(name="beat")
    schedule.events_advance(name="beat")
    assert SchedulerTick.objects.get(name="beat").runs == 2
    body = client.get("/health/").json()
    assert body["scheduler"] == "ok" and body["ticks"]["beat"]["runs"] == 2


def test_the_task_runs_the_same_code(make_event):
    from django.utils import timezone

    from tournaments.tasks import advance_due_events

    event = timed_event(make_event)
    past = timezone.now() - timedelta(seconds=1)
    Event.objects.filter(pk=event.pk).update(start_at=past, next_transition_at=past)
    assert advance_due_events.delay().get() == {str(event.pk): ["open 1"]}


def test_director_clock_api(make_event, director):
    from rest_framework.test import APIClient

    event = timed_event(make_event)
    schedule.events_advance(now=event.start_at)
    client = APIClient()
    url = f"/api/events/{event.pk}/clock/"
    assert client.post(url, {"action": "pause"}, format="json").status_code in (401, 403)
    client.force_authenticate(director)
    assert client.post(url, {"action": "pause"}, format="json").status_code == 200
    event.refresh_from_db()
    assert event.paused_at is not None
    assert client.post(url, {"action": "pause"}, format="json").json()["code"] == "paused"
    assert client.post(url, {"action": "resume"}, format="json").status_code == 200
    rnd = Round.objects.get(event=event, number=1)
    before = rnd.ends_at
    assert client.post(url, {"action": "extend", "minutes": 5}, format="json").status_code == 200
    rnd.refresh_from_db()
    assert rnd.ends_at == before + timedelta(minutes=5)
    assert client.post(url, {"action": "extend"}, format="json").status_code == 400


def test_pausing_after_a_round_ended_does_not_reopen_it(make_event, director):
    # Beat is late: round 1 ended at t0 + 10 but has not been cut when the director
    # pauses at t0 + 11. The round still ends at its scheduled end: it is cut then,
    # and no result can be entered for it during the pause or after.
    event = timed_event(make_event)
    t0 = event.start_at
    schedule.events_advance(now=t0)
    schedule.event_pause(event=event, director=director, now=t0 + timedelta(minutes=11))
    rnd = Round.objects.get(event=event, number=1)
    assert rnd.status == Round.Status.CLOSED and rnd.closed_at == t0 + timedelta(minutes=10)
    table, board = rnd.tables.first(), rnd.boards.first()
    with pytest.raises(ConflictError) as err:
        services.result_submit(
            table_id=table.pk,
            board_id=board.pk,
            user=table.ns.members.first().player,
            contract="3NT",
            declarer="N",
            tricks=9,
            lead=held_lead(board.pk, "N"),
            now=t0 + timedelta(minutes=12),
        )
    assert err.value.code == "cut"
    # The gap had one minute left when the clock stopped; it has one minute after resuming.
    schedule.event_resume(event=event, director=director, now=t0 + timedelta(minutes=20))
    event.refresh_from_db()
    assert event.round_start(2) == t0 + timedelta(minutes=21)


def test_a_round_opened_by_hand_during_a_pause_gets_its_full_time_after_resuming(
    make_event, director
):
    event = timed_event(make_event)
    t0 = event.start_at
    schedule.events_advance(now=t0)
    schedule.event_pause(event=event, director=director, now=t0 + timedelta(minutes=5))
    services.round_close(event=event, number=1, now=t0 + timedelta(minutes=8))  # opens 2
    schedule.event_resume(event=event, director=director, now=t0 + timedelta(minutes=20))
    rnd2 = Round.objects.get(event=event, number=2)
    # The clock was stopped from round 2's opening until the resume: 10 minutes left.
    assert rnd2.ends_at == t0 + timedelta(minutes=30)
    event.refresh_from_db()
    assert event.round_start(3) == t0 + timedelta(minutes=32)


def test_extending_after_the_scheduled_end_does_not_reopen_the_round(make_event, director):
    event = timed_event(make_event)
    t0 = event.start_at
    schedule.events_advance(now=t0)
    # Round 1 ended at t0 + 10; beat has not cut it yet when the director extends.
    with pytest.raises(ConflictError) as err:
        schedule.round_extend(
            event=event, director=director, minutes=5, now=t0 + timedelta(minutes=11)
        )
    assert err.value.code == "no_round"
    rnd = Round.objects.get(event=event, number=1)
    assert rnd.status == Round.Status.CLOSED and rnd.closed_at == t0 + timedelta(minutes=10)


def test_an_event_left_with_fewer_than_two_pairs_finishes_instead_of_stalling(make_event, director):
    from tournaments.models import Entry

    event = timed_event(make_event, pairs=2)
    schedule.events_advance(now=event.start_at)
    services.entry_withdraw(entry=Entry.objects.get(event=event, registration_order=2), by=director)
    end = event.start_at + timedelta(minutes=10)
    assert schedule.events_advance(now=end + timedelta(minutes=2)) == {
        event.pk: ["close 1", "finish"]
    }
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    log = EventLog.objects.get(event=event, transition="finish")
    assert log.data == {"early_after_round": 1}
    assert schedule.events_advance(now=end + timedelta(hours=1)) == {}


def test_a_manual_close_with_too_few_pairs_left_finishes_the_event(make_event, director):
    from tournaments.models import Entry

    event = timed_event(make_event, pairs=2)
    services.event_start(event=event)
    services.entry_set_sitting_out(
        entry=Entry.objects.get(event=event, registration_order=1),
        sitting_out=True,
        director=director,
    )
    services.round_close(event=event, number=1, actor=director)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED and event.current_round == 1


def test_a_pause_during_registration_keeps_registration_open_until_the_moved_start(
    make_event, director
):
    from django.utils import timezone

    from tests.factories import UserFactory

    event = timed_event(make_event, pairs=2)
    t = timezone.now()
    schedule.event_pause(event=event, director=director, now=t)
    # Resumed 90 minutes later: round 1 (and the registration deadline) move by as much.
    schedule.event_resume(event=event, director=director, now=t + timedelta(minutes=90))
    event.refresh_from_db()
    Event.objects.filter(pk=event.pk).update(start_at=timezone.now() - timedelta(minutes=1))
    event.refresh_from_db()
    assert event.round_start(1) > timezone.now()
    a, b = UserFactory.create_batch(2)
    assert services.entry_register(event=event, player=a, partner=b).pk
