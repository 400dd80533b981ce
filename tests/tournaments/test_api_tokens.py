"""API tokens: they expire, are stored hashed, and logout revokes them."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from tests.conftest import api_client_with, api_token_for
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


# --- tokens ------------------------------------------------------------------------------


def test_a_token_expires_and_is_not_stored_raw():
    from knox.models import AuthToken

    user = UserFactory()
    data = api_token_for(user)
    token = data["token"]
    stored = AuthToken.objects.get(user=user)
    assert token not in (stored.digest, stored.token_key)
    assert stored.expiry is not None
    assert timedelta(hours=1) < stored.expiry - timezone.now() <= timedelta(hours=10)
    assert data["expiry"]
    assert api_client_with(token).get("/api/events/").status_code == 200

    AuthToken.objects.filter(pk=stored.pk).update(expiry=timezone.now() - timedelta(seconds=1))
    assert api_client_with(token).post("/api/auth/logout/").status_code == 401


def test_logout_revokes_the_token_used_and_only_that_one():
    user = UserFactory()
    first, second = api_token_for(user)["token"], api_token_for(user)["token"]
    assert api_client_with(first).post("/api/auth/logout/").status_code == 204
    assert api_client_with(first).post("/api/auth/logout/").status_code == 401
    assert api_client_with(second).get("/api/events/").status_code == 200


def test_logout_all_revokes_every_token_of_the_user():
    user, other = UserFactory(), UserFactory()
    first, second = api_token_for(user)["token"], api_token_for(user)["token"]
    others = api_token_for(other)["token"]
    assert api_client_with(first).post("/api/auth/logout-all/").status_code == 204
    for token in (first, second):
        assert api_client_with(token).post("/api/auth/logout/").status_code == 401
    assert api_client_with(others).post("/api/auth/logout/").status_code == 204


def test_logout_needs_a_token():
    assert APIClient().post("/api/auth/logout/").json()["code"] == "not_authenticated"


def test_a_token_of_a_deactivated_user_stops_working():
    user = UserFactory()
    token = api_token_for(user)["token"]
    user.is_active = False
    user.save(update_fields=["is_active"])
    assert api_client_with(token).post("/api/auth/logout/").status_code == 401


def test_the_schema_documents_the_token_endpoints(client):
    text = client.get("/api/schema/").content.decode()
    for path in ("/api/auth/token/", "/api/auth/logout/", "/api/auth/logout-all/"):
        assert f"  {path}:" in text, path
    assert "knoxApiToken" in text or "tokenAuth" in text
