"""Directors edit, reschedule and cancel events on the pages; a start time in the past
is refused with a clear message; an event the scheduler could not start says why."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.conftest import player
from tournaments import services
from tournaments.errors import BridgeError, ConflictError
from tournaments.models import Event, EventLog
from tournaments.services import schedule

pytestmark = pytest.mark.django_db


def _local(dt):
    return timezone.localtime(dt).strftime("%Y-%m-%dT%H:%M")


def _edit_data(event, **changes):
    data = {"name": event.name, "start_at": _local(event.start_at),
            "num_rounds": event.num_rounds, "boards_per_round": event.boards_per_round,
            "round_minutes": event.round_minutes, "gap_minutes": event.gap_minutes,
            "method": event.method, "finish_threshold": event.settings.finish_threshold,
            "bye_score": event.settings.bye_score, "lead_required": "on"}  # fmt: skip
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


def test_the_director_edits_and_reschedules_before_the_start(client, make_event, director):
    event = make_event(pairs=4)
    url = reverse("tournaments:event_edit", args=[event.pk])
    client.force_login(player(event.entries.first()))
    assert client.get(url).status_code == 403
    client.force_login(director)
    assert client.get(url).status_code == 200
    later = (timezone.now() + timedelta(days=2)).replace(second=0, microsecond=0)
    response = client.post(
        url, _edit_data(event, name="Club night", start_at=_local(later), num_rounds=4,
                        method="mp", lead_required=None)
    )  # fmt: skip
    assert response.status_code == 302
    event = Event.objects.get(pk=event.pk)
    assert (event.name, event.num_rounds, event.method) == ("Club night", 4, "mp")
    assert not event.lead_required
    assert event.start_at == later and event.next_transition_at == later  # rescheduled
    assert EventLog.objects.filter(event=event, action="event_edit").exists()


def test_a_past_start_time_is_refused_with_a_message_and_changes_nothing(
    client, make_event, director
):
    event = make_event(pairs=4)
    client.force_login(director)
    past = timezone.now() - timedelta(days=1)
    response = client.post(
        reverse("tournaments:event_edit", args=[event.pk]), _edit_data(event, start_at=_local(past))
    )
    assert response.status_code == 200
    assert "The start time must be from now to two years ahead." in response.content.decode()
    assert Event.objects.get(pk=event.pk).start_at == event.start_at
    with pytest.raises(BridgeError):
        services.event_update(event=event, director=director, start_at=past)


def test_once_play_has_begun_only_the_name_and_table_rules_change(make_event, director, client):
    event = make_event(pairs=4, start=True)
    with pytest.raises(ConflictError):
        services.event_update(event=event, director=director, num_rounds=9)
    services.event_update(event=event, director=director, name="Renamed", traveller_hidden=True)
    event.refresh_from_db()
    assert event.name == "Renamed" and event.traveller_hidden
    client.force_login(director)
    page = client.get(reverse("tournaments:event_edit", args=[event.pk]))
    assert page.context["form"].fields["num_rounds"].disabled
    response = client.post(
        reverse("tournaments:event_edit", args=[event.pk]), _edit_data(event, name="Again")
    )
    assert response.status_code == 302 and Event.objects.get(pk=event.pk).name == "Again"


def test_cancelling_an_event_before_the_start(client, make_event, director):
    event = make_event(pairs=4)
    client.force_login(director)
    client.post(reverse("tournaments:event_edit", args=[event.pk]), {"cancel_event": "1"})
    event.refresh_from_db()
    assert event.status == Event.Status.CANCELLED and event.next_transition_at is None
    assert schedule.events_advance(now=event.start_at + timedelta(minutes=1)) == {}
    page = client.get(reverse("tournaments:event_detail", args=[event.pk])).content.decode()
    assert "This event was cancelled." in page
    started = make_event(pairs=4, start=True)
    with pytest.raises(ConflictError):
        services.event_cancel(event=started, director=director)


def test_an_event_that_could_not_start_says_why(client, make_event, director):
    event = make_event(pairs=1)  # one pair: too few to seat
    schedule.events_advance(now=event.start_at + timedelta(seconds=1))
    assert EventLog.objects.filter(event=event, action="start_failed").exists()
    page = client.get(reverse("tournaments:event_detail", args=[event.pk])).content.decode()
    assert "The event did not start." in page and "At least two confirmed pairs" in page
    assert "Starting" not in page.split("event-head-side")[1].split("</section>")[0]
