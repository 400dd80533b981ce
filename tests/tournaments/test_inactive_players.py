"""A deactivated account cannot be entered in an event: not invited as a partner on the
event page or through the API, not added by the director. One service rule refuses it."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tournaments import services
from tournaments.errors import BridgeError
from tournaments.models import Entry, EntryMember

pytestmark = pytest.mark.django_db


@pytest.fixture
def gone():
    return UserFactory(is_active=False, username="gone")


def test_the_service_refuses_a_deactivated_partner(make_event, gone, director):
    event = make_event(pairs=0)
    with pytest.raises(BridgeError) as refused:
        services.entry_register(event=event, player=UserFactory(), partner=gone)
    assert refused.value.code == "inactive_player"
    with pytest.raises(BridgeError):
        services.entry_add(event=event, players=[UserFactory(), gone], director=director)
    assert not Entry.objects.filter(event=event).exists()
    assert not EntryMember.objects.filter(event=event).exists()


def test_the_event_page_shows_the_refusal_and_creates_nothing(client, make_event, gone):
    event = make_event(pairs=0)
    client.force_login(UserFactory())
    response = client.post(
        reverse("tournaments:event_register", args=[event.pk]), {"partner": "gone"}, follow=True
    )
    html = response.content.decode()
    assert "gone" in html and "deactivated" in html
    assert not Entry.objects.filter(event=event).exists()


def test_the_director_page_shows_the_refusal_and_creates_nothing(client, make_event, gone):
    event = make_event(pairs=0)
    client.force_login(event.director)
    response = client.post(
        reverse("tournaments:director_add_pair", args=[event.pk]),
        {"player1": UserFactory().username, "player2": "gone"},
    )
    assert "deactivated" in response.content.decode()
    assert not Entry.objects.filter(event=event).exists()


def test_the_api_gives_the_same_refusal(make_event, gone):
    event = make_event(pairs=0)
    api = APIClient()
    api.force_authenticate(UserFactory())
    response = api.post(f"/api/events/{event.pk}/entries/", {"partner": "gone"}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "inactive_player"
    assert "deactivated" in response.json()["detail"]

    api.force_authenticate(event.director)
    response = api.post(
        f"/api/events/{event.pk}/entries/add/",
        {"players": [UserFactory().username, "gone"]},
        format="json",
    )
    assert response.status_code == 400 and response.json()["code"] == "inactive_player"
    assert not Entry.objects.filter(event=event).exists()
