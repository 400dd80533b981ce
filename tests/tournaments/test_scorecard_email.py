"""After the event every player gets their scorecard by email (docs/rules.md § Emails):
their boards, scores from their own side, points and links to the board pages, once per
player and event, through Django's email framework."""

from __future__ import annotations

import pytest
from django.core import mail
from django.core.mail import EmailMultiAlternatives

from tests.conftest import player
from tests.tournaments.test_pages import play_round
from tournaments import services
from tournaments.models import Entry, Event, Result, ScorecardEmail
from tournaments.services.mail import scorecards_send

pytestmark = pytest.mark.django_db


def run_to_the_end(event, capture):
    for number in range(1, event.num_rounds + 1):
        play_round(event, number)
        if number < event.num_rounds:
            services.round_close(event=event, number=number)
    with capture(execute=True):
        services.round_close(event=event, number=event.num_rounds)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    return event


def test_every_player_gets_their_scorecard_once(make_event, django_capture_on_commit_callbacks):
    event = make_event(pairs=4, start=True, num_rounds=2, name="Spring Swiss")
    run_to_the_end(event, django_capture_on_commit_callbacks)
    scorecards = [m for m in mail.outbox if "Spring Swiss" in m.subject]
    players = [m.player for e in event.entries.all() for m in e.members.all()]
    assert sorted(m.to[0] for m in scorecards) == sorted(p.email for p in players)
    assert ScorecardEmail.objects.filter(event=event).count() == 8

    # what an EW player reads: their own side's score, their points, the board links
    entry = Entry.objects.get(event=event, registration_order=2)  # EW in round 1
    ew = player(entry)
    message = next(m for m in scorecards if m.to == [ew.email])
    result = Result.objects.get(table__ns__registration_order=1, board__number=1)
    own = -result.ns_score
    line = next(row for row in message.body.splitlines() if row.startswith("1 | 1 | EW |"))
    assert f"| {own:+d} |" in line if own else "| 0 |" in line
    assert f"{result.ew_points:.2f}" in line
    assert f"/events/{event.pk}/boards/1/" in message.body
    html = message.alternatives[0][0]
    assert f'href="http://127.0.0.1:8000/events/{event.pk}/boards/1/"' in html
    assert f"/events/{event.pk}/pairs/{entry.pk}/" in html

    # again (a retried task, a re-ranking after a correction): nobody gets a second one
    def scorecards_sent():  # (a correction that moves a rank tier is announced, by its own email)
        return [m for m in mail.outbox if "Spring Swiss" in m.subject]

    before = len(scorecards_sent())
    assert scorecards_send(event_id=event.pk) == 0
    table = result.table
    with django_capture_on_commit_callbacks(execute=True):
        services.result_correct(
            table_id=table.pk,
            board_id=result.board_id,
            director=event.director,
            contract="3NT",
            declarer="S",
            tricks=9,
            lead="HA",
            reason="typo",
        )
    assert len(scorecards_sent()) == before


def test_a_failed_send_is_sent_by_the_next_run(make_event, monkeypatch):
    event = make_event(pairs=2, start=True, num_rounds=1)
    play_round(event, 1)
    services.round_close(event=event, number=1)
    real = EmailMultiAlternatives.send
    monkeypatch.setattr(EmailMultiAlternatives, "send", lambda self, *a, **k: 1 / 0)
    assert scorecards_send(event_id=event.pk) == 0
    assert not ScorecardEmail.objects.filter(event=event).exists()
    monkeypatch.setattr(EmailMultiAlternatives, "send", real)
    assert scorecards_send(event_id=event.pk) == 4
    assert scorecards_send(event_id=event.pk) == 0


def test_nothing_is_sent_before_the_event_has_finished(make_event):
    event = make_event(pairs=2, start=True, num_rounds=2)
    assert scorecards_send(event_id=event.pk) == 0
    assert mail.outbox == []


def test_each_player_reads_their_scorecard_in_the_language_they_chose(
    make_event, client, django_capture_on_commit_callbacks
):
    event = make_event(pairs=2, start=True, num_rounds=1, name="Winter Swiss")
    chinese = player(Entry.objects.get(event=event, registration_order=1))
    client.force_login(chinese)
    client.post("/i18n/setlang/", {"language": "zh-hans", "next": "/"})
    chinese.refresh_from_db()
    assert chinese.language == "zh-hans"  # the switcher's choice is kept for emails

    run_to_the_end(event, django_capture_on_commit_callbacks)

    cards = {m.to[0]: m for m in mail.outbox if "Winter Swiss" in m.subject}
    assert cards[chinese.email].subject.startswith("你的记分卡")
    others = [m for to, m in cards.items() if to != chinese.email]
    assert others and all(m.subject.startswith("Your scorecard") for m in others)
