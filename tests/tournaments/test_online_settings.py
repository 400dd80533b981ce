"""The online table's director settings (docs/rules.md § Online play): spectators,
cut boards scored double dummy and chat, each with its default; set on creation through
the API, changed on the edit page (table rules: also once play has begun), shown in the
API and the admin."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.admin.sites import site
from django.urls import reverse
from django.utils import timezone

from tests.conftest import api_client
from tests.tournaments.test_event_edit import _edit_data
from tournaments import services
from tournaments.errors import BridgeError
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_the_defaults(make_event):
    event = make_event(pairs=4)
    assert event.spectators == Event.Spectators.OFF and event.spectator_delay == 120
    assert not event.cut_double_dummy and not event.chat_allowed


def test_the_api_creates_with_them_and_shows_them(director):
    api = api_client(director)
    start = (timezone.now() + timedelta(days=1)).isoformat()
    body = {"name": "Online", "start_at": start, "num_rounds": 2, "boards_per_round": 2,
            "online_play": True, "spectators": "delayed", "spectator_delay": 30,
            "cut_double_dummy": True, "chat_allowed": True}  # fmt: skip
    created = api.post("/api/events/", body, format="json")
    assert created.status_code == 201, created.content
    shown = api.get(f"/api/events/{created.json()['id']}/").json()
    assert (shown["spectators"], shown["spectator_delay"]) == ("delayed", 30)
    assert shown["cut_double_dummy"] is True and shown["chat_allowed"] is True
    bad = api.post("/api/events/", {**body, "spectators": "everyone"}, format="json")
    assert bad.status_code == 400
    bad = api.post("/api/events/", {**body, "spectator_delay": 0}, format="json")
    assert bad.status_code == 400


def test_the_edit_page_changes_them_even_once_play_has_begun(client, make_event, director):
    event = make_event(pairs=4, start=True, online_play=True)
    url = reverse("tournaments:event_edit", args=[event.pk])
    client.force_login(director)
    page = client.get(url).content.decode()
    for name in ("spectators", "spectator_delay", "cut_double_dummy", "chat_allowed"):
        assert f'name="{name}"' in page
    data = _edit_data(event, spectators="live", spectator_delay=45, cut_double_dummy="on",
                      chat_allowed="on", online_play="on")  # fmt: skip
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    event.refresh_from_db()
    assert (event.spectators, event.spectator_delay) == ("live", 45)
    assert event.cut_double_dummy and event.chat_allowed


def test_the_service_refuses_an_unknown_value(make_event, director):
    event = make_event(pairs=4)
    with pytest.raises(BridgeError) as caught:
        services.event_update(event=event, director=director, spectators="everyone")
    assert caught.value.code == "spectators"
    with pytest.raises(BridgeError):
        services.event_update(event=event, director=director, spectator_delay=99999)


def test_the_admin_shows_them(client, make_event, director):
    event = make_event(pairs=4)
    director.is_superuser = True
    director.save(update_fields=["is_superuser"])
    client.force_login(director)
    page = client.get(reverse("admin:tournaments_event_change", args=[event.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    for name in ("spectators", "spectator_delay", "cut_double_dummy", "chat_allowed"):
        assert f'name="{name}"' in html
    assert site.is_registered(Event)


def test_robot_substitutes_default_to_the_director_and_are_set_and_changed(
    make_event, director, client
):
    """docs/rules.md § Robots, substitutes: off, director (the default) or auto."""
    assert make_event(pairs=4).robot_substitutes == Event.RobotSubstitutes.DIRECTOR
    api = api_client(director)
    start = (timezone.now() + timedelta(days=1)).isoformat()
    body = {"name": "Robots", "start_at": start, "num_rounds": 2, "boards_per_round": 2,
            "online_play": True, "robot_substitutes": "auto"}  # fmt: skip
    created = api.post("/api/events/", body, format="json")
    assert created.status_code == 201, created.content
    assert api.get(f"/api/events/{created.json()['id']}/").json()["robot_substitutes"] == "auto"
    bad = api.post("/api/events/", {**body, "robot_substitutes": "always"}, format="json")
    assert bad.status_code == 400
    event = make_event(pairs=4, start=True, online_play=True)
    url = reverse("tournaments:event_edit", args=[event.pk])
    client.force_login(director)
    assert 'name="robot_substitutes"' in client.get(url).content.decode()
    response = client.post(url, _edit_data(event, robot_substitutes="off", online_play="on"))
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.robot_substitutes == "off"
    with pytest.raises(BridgeError) as caught:
        services.event_update(event=event, director=director, robot_substitutes="always")
    assert caught.value.code == "robot_substitutes"
