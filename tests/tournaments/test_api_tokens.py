"""API tokens: they expire, are stored hashed, and logout revokes them."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "bridge-pass-123"


def _token_for(user) -> dict:
    response = APIClient().post(
        "/api/auth/token/", {"username": user.username, "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200, response.content
    return response.json()


def _client_with(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


# --- tokens ------------------------------------------------------------------------------


def test_a_token_expires_and_is_not_stored_raw():
    from knox.models import AuthToken

    user = UserFactory()
    data = _token_for(user)
    token = data["token"]
    stored = AuthToken.objects.get(user=user)
    assert token not in (stored.digest, stored.token_key)
    assert stored.expiry is not None
    assert timedelta(hours=1) < stored.expiry - timezone.now() <= timedelta(hours=10)
    assert data["expiry"]
    assert _client_with(token).get("/api/events/").status_code == 200

    AuthToken.objects.filter(pk=stored.pk).update(expiry=timezone.now() - timedelta(seconds=1))
    assert _client_with(token).post("/api/auth/logout/").status_code == 401


def test_logout_revokes_the_token_used_and_only_that_one():
    user = UserFactory()
    first, second = _token_for(user)["token"], _token_for(user)["token"]
    assert _client_with(first).post("/api/auth/logout/").status_code == 204
    assert _client_with(first).post("/api/auth/logout/").status_code == 401
    assert _client_with(second).get("/api/events/").status_code == 200


def test_logout_all_revokes_every_token_of_the_user():
    user, other = UserFactory(), UserFactory()
    first, second = _token_for(user)["token"], _token_for(user)["token"]
    others = _token_for(other)["token"]
    assert _client_with(first).post("/api/auth/logout-all/").status_code == 204
    for token in (first, second):
        assert _client_with(token).post("/api/auth/logout/").status_code == 401
    assert _client_with(others).post("/api/auth/logout/").status_code == 204


def test_logout_needs_a_token():
    assert APIClient().post("/api/auth/logout/").json()["code"] == "not_authenticated"


def test_a_token_of_a_deactivated_user_stops_working():
    user = UserFactory()
    token = _token_for(user)["token"]
    user.is_active = False
    user.save(update_fields=["is_active"])
    assert _client_with(token).post("/api/auth/logout/").status_code == 401


def test_the_schema_documents_the_token_endpoints(client):
    text = client.get("/api/schema/").content.decode()
    for path in ("/api/auth/token/", "/api/auth/logout/", "/api/auth/logout-all/"):
        assert f"  {path}:" in text, path
    assert "knoxApiToken" in text or "tokenAuth" in text
