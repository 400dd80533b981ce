"""Event dates and lengths: absurd start times are refused at creation, the form, the API and
the service accept the same ranges, and the clock never overflows."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.conftest import api_client
from tournaments import services
from tournaments.errors import BridgeError
from tournaments.models import Event, Round
from tournaments.services import schedule

pytestmark = pytest.mark.django_db


client_for = api_client


# --- 2. event dates and lengths ------------------------------------------------------------

FAR = datetime(9999, 12, 31, 12, 0, tzinfo=UTC)


def event_fields(**changes) -> dict:
    fields = {
        "name": "Swiss",
        "start_at": timezone.now() + timedelta(days=1),
        "num_rounds": 3,
        "boards_per_round": 2,
        "round_minutes": 24,
        "gap_minutes": 3,
    }
    fields.update(changes)
    return fields


def form_post(**changes) -> dict:
    fields = event_fields(**changes)
    start = timezone.localtime(fields["start_at"]) if fields["start_at"].year < 9999 else FAR
    return {
        **fields,
        "start_at": start.strftime("%Y-%m-%dT%H:%M"),
        "method": "ximp",
        "finish_threshold": "0.70",
        "bye_score": "A=",
    }


def api_post(**changes) -> dict:
    fields = event_fields(**changes)
    return {**fields, "start_at": fields["start_at"].isoformat()}


ABSURD_STARTS = [
    pytest.param(FAR, id="year-9999"),
    pytest.param(timedelta(days=800), id="over-two-years"),
    pytest.param(-timedelta(days=1), id="yesterday"),
]


def _start(value):
    return timezone.now() + value if isinstance(value, timedelta) else value


@pytest.mark.parametrize("start", ABSURD_STARTS)
def test_service_refuses_an_absurd_start(start, director):
    with pytest.raises(BridgeError) as err:
        services.event_create(director=director, **event_fields(start_at=_start(start)))
    assert err.value.code == "start_at"
    assert not Event.objects.exists()


@pytest.mark.parametrize("start", ABSURD_STARTS)
def test_api_refuses_an_absurd_start(start, director):
    response = client_for(director).post(
        "/api/events/", api_post(start_at=_start(start)), format="json"
    )
    assert response.status_code == 400
    assert "start_at" in response.data
    assert not Event.objects.exists()


@pytest.mark.parametrize("start", ABSURD_STARTS)
def test_page_refuses_an_absurd_start(start, client, director):
    client.force_login(director)
    response = client.post(reverse("tournaments:event_create"), form_post(start_at=_start(start)))
    assert response.status_code == 200
    assert "The start time must be" in response.content.decode()
    assert not Event.objects.exists()


def test_a_start_a_little_in_the_past_and_up_to_two_years_ahead_is_accepted(director):
    now = timezone.now()
    for start in (now - timedelta(minutes=1), now + timedelta(days=729)):
        services.event_create(director=director, **event_fields(start_at=start))
    assert Event.objects.count() == 2


# One definition of the ranges: the form, the API and the service take and refuse the same.
RANGES = [
    ({"round_minutes": 0.5}, True),
    ({"round_minutes": 0.05}, True),
    ({"round_minutes": 600}, True),
    ({"round_minutes": 0.01}, False),
    ({"round_minutes": 601}, False),
    ({"gap_minutes": 0}, True),
    ({"gap_minutes": 2.5}, True),
    ({"gap_minutes": 601}, False),
    ({"num_rounds": 50}, True),
    ({"num_rounds": 51}, False),
    ({"boards_per_round": 36}, True),
    ({"boards_per_round": 0}, False),
]


@pytest.mark.parametrize(("changes", "accepted"), RANGES)
def test_form_api_and_service_accept_the_same_ranges(changes, accepted, client, director):
    try:
        services.event_create(director=director, **event_fields(**changes))
        service_ok = True
    except BridgeError:
        service_ok = False
    api = client_for(director).post("/api/events/", api_post(**changes), format="json")
    client.force_login(director)
    page = client.post(reverse("tournaments:event_create"), form_post(**changes))
    assert (service_ok, api.status_code == 201, page.status_code == 302) == (accepted,) * 3
    if accepted:
        name, value = next(iter(changes.items()))
        assert api.data[name] == value  # a fractional round length is not reported as 0
        assert Event.objects.count() == 3
        assert {getattr(e, name) for e in Event.objects.all()} == {value}
    else:
        assert not Event.objects.exists()


def _far_event(make_event, director):
    """An event stored before dates were checked: it starts in the year 9999."""
    event = make_event(pairs=4)
    Event.objects.filter(pk=event.pk).update(start_at=FAR, next_transition_at=FAR)
    event.refresh_from_db()
    return event


def test_resume_of_an_event_in_the_year_9999_is_a_clear_error(make_event, director):
    event = _far_event(make_event, director)
    now = timezone.now()
    schedule.event_pause(event=event, director=director, now=now)
    with pytest.raises(BridgeError) as err:
        schedule.event_resume(event=event, director=director, now=now + timedelta(days=400))
    assert err.value.code == "time_range"
    event.refresh_from_db()
    assert event.paused_at is not None  # nothing changed


def test_extend_past_the_last_representable_time_is_a_clear_error(make_event, director):
    event = make_event(pairs=4, start=True)
    end = datetime.max.replace(tzinfo=UTC) - timedelta(minutes=1)
    Round.objects.filter(event=event, number=1).update(ends_at=end)
    with pytest.raises(BridgeError) as err:
        schedule.round_extend(event=event, director=director, minutes=5)
    assert err.value.code == "time_range"
    assert Round.objects.get(event=event, number=1).ends_at == end


def test_clock_api_answers_400_not_500_for_an_event_in_the_year_9999(make_event, director):
    event = _far_event(make_event, director)
    api = client_for(director)
    assert api.post(f"/api/events/{event.pk}/clock/", {"action": "pause"}).status_code == 200
    Event.objects.filter(pk=event.pk).update(paused_at=timezone.now() - timedelta(days=400))
    response = api.post(f"/api/events/{event.pk}/clock/", {"action": "resume"})
    assert response.status_code == 400
    assert response.data["code"] == "time_range"
