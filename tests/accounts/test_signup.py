"""Sign-up: a welcome, a required display name, ASCII usernames, and no username or
display name that imitates another player's (case, accents, Unicode look-alikes)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.models import User
from accounts.names import name_key
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def signup(client, **changes):
    data = {
        "username": "newbie",
        "display_name": "New Player",
        "email": "n@example.org",
        "password1": "a-long-pass-123",
        "password2": "a-long-pass-123",
    }
    data.update(changes)
    return client.post(reverse("signup"), data, follow=True)


def test_sign_up_says_welcome(client):
    response = signup(client)
    page = response.content.decode()
    assert "Welcome to Bridgehall, New Player!" in page
    assert User.objects.get(username="newbie").name == "New Player"


def test_a_display_name_is_required(client):
    page = signup(client, display_name="   ").content.decode()
    assert not User.objects.filter(username="newbie").exists()
    assert "This field is required." in page or "Please give the name" in page


@pytest.mark.parametrize(
    "username",
    [
        "ѕam",  # a Cyrillic "ѕ" for the Latin s: not ASCII
        "Sam",  # case
        "SAM",
        "5am",  # a digit that passes for the letter
    ],
)
def test_a_username_imitating_another_is_refused(client, username):
    UserFactory(username="sam", display_name="Sam Spade")
    page = signup(client, username=username).content.decode()
    assert not User.objects.filter(username=username).exists(), username
    assert "errorlist" in page or "form-error" in page


@pytest.mark.parametrize(
    "display_name",
    [
        "Alice Chen",
        "alice chen",
        "Аlice Chen",  # a Cyrillic capital А
        "Alicе Chеn",  # Cyrillic е
        "Alice  Chén",  # an accent and a double space
        "AIice Chen",  # a capital I for the l
        "Αlice Chen",  # a Greek capital alpha
        "ａｌｉｃｅ ｃｈｅｎ",  # fullwidth (NFKC)
    ],
)
def test_a_display_name_imitating_another_is_refused(client, display_name):
    UserFactory(username="alice", display_name="Alice Chen")
    page = signup(client, display_name=display_name).content.decode()
    assert not User.objects.filter(username="newbie").exists(), display_name
    assert "looks too much like another player" in page


def test_a_display_name_may_not_imitate_a_username_either(client):
    UserFactory(username="director", display_name="Club Director")
    signup(client, display_name="Director")
    assert not User.objects.filter(username="newbie").exists()


def test_distinct_names_are_accepted(client):
    UserFactory(username="alice", display_name="Alice Chen")
    signup(client, username="alicia", display_name="Alicia Chan")
    assert User.objects.filter(username="alicia").exists()


def test_the_keys_follow_the_names():
    user = UserFactory(username="Bob", display_name="Bob Li")
    assert (user.username_key, user.name_key) == ("bob", "bobll")
    user.display_name = "Robert Li"
    user.save(update_fields=["display_name"])
    user.refresh_from_db()
    assert user.name_key == name_key("Robert Li")
    bulk = User.objects.bulk_create([User(username="bulk1", display_name="Bulk One")])
    assert User.objects.get(pk=bulk[0].pk).name_key == name_key("Bulk One")


def test_name_key_folds_look_alikes():
    assert name_key("ѕam") == name_key("sam") == name_key("SAM")
    assert name_key("Chén") == name_key("chen")
    assert name_key("rnike") == name_key("mike")
    assert name_key("王芳") == "王芳"  # Chinese names are kept as they are
    assert name_key("Bob") != name_key("Rob")
