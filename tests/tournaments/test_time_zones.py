"""Times and places (docs/rules.md § Times and places): an event has a time zone, set on
the form, in the API and in the admin, and every page writes its times in it, named."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime, timedelta

import pytest
from django.conf import settings
from django.template import Context, Template
from django.urls import reverse
from django.utils import timezone

from tests.conftest import api_client
from tests.factories import UserFactory
from tournaments import services
from tournaments.errors import BridgeError
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def render(text: str, **context) -> str:
    return Template("{% load bridgehall %}" + text).render(Context(context))


def fields(**changes) -> dict:
    data = {
        "name": "Club night",
        "start_at": timezone.now() + timedelta(days=1),
        "num_rounds": 3,
        "boards_per_round": 2,
    }
    data.update(changes)
    return data


def test_an_event_takes_the_sites_zone_by_default_and_refuses_an_unknown_one(director):
    event = services.event_create(director=director, **fields())
    assert event.time_zone == settings.TIME_ZONE
    shanghai = services.event_create(director=director, **fields(time_zone="Asia/Shanghai"))
    assert shanghai.time_zone == "Asia/Shanghai"
    with pytest.raises(BridgeError) as error:
        services.event_create(director=director, **fields(time_zone="Mars/Olympus"))
    assert error.value.code == "time_zone"


def test_the_filters_write_the_time_in_the_events_zone_with_the_zone_named():
    at = datetime(2026, 3, 1, 10, 52, tzinfo=UTC)
    utc = Event(time_zone="UTC")
    beijing = Event(time_zone="Asia/Shanghai")
    html = render("{{ t|event_time:e }}", t=at, e=utc)
    assert '>10:52 <span class="tz">UTC</span></time>' in html
    html = render("{{ t|event_time:e }}", t=at, e=beijing)
    assert '>18:52 <span class="tz">Shanghai (UTC+8)</span>' in html
    assert 'datetime="2026-03-01T10:52:00Z"' in html and 'data-tz="Asia/Shanghai"' in html
    assert "2026-03-01 18:52" in render("{{ t|event_datetime:e }}", t=at, e=beijing)
    # a date only: the event's calendar day (23:30 UTC is already the next day in Beijing)
    late = datetime(2026, 3, 1, 23, 30, tzinfo=UTC)
    assert render("{{ t|event_date:e }}", t=late, e=beijing) == "2026-03-02"
    assert render("{{ t|event_time:'America/St_Johns' }}", t=at).count("St Johns (UTC-3:30)") == 1
    assert render("{{ t|event_time:e }}", t=None, e=utc) == ""


def test_the_form_reads_the_start_time_in_the_chosen_zone(client, director):
    client.force_login(director)
    for name in ("tournaments:event_create", "tournaments:teams_event_create"):
        form = client.get(reverse(name)).content.decode()
        assert '<select name="time_zone"' in form and '<option value="Asia/Shanghai">' in form
        assert f'<option value="{settings.TIME_ZONE}" selected>' in form
    start = timezone.now() + timedelta(days=3)
    wall = start.astimezone(timezone.get_default_timezone()).replace(tzinfo=None)
    response = client.post(
        reverse("tournaments:event_create"),
        {
            "name": "Beijing night",
            "start_at": wall.strftime("%Y-%m-%dT%H:%M"),
            "time_zone": "Asia/Shanghai",
            "num_rounds": 3,
            "boards_per_round": 2,
            "round_minutes": 24,
            "gap_minutes": 3,
            "method": "ximp",
            "finish_threshold": "0.70",
            "bye_score": "A=",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    event = Event.objects.get(name="Beijing night")
    assert event.time_zone == "Asia/Shanghai"
    # the wall-clock time typed is Beijing's: 8 hours before the same time in UTC
    expected = wall.replace(second=0, microsecond=0) - timedelta(hours=8)
    assert event.start_at.astimezone(UTC).replace(tzinfo=None) == expected
    page = client.get(reverse("tournaments:event_detail", args=[event.pk])).content.decode()
    assert f'{wall:%Y-%m-%d %H:%M} <span class="tz">Shanghai (UTC+8)</span>' in page


def test_the_api_takes_and_answers_the_time_zone(director):
    client = api_client(director)
    body = {**fields(), "start_at": (timezone.now() + timedelta(days=1)).isoformat()}
    response = client.post("/api/events/", {**body, "time_zone": "Europe/Paris"}, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["time_zone"] == "Europe/Paris"
    default = client.post("/api/events/", body, format="json").json()
    assert default["time_zone"] == settings.TIME_ZONE
    bad = client.post("/api/events/", {**body, "time_zone": "Nowhere/City"}, format="json")
    assert bad.status_code == 400 and "time_zone" in bad.json()["fields"]
    listed = client.get("/api/events/").json()["results"]
    assert {e["time_zone"] for e in listed} == {"Europe/Paris", settings.TIME_ZONE}


def test_the_admin_sets_the_time_zone(client):
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    page = client.get(reverse("admin:tournaments_event_add")).content.decode()
    assert 'name="time_zone"' in page and '<option value="Asia/Shanghai">' in page


def test_every_time_of_a_running_event_is_in_its_zone(client, make_event):
    event = make_event(pairs=4, time_zone="Asia/Shanghai")
    services.event_start(event=event, rng=random.Random(1))
    event.refresh_from_db()
    rnd = event.rounds.get(number=1)
    end = timezone.localtime(rnd.ends_at, timezone.get_default_timezone())
    beijing = rnd.ends_at.astimezone(timezone.get_default_timezone()) + timedelta(hours=8)
    assert end.utcoffset() == timedelta(0)  # the site runs on UTC in the tests
    label = f'{beijing:%H:%M} <span class="tz">Shanghai (UTC+8)</span>'
    page = client.get(reverse("tournaments:event_detail", args=[event.pk])).content.decode()
    assert label in page
    assert f">{end:%H:%M} " not in page.replace(label, "")  # no time in the site's zone
    member = event.entries.first().members.first().player
    client.force_login(member)
    table = client.get(reverse("tournaments:my_table", args=[event.pk])).content.decode()
    assert label in table
    client.force_login(event.director)
    console = client.get(reverse("tournaments:event_director", args=[event.pk])).content.decode()
    assert label in console


def test_the_event_list_shows_the_start_in_the_events_zone(client, make_event):
    start = datetime.now(UTC).replace(second=0, microsecond=0) + timedelta(days=2)
    make_event(pairs=0, name="Paris", start_at=start, time_zone="Europe/Paris")
    page = client.get(reverse("tournaments:event_list")).content.decode()
    paris = timezone.localtime(start, __import__("zoneinfo").ZoneInfo("Europe/Paris"))
    assert f'{paris:%Y-%m-%d %H:%M} <span class="tz">Paris (UTC+' in page


def test_no_template_writes_a_time_without_its_zone():
    """Every time a page shows goes through the event_time filters (the one place):
    only machine-readable instants (``date:'c'``, ``data-now``) use Django's own."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "templates"
    bad = []
    for path in root.rglob("*.html"):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            # (a duration, ``|timeuntil``, is no time of day)
            for match in re.finditer(
                r"\|(date|time)(?![a-z_]):?(\"[^\"]*\"|'[^']*')?|\{% now [^%]*%\}", line
            ):
                text = match.group(0)
                if text in ("|date:'c'",) or "'c'" in text:
                    continue
                bad.append(f"{path.relative_to(root)}:{number} {text}")
    assert bad == []


def test_the_live_standings_say_when_they_were_updated_in_the_events_zone(client, make_event):
    event = make_event(pairs=4, start=True, time_zone="Asia/Shanghai")
    page = client.get(reverse("tournaments:standings_fragment", args=[event.pk])).content.decode()
    assert 'data-fmt="seconds"' in page and "Shanghai (UTC+8)" in page


def test_a_team_event_takes_a_time_zone_too(client, director):
    body = {
        "name": "Teams night",
        "kind": "teams_rr",
        "start_at": (timezone.now() + timedelta(days=1)).isoformat(),
        "boards_per_round": 2,
        "time_zone": "Australia/Sydney",
    }
    created = api_client(director).post("/api/events/teams/", body, format="json")
    assert created.status_code == 201, created.content
    assert created.json()["time_zone"] == "Australia/Sydney"
    client.force_login(director)
    start = timezone.now() + timedelta(days=2)
    response = client.post(
        reverse("tournaments:teams_event_create"),
        {
            "name": "Page teams",
            "kind": "teams_swiss",
            "start_at": start.strftime("%Y-%m-%dT%H:%M"),
            "time_zone": "Europe/Berlin",
            "num_rounds": 3,
            "boards_per_round": 4,
            "round_minutes": 30,
            "gap_minutes": 5,
            "vp_scale": "wbf2013",
            "bye_vp": "12",
            "adjusted_plus": 3,
            "adjusted_average": 0,
            "adjusted_minus": -3,
            "broadcast": "on",
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    assert Event.objects.get(name="Page teams").time_zone == "Europe/Berlin"
