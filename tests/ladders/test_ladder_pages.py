"""Ladder pages: the ladder with open challenges, countdowns in the ladder's time zone
and form; captains' and directors' actions with visible errors; the history chart; one
"open" tab on the challenge filter, and counts in the singular."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from ladders import selectors, services
from ladders.models import Challenge, LadderLog
from tests.ladders.conftest import T0

pytestmark = pytest.mark.django_db


def client_for(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]] if response.context else []


def test_the_ladder_page_shows_positions_open_challenges_with_a_countdown_and_form(
    make_ladder, django_assert_max_num_queries
):
    ladder, t = make_ladder(6)
    now = timezone.now()
    services.challenge_issue(
        ladder=ladder, challenger=t[3], defender=t[1], by=t[3].captain, now=now
    )
    c = services.challenge_issue(
        ladder=ladder, challenger=t[5], defender=t[4], by=t[5].captain, now=now
    )
    services.challenge_decline(challenge=c, by=t[4].captain, now=now)
    with django_assert_max_num_queries(12):
        response = client_for().get(f"/ladders/{ladder.pk}/")
    html = response.content.decode()
    assert response.status_code == 200
    for team in t:
        assert team.name in html
    assert "data-ends-at" in html and "Asia/Shanghai" in html
    assert "Open challenges" in html
    assert client_for().get("/ladders/").status_code == 200


def test_the_page_stays_within_its_query_bound_on_a_big_ladder(
    make_ladder, ladder_director, django_assert_max_num_queries
):
    from tournaments.models import Team

    ladder, t = make_ladder(2)
    extra = Team.objects.bulk_create([Team(name=f"B{i}", captain=t[0].captain) for i in range(500)])
    services.ladder_teams_add(ladder=ladder, teams=extra, director=ladder_director)
    with django_assert_max_num_queries(12):
        response = client_for().get(f"/ladders/{ladder.pk}/?page=2")
    assert response.status_code == 200 and "B150" in response.content.decode()


def test_captains_issue_accept_and_decline_on_the_page_with_visible_errors(make_ladder):
    ladder, t = make_ladder(5)
    captain = client_for(t[4].captain)
    page = captain.get(f"/ladders/{ladder.pk}/").content.decode()
    assert "Send challenge" in page
    # out of range: refused with a message, nothing changes
    response = captain.post(
        f"/ladders/{ladder.pk}/challenge/",
        {"challenger": t[4].pk, "defender": t[0].pk},
        follow=True,
    )
    assert any("at most 3 places" in m for m in messages_of(response))
    assert not Challenge.objects.exists()
    response = captain.post(
        f"/ladders/{ladder.pk}/challenge/",
        {"challenger": t[4].pk, "defender": t[2].pk},
        follow=True,
    )
    assert "Challenge sent." in messages_of(response)
    c = Challenge.objects.get()
    defender = client_for(t[2].captain)
    page = defender.get(f"/ladders/{ladder.pk}/").content.decode()
    assert "Accept" in page and "Decline" in page
    # a start after the play deadline is refused with a message
    late = (timezone.localtime(timezone.now()) + timedelta(days=30)).strftime("%Y-%m-%dT%H:%M")
    response = defender.post(f"/ladders/challenges/{c.pk}/accept/", {"start_at": late}, follow=True)
    assert any("play deadline" in m for m in messages_of(response))
    response = defender.post(f"/ladders/challenges/{c.pk}/accept/", {}, follow=True)
    assert any("Challenge accepted: the match starts at" in m for m in messages_of(response))
    c.refresh_from_db()
    assert c.status == "accepted"
    page = client_for().get(f"/ladders/{ladder.pk}/challenges/?status=open").content.decode()
    assert f"/events/{c.event_id}/" in page and "play by" in page
    # the other captain cannot decline it
    response = captain.post(f"/ladders/challenges/{c.pk}/decline/", follow=True)
    assert messages_of(response)
    assert Challenge.objects.get().status == "accepted"


def test_director_page_actions_are_audited(make_ladder, ladder_director):
    ladder, t = make_ladder(4)
    td = client_for(ladder_director)
    assert td.get(f"/ladders/{ladder.pk}/director/").status_code == 200
    td.post(f"/ladders/{ladder.pk}/director/settings/", {"k": "2", "accept_days": "4"})
    ladder.refresh_from_db()
    assert (ladder.k, ladder.accept_days) == (2, 4)
    response = td.post(f"/ladders/{ladder.pk}/director/settings/", {"k": "0"}, follow=True)
    assert messages_of(response) and ladder.k == 2
    td.post(f"/ladders/{ladder.pk}/director/position/", {"team": t[3].pk, "position": "1"})
    assert selectors.ladder_order(ladder=ladder)[0] == t[3].pk
    td.post(f"/ladders/{ladder.pk}/director/remove/", {"team": t[0].pk})
    assert selectors.ladder_size(ladder=ladder) == 3
    td.post(f"/ladders/{ladder.pk}/director/add/", {"team": t[0].pk})
    assert selectors.ladder_order(ladder=ladder)[-1] == t[0].pk
    c = services.challenge_issue(ladder=ladder, challenger=t[2], defender=t[1], by=t[2].captain)
    td.post(f"/ladders/challenges/{c.pk}/cancel/", {"reason": "no show"})
    assert Challenge.objects.get(pk=c.pk).status == "cancelled"
    c = services.challenge_issue(ladder=ladder, challenger=t[0], defender=t[2], by=t[0].captain)
    services.challenge_accept(challenge=c, by=t[2].captain)
    # the match was not played by its deadline: the director's to decide
    Challenge.objects.filter(pk=c.pk).update(play_by=timezone.now() - timedelta(minutes=1))
    td.post(f"/ladders/challenges/{c.pk}/decide/", {"winner": "defender"})
    assert Challenge.objects.get(pk=c.pk).winner_id == t[2].pk
    actions = set(LadderLog.objects.values_list("action", flat=True))
    assert {"settings", "position_set", "team_remove", "teams_add", "challenge_cancel"} <= actions
    # a captain is turned away from the director's page and actions
    captain = client_for(t[1].captain)
    response = captain.get(f"/ladders/{ladder.pk}/director/", follow=True)
    assert any("director" in m for m in messages_of(response))
    response = captain.post(
        f"/ladders/{ladder.pk}/director/position/", {"team": t[1].pk, "position": "1"}, follow=True
    )
    assert any("director" in m for m in messages_of(response))


def test_team_history_chart_is_an_svg(make_ladder):
    ladder, t = make_ladder(5)
    c = services.challenge_issue(ladder=ladder, challenger=t[4], defender=t[2], by=t[4].captain)
    services.ladder_deadlines_enforce(now=c.accept_by + timedelta(seconds=1))
    html = client_for().get(f"/ladders/{ladder.pk}/teams/{t[4].pk}/").content.decode()
    assert "<svg" in html and "<polyline" in html
    assert "won a challenge" in html
    assert client_for().get(f"/ladders/{ladder.pk}/teams/999999/").status_code == 404


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_the_ladder_page_fits_a_phone(live_server, make_ladder):
    ladder, t = make_ladder(8)
    services.challenge_issue(ladder=ladder, challenger=t[5], defender=t[3], by=t[5].captain)
    from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, need_chromium

    need_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
            page = context.new_page()
            for path in (
                f"/ladders/{ladder.pk}/",
                f"/ladders/{ladder.pk}/challenges/",
                f"/ladders/{ladder.pk}/teams/{t[5].pk}/",
            ):
                page.goto(live_server.url + path)
                width = page.evaluate("() => document.documentElement.scrollWidth")
                assert width <= 392, (path, width)
        finally:
            browser.close()


def test_the_team_page_fragment_shows_positions_and_the_captains_buttons(make_ladder, rf):
    from django.template.loader import render_to_string

    ladder, t = make_ladder(4)
    services.challenge_issue(ladder=ladder, challenger=t[3], defender=t[1], by=t[3].captain)
    request = rf.get("/teams/x/")
    request.user = t[1].captain
    html = render_to_string(
        "ladders/_team_ladders.html",
        {"positions": selectors.ladder_positions_of(t[1]), "user": t[1].captain},
        request=request,
    )
    assert "position 2 of 4" in html and ladder.name in html
    assert "Accept" in html and "Decline" in html and "data-ends-at" in html


def test_the_team_page_shows_the_ladder_box(make_ladder):
    ladder, t = make_ladder(4)
    services.challenge_issue(ladder=ladder, challenger=t[3], defender=t[1], by=t[3].captain)
    page = client_for(t[1].captain).get(f"/teams/{t[1].pk}/")
    html = page.content.decode()
    assert page.status_code == 200 and "position 2 of 4" in html and ladder.name in html
    assert "Accept" in html  # the defending captain answers from the team page
    other = client_for().get(f"/teams/{t[0].pk}/").content.decode()
    assert "position 1 of 4" in other and "Accept" not in other


def test_demo_ladder_after_demo_users(django_user_model):
    import io

    from django.core.management import call_command

    from ladders.models import Ladder

    django_user_model.objects.create_user("director", "d@example.org", "x", is_staff=True)
    for name in ("alice", "bob", "carol", "dave"):
        django_user_model.objects.create_user(name, f"{name}@example.org", "x")
    call_command("demo_ladder", stdout=io.StringIO())
    call_command("demo_ladder", stdout=io.StringIO())  # once
    ladder = Ladder.objects.get()
    assert selectors.ladder_size(ladder=ladder) == 8
    alices = selectors.ladder_positions_of(
        django_user_model.objects.get(username="alice").captained_teams.get()
    )
    assert alices[0].position == 5 and len(alices[0].open_challenges) == 1


def tabs(page: str) -> list[tuple[str, str]]:
    nav = page.split('<nav class="filters">')[1].split("</nav>")[0]
    return re.findall(r'<a href="\?(status=\w*)?"[^>]*>([^<]+)</a>', nav)


def test_the_challenge_filter_has_one_open_tab_that_lists_accepted_challenges_too(
    client, make_ladder
):
    ladder, teams = make_ladder(4)
    waiting = services.challenge_issue(
        ladder=ladder, challenger=teams[1], defender=teams[0], by=teams[1].captain, now=T0
    )
    accepted = services.challenge_issue(
        ladder=ladder, challenger=teams[3], defender=teams[2], by=teams[3].captain, now=T0
    )
    services.challenge_accept(challenge=accepted, by=teams[2].captain, now=T0)
    url = reverse("ladders:challenges", args=[ladder.pk])
    found = tabs(client.get(url).content.decode())
    labels = [label for _, label in found]
    assert len(labels) == len(set(labels)), labels
    assert [q for q, _ in found].count("status=open") == 1
    assert labels == ["all", "open", "accepted", "declined", "forfeited", "cancelled", "played"]
    listed = client.get(url, {"status": "open"}).content.decode()
    assert listed.count('class="card ladder-challenge') == 2
    assert Challenge.objects.get(pk=waiting.pk).status == Challenge.Status.OPEN


def test_one_place_and_one_day_are_singular(client, make_ladder):
    ladder, _ = make_ladder(1, k=1, accept_days=1, cooldown_days=1)
    listing = client.get(reverse("ladders:list")).content.decode()
    assert "1 place<" in listing and "1 day<" in listing
    detail = re.sub(
        r"\s+", " ", client.get(reverse("ladders:detail", args=[ladder.pk])).content.decode()
    )
    assert "1 team · challenge up to 1 place above · answer within 1 day · cooldown 1 day" in detail
