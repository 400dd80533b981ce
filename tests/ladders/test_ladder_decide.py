"""When the director may decide a ladder match (docs/rules.md § Ladder): only one not
played by its play deadline, or one whose every board was cut; a match that finishes
decides the challenge, and no decision follows it. The page, the API and the service
give the same answer."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.utils import timezone

from ladders import selectors, services
from ladders.models import Challenge, LadderLog, PositionChange
from tests.conftest import api_client, need_postgres
from tests.ladders.test_ladder_rules import ids, issue, order, play_match
from tournaments import services as ts
from tournaments.errors import ConflictError
from tournaments.models import Event
from tournaments.services import rounds

pytestmark = pytest.mark.django_db


@pytest.fixture
def accepted(make_ladder, ladder_director):
    """Team 5 (t[4]) challenges team 3 (t[2]), accepted now; the match starts in a minute."""
    ladder, t = make_ladder(5)
    now = timezone.now()
    c = issue(ladder, t[4], t[2], now=now)
    c = services.challenge_accept(
        challenge=c, by=t[2].captain, now=now, start_at=now + timedelta(minutes=1)
    )
    return ladder, t, c, now


def snapshot(ladder, c):
    c = Challenge.objects.get(pk=c.pk)
    return (
        order(ladder),
        c.status,
        c.winner_id,
        c.decided_by_id,
        PositionChange.objects.filter(ladder=ladder).count(),
        LadderLog.objects.filter(ladder=ladder, action="challenge_decide").count(),
    )


def decide(ladder_director, c, winner="challenger"):
    return api_client(ladder_director).post(
        f"/api/ladders/challenges/{c.pk}/decide/", {"winner": winner}, format="json"
    )


def test_a_running_match_before_its_deadline_is_not_the_directors_to_decide(
    accepted, ladder_director
):
    ladder, t, c, now = accepted
    ts.event_start(event=c.event, now=now + timedelta(minutes=2), actor=ladder_director)
    assert Event.objects.get(pk=c.event_id).status == Event.Status.RUNNING
    before = snapshot(ladder, c)
    response = decide(ladder_director, c)
    assert response.status_code == 409, response.content
    assert response.json()["code"] == "in_progress"
    assert "Shanghai (UTC+8)" in response.json()["detail"]  # the deadline, in the ladder's zone
    assert snapshot(ladder, c) == before
    # the page refuses it the same way, with the reason visible
    page = Client()
    page.force_login(ladder_director)
    shown = page.post(f"/ladders/challenges/{c.pk}/decide/", {"winner": "challenger"}, follow=True)
    assert "is being played" in shown.content.decode()
    assert snapshot(ladder, c) == before


def test_the_played_result_then_decides_the_challenge(accepted, ladder_director):
    """The reported case: refused while running, the defender wins, nothing moves."""
    ladder, t, c, now = accepted
    with pytest.raises(ConflictError) as refused:
        services.challenge_decide(
            challenge=c, director=ladder_director, winner="challenger", now=now
        )
    assert refused.value.code == "before_deadline"
    play_match(c, ladder_director, challenger_wins=False, now=now + timedelta(minutes=2))
    c.refresh_from_db()
    assert (c.status, c.winner_id, c.decided_by_id) == ("played", t[2].pk, None)
    assert c.defender_vp > c.challenger_vp
    assert order(ladder) == ids(t)
    # once finished, no decision follows
    before = snapshot(ladder, c)
    response = decide(ladder_director, c)
    assert response.status_code == 409 and response.json()["code"] == "state"
    assert snapshot(ladder, c) == before


def test_after_the_deadline_an_unplayed_match_is_decided(accepted, ladder_director):
    ladder, t, c, now = accepted
    with pytest.raises(ConflictError):  # the last minute of the deadline: still playable
        services.challenge_decide(
            challenge=c, director=ladder_director, winner="challenger", now=c.play_by
        )
    services.challenge_decide(
        challenge=c,
        director=ladder_director,
        winner="challenger",
        now=c.play_by + timedelta(minutes=1),
    )
    c.refresh_from_db()
    assert (c.status, c.winner_id, c.decided_by_id) == ("played", t[4].pk, ladder_director.pk)
    assert order(ladder) == ids([t[0], t[1], t[4], t[2], t[3]])
    with pytest.raises(ConflictError) as again:
        services.challenge_decide(
            challenge=c, director=ladder_director, winner="defender", now=c.play_by
        )
    assert again.value.code == "state"


def test_a_match_with_every_board_cut_is_decided_before_the_deadline(accepted, ladder_director):
    ladder, t, c, now = accepted
    ts.event_start(event=c.event, now=now + timedelta(minutes=2), actor=ladder_director)
    ts.round_close(event=c.event, number=1, now=now + timedelta(hours=2), actor=ladder_director)
    assert Event.objects.get(pk=c.event_id).status == Event.Status.FINISHED
    response = decide(ladder_director, c, winner="defender")
    assert response.status_code == 200, response.content
    assert response.json()["decided_by_director"] is True
    assert response.json()["winner"] == t[2].pk
    assert order(ladder) == ids(t)


def test_the_director_page_shows_why_a_match_cannot_be_decided_yet(accepted, ladder_director):
    ladder, t, c, now = accepted
    page = Client()
    page.force_login(ladder_director)
    html = page.get(f"/ladders/{ladder.pk}/director/").content.decode()
    assert f"/ladders/challenges/{c.pk}/decide/" not in html
    assert "only then is it yours to decide" in html


@pytest.mark.django_db(transaction=True)
@pytest.mark.postgres
@pytest.mark.slow
def test_a_decision_waiting_on_the_finishing_match_is_refused(
    make_ladder, ladder_director, monkeypatch
):
    """The match finishes (under its event's lock) while the director decides after the
    deadline: the decision waits for the finish, then finds the match played."""
    need_postgres()
    ladder, t = make_ladder(5)
    now = timezone.now()
    c = issue(ladder, t[4], t[2], now=now)
    c = services.challenge_accept(
        challenge=c, by=t[2].captain, now=now, start_at=now + timedelta(minutes=1)
    )
    # the results are in; the close (the finish) is what races with the decision
    finish_now = now + timedelta(minutes=2)
    closing = threading.Event()
    out = {}

    real = rounds.round_of_event_for_update

    def lock_and_hold(**kwargs):  # the close holds its event's lock a moment
        rnd = real(**kwargs)
        closing.set()
        time.sleep(1.0)
        return rnd

    monkeypatch.setattr(rounds, "round_of_event_for_update", lock_and_hold)

    def finish():
        try:
            # the players' entries, then the close (which finishes the match)
            play_match(c, ladder_director, challenger_wins=False, now=finish_now)
            out["finish"] = "done"
        except Exception as exc:  # noqa: BLE001 - reported to the test
            out["finish"] = exc
        finally:
            connection.close()

    def decide_late():
        closing.wait(10)
        try:
            out["decide"] = services.challenge_decide(
                challenge=Challenge(pk=c.pk, ladder_id=ladder.pk),
                director=ladder_director,
                winner="challenger",
                now=c.play_by + timedelta(minutes=1),
            )
        except Exception as exc:  # noqa: BLE001 - reported to the test
            out["decide"] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=finish), threading.Thread(target=decide_late)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert out["finish"] == "done", out
    assert isinstance(out["decide"], ConflictError) and out["decide"].code == "state", out
    c.refresh_from_db()
    assert (c.status, c.winner_id, c.decided_by_id) == ("played", t[2].pk, None)
    assert selectors.ladder_order(ladder=ladder) == ids(t)
