"""The ladder's rules (docs/rules.md § Ladder): positions, issuing, answering, forfeits,
the move, corrections, the director's actions, history, emails."""

from __future__ import annotations

import io
import random
from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.core import mail
from django.utils import timezone

from ladders import selectors, services
from ladders.models import Challenge, LadderLog, PositionChange, Rung
from tests.factories import UserFactory
from tests.ladders.conftest import T0, make_team
from tournaments import services as ts
from tournaments.deals import deal_hands
from tournaments.errors import BridgeError, ConflictError, PermissionDeniedError
from tournaments.models import EntryMember, Event, Result, Round, TeamEntry
from tournaments.simulation import LHO

pytestmark = pytest.mark.django_db


def order(ladder):
    return selectors.ladder_order(ladder=ladder)


def ids(teams):
    return [t.pk for t in teams]


def issue(ladder, challenger, defender, now=T0):
    return services.challenge_issue(
        ladder=ladder, challenger=challenger, defender=defender, by=challenger.captain, now=now
    )


def test_new_teams_join_at_the_bottom_and_each_ladder_has_its_own(make_ladder, ladder_director):
    ladder, teams = make_ladder(3)
    other, _ = make_ladder(2, name="Women", k=1, accept_days=5)
    late = make_team("Late")
    services.ladder_teams_add(ladder=ladder, teams=[late], director=ladder_director, now=T0)
    assert order(ladder) == ids(teams) + [late.pk]
    assert (other.k, other.accept_days, ladder.k, ladder.accept_days) == (1, 5, 3, 3)
    join = PositionChange.objects.get(ladder=ladder, team=late)
    assert (join.kind, join.position_before, join.position_after) == ("join", None, 4)
    with pytest.raises(ConflictError):
        services.ladder_teams_add(ladder=ladder, teams=[late], director=ladder_director, now=T0)


@pytest.mark.parametrize(
    ("challenger", "defender", "code"),
    [(4, 0, "range"), (3, 3, "self"), (2, 4, "range"), (1, 0, None), (4, 1, None)],
)
def test_a_team_may_challenge_at_most_k_places_above(make_ladder, challenger, defender, code):
    ladder, teams = make_ladder(5)
    if code is None:
        c = issue(ladder, teams[challenger], teams[defender])
        assert c.status == "open" and c.accept_by == T0 + timedelta(days=3)
        return
    with pytest.raises(BridgeError) as err:
        issue(ladder, teams[challenger], teams[defender])
    assert err.value.code == code
    assert not Challenge.objects.exists()


def test_k_is_the_ladders_setting(make_ladder):
    ladder, teams = make_ladder(6, k=5)
    assert issue(ladder, teams[5], teams[0]).status == "open"


def test_a_team_of_another_ladder_cannot_be_challenged(make_ladder):
    ladder, teams = make_ladder(3)
    _, others = make_ladder(3, name="Other")
    with pytest.raises(BridgeError) as err:
        issue(ladder, teams[2], others[1])
    assert err.value.code == "not_on_ladder"


def test_one_open_challenge_per_role(make_ladder):
    ladder, t = make_ladder(6)
    issue(ladder, t[3], t[1])
    with pytest.raises(ConflictError) as err:
        issue(ladder, t[3], t[2])
    assert err.value.code == "challenger_busy"
    with pytest.raises(ConflictError) as err:
        issue(ladder, t[2], t[1])
    assert err.value.code == "defender_busy"
    # the challenger may be defender in another challenge at the same time
    assert issue(ladder, t[4], t[3]).status == "open"
    assert Challenge.objects.count() == 2


def test_only_the_captain_issues(make_ladder):
    ladder, t = make_ladder(3)
    with pytest.raises(PermissionDeniedError):
        services.challenge_issue(
            ladder=ladder, challenger=t[2], defender=t[1], by=t[1].captain, now=T0
        )


def test_cooldown_before_challenging_the_same_defender_again(make_ladder):
    ladder, t = make_ladder(4)
    c = issue(ladder, t[3], t[2])
    services.challenge_decline(challenge=c, by=t[2].captain, now=T0 + timedelta(hours=1))
    with pytest.raises(ConflictError) as err:
        issue(ladder, t[3], t[2], now=T0 + timedelta(days=6))
    assert err.value.code == "cooldown"
    assert issue(ladder, t[3], t[1], now=T0 + timedelta(days=6)).status == "open"  # another
    ladder2, u = make_ladder(4, name="Short cooldown", cooldown_days=1)
    c = issue(ladder2, u[3], u[2])
    services.challenge_decline(challenge=c, by=u[2].captain, now=T0)
    assert issue(ladder2, u[3], u[2], now=T0 + timedelta(days=1, minutes=1)).status == "open"


def test_decline_changes_nothing_and_only_the_defender_answers(make_ladder):
    ladder, t = make_ladder(4)
    c = issue(ladder, t[3], t[1])
    with pytest.raises(PermissionDeniedError):
        services.challenge_decline(challenge=c, by=t[3].captain, now=T0)
    services.challenge_decline(challenge=c, by=t[1].captain, now=T0 + timedelta(hours=2))
    c.refresh_from_db()
    assert (c.status, c.answered_at, c.winner_id) == ("declined", T0 + timedelta(hours=2), None)
    assert order(ladder) == ids(t)
    with pytest.raises(ConflictError):
        services.challenge_accept(challenge=c, by=t[1].captain, now=T0)


def test_no_answer_by_the_deadline_is_a_forfeit_a_challenger_win_once(make_ladder):
    ladder, t = make_ladder(5)
    c = issue(ladder, t[4], t[1])
    assert services.ladder_deadlines_enforce(now=T0 + timedelta(days=2, hours=23))["forfeited"] == 0
    with pytest.raises(ConflictError) as err:
        services.challenge_accept(
            challenge=c, by=t[1].captain, now=T0 + timedelta(days=3, seconds=1)
        )
    assert err.value.code == "deadline"
    done = services.ladder_deadlines_enforce(now=T0 + timedelta(days=3, minutes=1))
    again = services.ladder_deadlines_enforce(now=T0 + timedelta(days=3, minutes=2))
    assert (done["forfeited"], again["forfeited"]) == (1, 0)
    c.refresh_from_db()
    assert (c.status, c.winner_id, c.answered_at) == ("forfeited", t[4].pk, None)
    assert order(ladder) == ids([t[0], t[4], t[1], t[2], t[3]])
    assert selectors.positions_consistent(ladder=ladder)


def test_the_move_and_its_history(make_ladder):
    ladder, t = make_ladder(6)
    c = issue(ladder, t[4], t[1])
    now = T0 + timedelta(days=3, minutes=1)
    services.ladder_deadlines_enforce(now=now)
    changes = {
        ch.team_id: (ch.kind, ch.position_before, ch.position_after, ch.challenge_id, ch.at)
        for ch in PositionChange.objects.filter(ladder=ladder).exclude(kind="join")
    }
    assert changes == {
        t[4].pk: ("win", 5, 2, c.pk, now),
        t[1].pk: ("shift", 2, 3, c.pk, now),
        t[2].pk: ("shift", 3, 4, c.pk, now),
        t[3].pk: ("shift", 4, 5, c.pk, now),
    }


def test_a_move_takes_constant_queries_on_a_big_ladder(make_ladder, ladder_director):
    """The same queries for a move on 4 teams and on 10,004: one bulk shift."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournaments.models import Team

    counts = []
    for extra_teams in (0, 10_000):
        ladder, t = make_ladder(4, name=f"L{extra_teams}")
        captain = t[0].captain
        extra = Team.objects.bulk_create(
            [Team(name=f"B{i}", captain=captain) for i in range(extra_teams)]
        )
        services.ladder_teams_add(ladder=ladder, teams=extra, director=ladder_director, now=T0)
        n = 4 + extra_teams
        bottom = Rung.objects.get(ladder=ladder, position=n)
        above = Rung.objects.get(ladder=ladder, position=n - 3)
        c = services.challenge_issue(
            ladder=ladder,
            challenger=bottom.team,
            defender=above.team,
            by=bottom.team.captain,
            now=T0,
        )
        with CaptureQueriesContext(connection) as queries:
            services.challenge_forfeit_due(challenge=c, now=T0 + timedelta(days=4))
        counts.append(len(queries))
        assert Rung.objects.get(ladder=ladder, team=bottom.team).position == n - 3
        assert selectors.positions_consistent(ladder=ladder)
        assert PositionChange.objects.filter(challenge=c).count() == 4
    assert counts[0] == counts[1] <= 20, counts


def winning(board, declarer):
    """3NT+1 by ``declarer`` with a card the opening leader holds."""
    leader = LHO[declarer]
    hand = deal_hands(board.deal)[leader]
    suit = next(s for s in "SHDC" if hand[s])
    return {"contract": "3NT", "declarer": declarer, "tricks": 10, "lead": suit + hand[suit][0]}


def play_match(challenge, director, *, challenger_wins: bool, now):
    """Start the match event, enter both rooms' results so that one side wins big,
    close the round (the event finishes)."""
    event = challenge.event
    ts.event_start(event=event, now=now, actor=director, rng=random.Random(1))
    rnd = Round.objects.get(event=event, number=1)
    # The first two of a roster play in the open room, the next two in the closed room.
    players = {
        (m.entry_id, "open" if m.position == 1 else "closed"): m.player
        for m in EntryMember.objects.filter(event=event, position__in=(1, 3)).select_related(
            "player"
        )
    }
    challenger_entry = TeamEntry.objects.get(event=event, team_id=challenge.challenger_id).entry_id
    for table in rnd.tables.filter(ew__isnull=False):
        challenger_ns = table.ns_id == challenger_entry
        for board in rnd.boards.all():
            ns_wins = challenger_ns == challenger_wins
            r = ts.result_submit(
                table_id=table.pk,
                board_id=board.pk,
                user=players[(table.ns_id, table.room)],
                now=now,
                **winning(board, "N" if ns_wins else "E"),
            )
            ts.result_confirm(result_id=r.pk, user=players[(table.ew_id, table.room)], now=now)
    ts.round_close(event=event, number=1, now=now + timedelta(hours=1), actor=director)
    return event


@pytest.fixture
def accepted(make_ladder, ladder_director):
    ladder, t = make_ladder(5)
    now = timezone.now()
    c = issue(ladder, t[3], t[1], now=now)
    c = services.challenge_accept(
        challenge=c, by=t[1].captain, now=now, start_at=now + timedelta(minutes=1)
    )
    return ladder, t, c, now


def test_accept_makes_a_vp_match_and_the_challenge_stays_open(accepted, ladder_director):
    ladder, t, c, now = accepted
    event = c.event
    assert event.kind == Event.Kind.TEAMS_RR and event.director_id == ladder_director.pk
    assert event.teams_settings.boards_per_round == ladder.boards
    assert set(TeamEntry.objects.filter(event=event).values_list("team_id", flat=True)) == {
        t[3].pk,
        t[1].pk,
    }
    assert c.status == "accepted" and c.is_open and c.play_by == now + timedelta(days=7)
    with pytest.raises(ConflictError):
        issue(ladder, t[4], t[1], now=now)  # the defender's challenge is still open
    assert selectors.challenge_list(ladder=ladder, status="open").get() == c


def test_a_challenger_win_moves_once_when_the_result_is_final(accepted, ladder_director):
    ladder, t, c, now = accepted
    event = play_match(c, ladder_director, challenger_wins=True, now=now + timedelta(minutes=2))
    c.refresh_from_db()
    assert c.status == "played" and c.winner_id == t[3].pk and c.challenger_vp > c.defender_vp
    assert order(ladder) == ids([t[0], t[3], t[1], t[2], t[4]])
    # the result applied again (a second task run, a second signal) moves nothing
    assert services.challenge_result_apply(challenge_id=c.pk) == "unchanged"
    from ladders.tasks import apply_match_result

    apply_match_result.delay(c.pk)
    assert order(ladder) == ids([t[0], t[3], t[1], t[2], t[4]])
    assert PositionChange.objects.filter(challenge=c).count() == 3
    assert Event.objects.get(pk=event.pk).status == Event.Status.FINISHED


def test_a_defender_win_moves_nothing(accepted, ladder_director):
    ladder, t, c, now = accepted
    play_match(c, ladder_director, challenger_wins=False, now=now + timedelta(minutes=2))
    c.refresh_from_db()
    assert c.status == "played" and c.winner_id == t[1].pk
    assert order(ladder) == ids(t)
    with pytest.raises(ConflictError):  # a played match is not the director's to decide
        services.challenge_decide(challenge=c, director=ladder_director, winner="challenger")


def test_a_tie_leaves_positions(accepted, ladder_director):
    ladder, t, c, now = accepted
    event = c.event
    ts.event_start(event=event, now=now + timedelta(minutes=2), actor=ladder_director)
    rnd = Round.objects.get(event=event, number=1)
    # The first two of a roster play in the open room, the next two in the closed room.
    players = {
        (m.entry_id, "open" if m.position == 1 else "closed"): m.player
        for m in EntryMember.objects.filter(event=event, position__in=(1, 3)).select_related(
            "player"
        )
    }
    for table in rnd.tables.filter(ew__isnull=False):  # the same result in both rooms
        for board in rnd.boards.all():
            r = ts.result_submit(
                table_id=table.pk,
                board_id=board.pk,
                user=players[(table.ns_id, table.room)],
                now=now + timedelta(minutes=3),
                **winning(board, "N"),
            )
            ts.result_confirm(result_id=r.pk, user=players[(table.ew_id, table.room)])
    ts.round_close(event=event, number=1, now=now + timedelta(hours=2), actor=ladder_director)
    c.refresh_from_db()
    assert (c.status, c.challenger_vp, c.defender_vp, c.winner_id) == ("played", 10, 10, None)
    assert order(ladder) == ids(t)


def test_a_match_with_no_board_played_waits_for_the_director(
    accepted, ladder_director, django_capture_on_commit_callbacks
):
    ladder, t, c, now = accepted
    event = c.event
    ts.event_start(event=event, now=now + timedelta(minutes=2), actor=ladder_director)
    # nothing entered: the scheduler's close cuts every board and the event finishes
    ts.round_close(event=event, number=1, now=now + timedelta(hours=2), actor=ladder_director)
    c.refresh_from_db()
    assert c.status == "accepted" and c.is_open and order(ladder) == ids(t)
    mail.outbox.clear()
    for _ in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            done = services.ladder_deadlines_enforce(now=now + timedelta(hours=3))
    assert [m.to for m in mail.outbox] == [[ladder_director.email]]
    assert done["applied"] == 0
    services.challenge_decide(challenge=c, director=ladder_director, winner="defender")
    c.refresh_from_db()
    assert (c.status, c.winner_id) == ("played", t[1].pk)
    assert order(ladder) == ids(t)


def test_a_correction_after_the_move_reverses_it_and_history_shows_both(accepted, ladder_director):
    ladder, t, c, now = accepted
    event = play_match(c, ladder_director, challenger_wins=True, now=now + timedelta(minutes=2))
    assert order(ladder)[1] == t[3].pk
    # the director corrects every board of the open room the other way
    rnd = Round.objects.get(event=event, number=1)
    challenger_entry = TeamEntry.objects.get(event=event, team=t[3]).entry_id
    for result in Result.objects.filter(table__round=rnd).select_related("table"):
        challenger_ns = result.table.ns_id == challenger_entry
        ts.result_correct(
            table_id=result.table_id,
            board_id=result.board_id,
            director=ladder_director,
            **winning(result.board, "E" if challenger_ns else "N"),
        )
    c.refresh_from_db()
    assert c.winner_id == t[1].pk and not c.moved
    assert order(ladder) == ids(t)
    kinds = list(
        PositionChange.objects.filter(challenge=c, team=t[3])
        .order_by("pk")
        .values_list("kind", "position_before", "position_after")
    )
    assert kinds == [("win", 4, 2), ("reversal", 2, 4)]


def test_the_director_decides_an_unplayed_match(accepted, ladder_director):
    ladder, t, c, now = accepted
    with pytest.raises(PermissionDeniedError):
        services.challenge_decide(challenge=c, director=t[0].captain, winner="challenger")
    services.challenge_decide(
        challenge=c, director=ladder_director, winner="challenger", now=now + timedelta(days=8)
    )
    c.refresh_from_db()
    assert (c.status, c.winner_id, c.decided_by_id) == ("played", t[3].pk, ladder_director.pk)
    assert order(ladder)[1] == t[3].pk
    assert LadderLog.objects.filter(ladder=ladder, action="challenge_decide").exists()


def test_the_director_cancels_and_nothing_moves(make_ladder, ladder_director):
    ladder, t = make_ladder(4)
    c = issue(ladder, t[3], t[2])
    with pytest.raises(PermissionDeniedError):
        services.challenge_cancel(challenge=c, director=t[0].captain)
    services.challenge_cancel(challenge=c, director=ladder_director, now=T0, reason="x")
    c.refresh_from_db()
    assert c.status == "cancelled" and order(ladder) == ids(t)
    assert services.ladder_deadlines_enforce(now=T0 + timedelta(days=5))["forfeited"] == 0
    assert issue(ladder, t[3], t[2], now=T0 + timedelta(hours=1)).status == "open"  # no cooldown


def test_director_settings_remove_and_correct_positions_are_audited(make_ladder, ladder_director):
    ladder, t = make_ladder(5)
    services.ladder_settings_set(
        ladder=ladder, director=ladder_director, k=2, accept_days=4, cooldown_days=0
    )
    ladder.refresh_from_db()
    assert (ladder.k, ladder.accept_days, ladder.cooldown_days) == (2, 4, 0)
    with pytest.raises(BridgeError):
        services.ladder_settings_set(ladder=ladder, director=ladder_director, k=0)
    with pytest.raises(PermissionDeniedError):
        services.ladder_settings_set(ladder=ladder, director=t[0].captain, k=4)
    c = issue(ladder, t[4], t[3])
    services.ladder_team_remove(ladder=ladder, team=t[3], director=ladder_director, now=T0)
    c.refresh_from_db()
    assert c.status == "cancelled"
    assert order(ladder) == ids([t[0], t[1], t[2], t[4]])
    services.ladder_position_set(
        ladder=ladder, team=t[4], position=1, director=ladder_director, now=T0
    )
    assert order(ladder) == ids([t[4], t[0], t[1], t[2]])
    services.ladder_position_set(
        ladder=ladder, team=t[4], position=3, director=ladder_director, now=T0
    )
    assert order(ladder) == ids([t[0], t[1], t[4], t[2]])
    with pytest.raises(BridgeError):
        services.ladder_position_set(
            ladder=ladder, team=t[4], position=9, director=ladder_director, now=T0
        )
    actions = set(LadderLog.objects.filter(ladder=ladder).values_list("action", flat=True))
    assert {"ladder_create", "teams_add", "settings", "team_remove", "position_set"} <= actions
    assert selectors.positions_consistent(ladder=ladder)


def test_only_a_director_creates_a_ladder():
    with pytest.raises(PermissionDeniedError):
        services.ladder_create(name="Mine", director=UserFactory())


def test_recent_form_is_the_last_five_results(make_ladder):
    ladder, t = make_ladder(3, cooldown_days=0)
    now = T0
    for _ in range(6):
        c = issue(ladder, t[2], t[1], now=now)
        now = c.accept_by + timedelta(seconds=1)
        services.ladder_deadlines_enforce(now=now)  # forfeit: t[2] wins, takes place 2
        c = issue(ladder, t[1], t[2], now=now)  # t[1] is now third
        now = c.accept_by + timedelta(seconds=1)
        services.ladder_deadlines_enforce(now=now)
    rows = {r.team.pk: r.form for r in selectors.ladder_rows(ladder=ladder)}
    assert rows[t[1].pk] == ["W", "L", "W", "L", "W"]
    assert rows[t[0].pk] == []


def test_captains_are_told_once_when_challenged_near_the_deadline_and_at_the_result(
    make_ladder, django_capture_on_commit_callbacks
):
    ladder, t = make_ladder(4)
    with django_capture_on_commit_callbacks(execute=True):
        issue(ladder, t[3], t[2])
    assert [m.to for m in mail.outbox] == [[t[2].captain.email]]
    for minutes in (0, 5):
        with django_capture_on_commit_callbacks(execute=True):
            services.ladder_deadlines_enforce(now=T0 + timedelta(days=2, hours=1, minutes=minutes))
    assert len(mail.outbox) == 2 and mail.outbox[1].to == [t[2].captain.email]
    for minutes in (0, 5):
        with django_capture_on_commit_callbacks(execute=True):
            services.ladder_deadlines_enforce(now=T0 + timedelta(days=3, minutes=1 + minutes))
    assert len(mail.outbox) == 3
    assert sorted(mail.outbox[2].to) == sorted([t[3].captain.email, t[2].captain.email])


def test_ladder_positions_of_a_team(make_ladder, django_assert_max_num_queries):
    ladder, t = make_ladder(4)
    other, _ = make_ladder(2, name="B ladder")
    services.ladder_teams_add(ladder=other, teams=[t[1]], director=ladder.director, now=T0)
    c = issue(ladder, t[2], t[1])
    with django_assert_max_num_queries(3):
        got = selectors.ladder_positions_of(t[1])
    assert [(p.ladder.pk, p.position, p.size, p.open_challenges) for p in got] == [
        (other.pk, 3, 3, []),
        (ladder.pk, 2, 4, [c]),
    ]


def test_the_beat_and_the_in_process_clock_both_enforce_deadlines(make_ladder):
    from django.conf import settings
    from django.core.management import call_command

    from config.celery import app

    entry = settings.CELERY_BEAT_SCHEDULE["enforce-ladder-deadlines"]
    app.loader.import_default_modules()
    assert entry["task"] in app.tasks
    ladder, t = make_ladder(4)
    long_ago = timezone.now() - timedelta(days=4)
    c = issue(ladder, t[3], t[2], now=long_ago)
    out = io.StringIO()
    call_command("run_clock", once=True, stdout=out)
    assert "forfeited" in out.getvalue()
    c.refresh_from_db()
    assert c.status == "forfeited"
    c2 = issue(ladder, t[2], t[0], now=long_ago)
    app.tasks[entry["task"]].delay()
    c2.refresh_from_db()
    assert c2.status == "forfeited"


def test_the_emails_give_deadlines_in_the_ladders_time_zone(
    make_ladder, django_capture_on_commit_callbacks
):
    ladder, t = make_ladder(4)
    ladder.time_zone = "Asia/Shanghai"
    ladder.save(update_fields=["time_zone"])
    with django_capture_on_commit_callbacks(execute=True):
        c = issue(ladder, t[3], t[2])
    local = timezone.localtime(c.accept_by, ZoneInfo("Asia/Shanghai"))
    body = mail.outbox[-1].body
    assert f"{local:%Y-%m-%d %H:%M} Shanghai (UTC+8)" in body
    assert "(UTC)" not in body


def test_each_captain_reads_the_ladder_email_in_their_own_language(
    make_ladder, django_capture_on_commit_callbacks
):
    ladder, t = make_ladder(4)
    t[2].captain.language = "zh-hans"
    t[2].captain.save(update_fields=["language"])
    c = issue(ladder, t[3], t[2])
    with django_capture_on_commit_callbacks(execute=True):
        services.challenge_accept(challenge=c, by=t[2].captain, now=T0)
    by_to = {m.to[0]: m for m in mail.outbox}
    assert "接受" in by_to[t[2].captain.email].subject  # the defender reads Chinese
    assert "accepts" in by_to[t[3].captain.email].subject
