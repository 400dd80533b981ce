"""Rank tiers move both ways with the ledger: an award lifts a player, a director's
deduction (a ledger row with a reason: the page, the API) can drop them; each change is
announced on the profile and by email, once."""

from __future__ import annotations

import pytest
from django.urls import reverse

from ratings.models import MasterPointEntry, PlayerRate, TierChange
from ratings.services.standing import standing_recount, tier_change_email_send
from tests.conftest import api_client
from tests.factories import RateHistoryFactory, UserFactory
from tests.ratings.test_master_points import play_all
from tournaments.models import Entry

pytestmark = pytest.mark.django_db


def test_an_award_lifts_the_tier_and_emails_the_player(
    make_event, mailoutbox, django_capture_on_commit_callbacks
):
    event = make_event(pairs=4, start=True, num_rounds=1, boards_per_round=1)
    with django_capture_on_commit_callbacks(execute=True):
        play_all(event)
    winner = Entry.objects.get(event=event, rank=1)
    players = [m.player for m in winner.members.all()]
    for p in players:
        row = PlayerRate.objects.get(player=p)
        assert (row.master_points, row.tier) == (3, 1)
        change = TierChange.objects.get(player=p)
        assert (change.from_tier, change.to_tier, change.is_up) == (0, 1, True)
    awarded = {e.player.email for e in MasterPointEntry.objects.select_related("player")}
    assert len(awarded) == 4  # 1st (3 points) and 2nd (2 points): tier 1 both
    tier_mails = [m for m in mailoutbox if "Ranked Player" in m.subject]
    assert sorted(m.to[0] for m in tier_mails) == sorted(awarded)
    mine = next(m for m in tier_mails if m.to[0] == players[0].email)
    assert "2 more points to Intermediate" in mine.body
    assert tier_change_email_send(change_id=TierChange.objects.first().pk) is False  # once


def test_a_deduction_drops_a_tier_on_the_profile_and_by_email(
    client, director, mailoutbox, django_capture_on_commit_callbacks
):
    player = UserFactory()
    MasterPointEntry.objects.create(player=player, amount=6)
    standing_recount(player_ids=[player.pk])
    assert PlayerRate.objects.get(player=player).tier == 2
    mailoutbox.clear()
    client.force_login(director)
    url = reverse("ratings:player_deduct", args=[player.username])
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"amount": "2", "reason": "Slow play"}, follow=True)
    assert "The deduction is in the ledger." in response.content.decode()
    row = PlayerRate.objects.get(player=player)
    assert (row.master_points, row.tier) == (4, 1)
    ledger = MasterPointEntry.objects.filter(player=player, kind="deduction").get()
    assert (ledger.amount, ledger.reason, ledger.created_by) == (-2, "Slow play", director)
    html = client.get(reverse("ratings:player_detail", args=[player.username])).content.decode()
    assert "Dropped a tier on" in html and "Slow play" in html and "Ranked Player" in html
    assert "1 more point to Intermediate" in html
    assert len(mailoutbox) == 1 and "Ranked Player" in mailoutbox[0].subject
    assert "down from Intermediate" in mailoutbox[0].body


@pytest.mark.parametrize("amount, reason", [("0", "x"), ("-3", "x"), ("３", "x"), ("2", " ")])
def test_a_bad_deduction_shows_a_message_and_changes_nothing(client, director, amount, reason):
    player = UserFactory()
    MasterPointEntry.objects.create(player=player, amount=6)
    client.force_login(director)
    url = reverse("ratings:player_deduct", args=[player.username])
    response = client.post(url, {"amount": amount, "reason": reason}, follow=True)
    assert list(response.context["messages"])
    assert MasterPointEntry.objects.filter(player=player).count() == 1


def test_only_a_director_deducts(client):
    player, other = UserFactory(), UserFactory()
    MasterPointEntry.objects.create(player=player, amount=6)
    client.force_login(other)
    client.post(reverse("ratings:player_deduct", args=[player.username]),
                {"amount": "2", "reason": "x"})  # fmt: skip
    assert MasterPointEntry.objects.filter(player=player).count() == 1
    html = client.get(reverse("ratings:player_detail", args=[player.username])).content.decode()
    assert "Deduct master points" not in html
    response = api_client(other).post(
        f"/api/players/{player.username}/deductions/", {"amount": 2, "reason": "x"}, format="json"
    )
    assert response.status_code == 403


def test_the_api_deduction_is_a_ledger_row(director):
    player = UserFactory()
    MasterPointEntry.objects.create(player=player, amount=6)
    response = api_client(director).post(
        f"/api/players/{player.username}/deductions/",
        {"amount": 5, "reason": "Unauthorised information"},
        format="json",
    )
    assert response.status_code == 201, response.content
    assert response.json()["amount"] == -5 and response.json()["kind"] == "deduction"
    assert PlayerRate.objects.get(player=player).tier == 1
    bad = api_client(director).post(
        f"/api/players/{player.username}/deductions/", {"amount": 0, "reason": "x"}, format="json"
    )
    assert bad.status_code == 400


def test_the_profile_shows_the_rate_and_its_chart(client):
    user = UserFactory()
    h1 = RateHistoryFactory(player=user, rate_before=50, rate_after=55.0, week__week="2026-W40")
    RateHistoryFactory(player=user, rate_before=55, rate_after=61.25, week__week="2026-W41")
    PlayerRate.objects.create(player=user, rate=61.25, total_boards=8, last_week_average=70.1)
    html = client.get(reverse("ratings:player_detail", args=[user.username])).content.decode()
    assert "61.2" in html and "70.1" in html
    assert '<svg class="chart rate-chart"' in html and "<polyline" in html
    assert h1.week.week in html and "2026-W41: 61.2" in html


@pytest.mark.parametrize("amount", ["2", "0", "junk"])
def test_a_player_is_refused_a_deduction_before_the_amount_is_read(client, amount):
    """Who asks is checked before what they send: a player gets 403, never the
    amount's message, and the ledger is unchanged."""
    player, someone = UserFactory(), UserFactory()
    MasterPointEntry.objects.create(player=player, amount=6)
    client.force_login(someone)
    url = reverse("ratings:player_deduct", args=[player.username])
    response = client.post(url, {"amount": amount, "reason": "x"})
    assert response.status_code == 403
    assert "positive number" not in response.content.decode()
    assert not MasterPointEntry.objects.filter(kind="deduction").exists()
