"""The language a player chooses with the switcher is kept for their emails."""

from __future__ import annotations

import pytest

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_the_switcher_keeps_a_signed_in_players_choice(client):
    ann = UserFactory(username="ann")
    assert ann.email_language == "en"  # the site's, until they choose
    client.force_login(ann)

    response = client.post("/i18n/setlang/", {"language": "zh-hans", "next": "/"})

    assert response.status_code == 302
    ann.refresh_from_db()
    assert (ann.language, ann.email_language) == ("zh-hans", "zh-hans")
    client.post("/i18n/setlang/", {"language": "xx", "next": "/"})  # not a language here
    ann.refresh_from_db()
    assert ann.language == "zh-hans"


def test_an_anonymous_choice_is_only_the_cookie(client):
    response = client.post("/i18n/setlang/", {"language": "zh-hans", "next": "/"})
    assert response.status_code == 302
    assert response.cookies["django_language"].value == "zh-hans"
