"""Guessing passwords: after a few failures for one account from one address, the login
page and the API token endpoint refuse that account from that address for a while, even
with the right password."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "bridge-pass-123"
LIMIT = 5  # the rule in docs/operations.md § Security


def _page_login(client, username, password, ip="10.0.0.1"):
    return client.post(
        reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=ip
    )


def _token(username, password, ip="10.0.0.1"):
    return APIClient().post(
        "/api/auth/token/", {"username": username, "password": password}, REMOTE_ADDR=ip
    )


def _age_attempts(minutes: int) -> None:
    from axes.models import AccessAttempt

    for attempt in AccessAttempt.objects.all():
        attempt.attempt_time -= timedelta(minutes=minutes)
        attempt.save(update_fields=["attempt_time"])


def test_the_limit_is_a_few_failures_for_a_quarter_of_an_hour():
    assert settings.AXES_FAILURE_LIMIT == 5
    assert timedelta(minutes=15) == settings.AXES_COOLOFF_TIME


def test_the_login_page_locks_out_after_repeated_failures(client):
    user = UserFactory()
    for _ in range(LIMIT - 1):
        response = _page_login(client, user.username, "wrong")
        assert response.status_code == 200  # the form again, with its error
    response = _page_login(client, user.username, "wrong")
    assert response.status_code == 429
    assert "Too many failed logins" in response.content.decode()

    response = _page_login(client, user.username, PASSWORD)
    assert response.status_code == 429
    assert "Too many failed logins" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_the_lockout_is_for_that_account_from_that_address_and_ends(client):
    user, other = UserFactory(), UserFactory()
    for _ in range(LIMIT):
        _page_login(client, user.username, "wrong")
    assert _page_login(client, user.username, PASSWORD).status_code == 429
    # another player at the same club, and the same player from home, are not locked out
    assert _page_login(client, other.username, PASSWORD).status_code == 302
    assert _page_login(client, user.username, PASSWORD, ip="10.0.0.2").status_code == 302

    _age_attempts(16)
    response = _page_login(client, user.username, PASSWORD)
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(user.pk)


def test_thirty_wrong_passwords_then_the_right_one_is_refused_by_the_api():
    user = UserFactory()
    codes = [_token(user.username, "wrong").status_code for _ in range(30)]
    assert codes[: LIMIT - 1] == [400] * (LIMIT - 1)
    assert set(codes[LIMIT - 1 :]) == {429}
    response = _token(user.username, PASSWORD)
    assert response.status_code == 429
    assert response.json()["code"] == "locked_out"
    assert "token" not in response.json()


def test_the_api_and_the_page_count_failures_together(client):
    user = UserFactory()
    for _ in range(LIMIT - 1):
        _token(user.username, "wrong")
    assert _page_login(client, user.username, "wrong").status_code == 429
    assert _token(user.username, PASSWORD).status_code == 429


def test_a_success_resets_the_count():
    user = UserFactory()
    for _ in range(LIMIT - 1):
        _token(user.username, "wrong")
    assert _token(user.username, PASSWORD).status_code == 200
    for _ in range(LIMIT - 1):
        _token(user.username, "wrong")
    assert _token(user.username, PASSWORD).status_code == 200


def test_the_address_comes_from_the_trusted_proxy_only(settings):
    from django.test import RequestFactory

    from accounts.throttle import client_ip

    request = RequestFactory().post(
        "/", REMOTE_ADDR="172.18.0.5", HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.7"
    )
    settings.TRUSTED_PROXY_COUNT = 0
    assert client_ip(request) == "172.18.0.5"  # a header anyone can send is not believed
    settings.TRUSTED_PROXY_COUNT = 1
    assert client_ip(request) == "203.0.113.7"  # what our proxy saw, not what was claimed
    settings.TRUSTED_PROXY_COUNT = 3
    assert client_ip(request) == "172.18.0.5"  # fewer hops than proxies: not trusted
