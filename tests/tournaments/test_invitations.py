"""Players and partners: invitations (seen by the invitee, by email, never publicly; no
lock-out; accepting one cancels the rest), re-inviting, and the partner search."""

from __future__ import annotations

import pytest
from django.core import mail
from django.urls import reverse

from tests.factories import UserFactory
from tournaments import services
from tournaments.errors import ConflictError
from tournaments.models import Entry

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(make_event):
    return make_event(pairs=0, name="Club night")


def test_the_invitee_gets_an_email_with_the_event_link(event, django_capture_on_commit_callbacks):
    alice, bob = UserFactory(display_name="Alice"), UserFactory(display_name="Bob")
    with django_capture_on_commit_callbacks(execute=True):
        services.entry_register(event=event, player=alice, partner=bob)
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == [bob.email]
    assert "Alice" in message.subject and "Club night" in message.subject
    assert f"/events/{event.pk}/" in message.body
    assert f"/events/{event.pk}/" in message.alternatives[0][0]


def test_the_invitee_sees_the_invitation_and_the_public_does_not(client, event):
    alice, bob = UserFactory(display_name="Alice Inviter"), UserFactory()
    entry = services.entry_register(event=event, player=alice, partner=bob)
    public = client.get(reverse("ratings:player_detail", args=[bob.username])).content.decode()
    assert "Club night" not in public and "Alice Inviter" not in public
    page = client.get(reverse("tournaments:event_detail", args=[event.pk])).content.decode()
    assert "Alice Inviter" not in page
    client.force_login(bob)
    own = client.get(reverse("ratings:player_detail", args=[bob.username])).content.decode()
    assert "Alice Inviter invites you to play in Club night." in own
    assert reverse("tournaments:entry_confirm", args=[event.pk, entry.pk]) in own
    page = client.get(reverse("tournaments:event_detail", args=[event.pk])).content.decode()
    assert "Alice Inviter invites you to play as a pair in this event." in page
    assert 'name="partner"' in page  # not locked out: bob may still register with another
    client.force_login(UserFactory())  # a third player sees nothing of it
    other = client.get(reverse("ratings:player_detail", args=[bob.username])).content.decode()
    assert "Alice Inviter" not in other
    # the inviter sees their invitation waiting on their own profile
    client.force_login(alice)
    mine = client.get(reverse("ratings:player_detail", args=[alice.username])).content.decode()
    assert "waiting for them to confirm" in mine


def test_two_invitations_accepting_one_cancels_the_other(client, event):
    alice, carol, bob = (
        UserFactory(display_name="Alice"),
        UserFactory(display_name="Carol"),
        UserFactory(),
    )
    first = services.entry_register(event=event, player=alice, partner=bob)
    second = services.entry_register(event=event, player=carol, partner=bob)
    client.force_login(bob)
    page = client.get(reverse("tournaments:event_detail", args=[event.pk])).content.decode()
    assert page.count('class="invitation"') == 2
    assert "Confirming one invitation cancels the others." in page
    client.post(reverse("tournaments:entry_confirm", args=[event.pk, second.pk]))
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.status, second.status) == (Entry.Status.DECLINED, Entry.Status.CONFIRMED)
    # alice is free again and may invite someone else
    services.entry_register(event=event, player=alice, partner=UserFactory())


def test_an_invitee_may_register_with_someone_else_which_cancels_the_invitation(event):
    alice, bob, dave = UserFactory.create_batch(3)
    invitation = services.entry_register(event=event, player=alice, partner=bob)
    own = services.entry_register(event=event, player=bob, partner=dave)
    services.entry_confirm(entry=own, player=dave)
    invitation.refresh_from_db()
    assert invitation.status == Entry.Status.DECLINED


def test_the_director_entering_a_player_cancels_their_invitations(event, director):
    alice, bob, dave = UserFactory.create_batch(3)
    invitation = services.entry_register(event=event, player=alice, partner=bob)
    services.entry_add(event=event, players=[bob, dave], director=director)
    invitation.refresh_from_db()
    assert invitation.status == Entry.Status.DECLINED


@pytest.mark.parametrize(
    "who, expected",
    [
        ("same", "You have already invited Bob: waiting for them to confirm."),
        ("other", "You have already invited Bob and are waiting for them to confirm"),
        ("back", "Bob has already invited you: confirm their invitation on this page."),
        ("busy", "Bob has invited Dave and is waiting for them to confirm."),
    ],
)
def test_re_inviting_says_what_is_really_happening(event, who, expected):
    alice = UserFactory(display_name="Alice")
    bob = UserFactory(display_name="Bob")
    dave = UserFactory(display_name="Dave")
    if who in ("same", "other"):
        services.entry_register(event=event, player=alice, partner=bob)
        partner = bob if who == "same" else dave
        with pytest.raises(ConflictError) as err:
            services.entry_register(event=event, player=alice, partner=partner)
    elif who == "back":
        services.entry_register(event=event, player=bob, partner=alice)
        with pytest.raises(ConflictError) as err:
            services.entry_register(event=event, player=alice, partner=bob)
    else:
        services.entry_register(event=event, player=bob, partner=dave)
        with pytest.raises(ConflictError) as err:
            services.entry_register(event=event, player=alice, partner=bob)
    assert err.value.code == "already_invited"
    assert expected in err.value.message


def test_the_page_shows_the_re_invite_message(client, event):
    alice, bob = UserFactory(), UserFactory(display_name="Bob")
    services.entry_register(event=event, player=alice, partner=bob)
    client.force_login(alice)
    response = client.post(
        reverse("tournaments:event_register", args=[event.pk]),
        {"partner": bob.username},
        follow=True,
    )
    assert "You have already invited Bob: waiting for them to confirm." in response.content.decode()


def test_partners_are_found_by_name(client, django_assert_max_num_queries):
    me = UserFactory(display_name="Me Myself")
    UserFactory(username="wang1", display_name="Wang Fang")
    UserFactory(username="zed", display_name="Fangorn Ent")
    UserFactory(username="gone", display_name="Fang Gone", is_active=False)
    for i in range(15):
        UserFactory(display_name=f"Fan {i}")
    url = reverse("player_search")
    assert client.get(url, {"q": "fang"}).status_code == 302  # signed in only
    client.force_login(me)
    with django_assert_max_num_queries(3):
        found = client.get(url, {"q": "fang"}).json()["results"]
    assert [p["username"] for p in found] == ["zed", "wang1"]  # by name; inactive left out
    assert found[1] == {"username": "wang1", "name": "Wang Fang"}
    assert client.get(url, {"q": "wa"}).json()["results"][0]["username"] == "wang1"
    assert client.get(url, {"q": "f"}).json()["results"] == []  # 2 characters at least
    assert len(client.get(url, {"q": "fan"}).json()["results"]) == 10
    assert client.get(url, {"q": "me myself"}).json()["results"] == []  # not oneself


def test_the_register_form_has_the_search_box(client, event):
    client.force_login(UserFactory())
    page = client.get(reverse("tournaments:event_detail", args=[event.pk])).content.decode()
    assert f'data-search-url="{reverse("player_search")}"' in page
    assert "js/partner_search.js" in page and '<datalist id="partner-options">' in page
