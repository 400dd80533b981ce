"""JSON bodies that are too deep or too big get a 400 or a 413 (not a server error) on
every JSON endpoint, in the API's error shape."""

from __future__ import annotations

import json

import pytest

from tests.conftest import api_client_with, api_token_for
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


# --- JSON bodies -------------------------------------------------------------------------

DEEP = '{"u":' * 5000


@pytest.fixture
def endpoints(make_event, director):
    """A director's client (the director may post to every endpoint) and the URLs."""
    event = make_event(pairs=2)
    token = api_token_for(director)["token"]
    return api_client_with(token), [
        "/api/auth/token/",
        "/api/results/",
        f"/api/events/{event.pk}/entries/",
        f"/api/events/{event.pk}/entries/add/",
        f"/api/events/{event.pk}/import/deals/",
    ]


def test_deeply_nested_json_is_a_400_on_every_endpoint(endpoints):
    client, urls = endpoints
    for url in urls:
        response = client.post(url, DEEP, content_type="application/json")
        assert response.status_code == 400, (url, response.status_code)
        assert response.json()["code"] == "parse_error", url


def test_nesting_depth_is_counted_outside_strings_only(endpoints):
    client, urls = endpoints
    deep_but_valid = {"partner": "[" * 100 + "{" * 100}
    response = client.post(urls[2], json.dumps(deep_but_valid), content_type="application/json")
    assert response.status_code == 400 and "partner" in response.json()  # a field error

    nested = 33 * "[" + 33 * "]"
    response = client.post(urls[2], nested, content_type="application/json")
    assert response.status_code == 400 and response.json()["code"] == "parse_error"
    nested = 32 * "[" + 32 * "]"
    response = client.post(urls[2], nested, content_type="application/json")
    assert response.status_code == 400 and "non_field_errors" in response.json()


def test_a_too_big_json_body_is_refused_before_parsing(endpoints, settings):
    client, urls = endpoints
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    body = json.dumps({"partner": "x" * 2000})
    for url in urls:
        response = client.post(url, body, content_type="application/json")
        assert response.status_code == 413, (url, response.status_code)
        assert response.json()["code"] == "too_large", url


def test_broken_json_keeps_the_error_shape(endpoints):
    client, urls = endpoints
    response = client.post(urls[1], '{"table": ', content_type="application/json")
    assert response.status_code == 400 and response.json()["code"] == "parse_error"


def test_a_normal_body_still_works(make_event):
    event = make_event(pairs=0)
    alice, bob = UserFactory(), UserFactory()
    client = api_client_with(api_token_for(alice)["token"])
    response = client.post(
        f"/api/events/{event.pk}/entries/", {"partner": bob.username}, format="json"
    )
    assert response.status_code == 201


@pytest.mark.parametrize(
    "text, too_deep",
    [
        ("[" * 32 + "]" * 32, False),
        ("[" * 33 + "]" * 33, True),
        ('{"u":' * 33 + "1" + "}" * 33, True),
        ('["' + "[" * 100 + '"]', False),  # brackets in a string
        ('["\\"' + "[" * 100 + '"]', False),  # after an escaped quote, still in the string
        ('["\\\\"' + ",[" * 40 + "]" * 40 + "]", True),  # an escaped backslash ends it
        ("[]" * 10_000, False),  # long but flat
    ],
)
def test_json_depth_count(text, too_deep):
    from tournaments.api.parsers import json_too_deep

    assert json_too_deep(text) is too_deep
