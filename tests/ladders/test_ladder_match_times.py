"""A ladder match's start time (docs/rules.md § Ladder): the captain sees (and may
change) the start before accepting, in the ladder's zone; every time of the match is
shown in the ladder's zone, named, on the ladder pages, the match's own page, the API
and the emails."""

from __future__ import annotations

import importlib
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.apps import apps as django_apps
from django.core import mail
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from ladders import services
from ladders.models import Challenge
from tests.conftest import api_client
from tests.ladders.test_ladder_rules import issue
from tournaments.models import Event

pytestmark = pytest.mark.django_db

NEW_YORK = ZoneInfo("America/New_York")  # UTC-5 in December: not the site's zone (UTC)


@pytest.fixture
def ladder_ny(make_ladder):
    ladder, t = make_ladder(4, time_zone="America/New_York")
    return ladder, t


def client_for(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def ny(value: datetime) -> str:
    return f"{timezone.localtime(value, NEW_YORK):%Y-%m-%d %H:%M} New York (UTC-5)"


def test_the_default_start_is_an_hour_later_at_the_next_quarter_hour():
    at = datetime(2026, 12, 10, 10, 7, 30, tzinfo=UTC)
    assert services.challenge_start_default(now=at) == datetime(2026, 12, 10, 11, 15, tzinfo=UTC)
    at = datetime(2026, 12, 10, 10, 0, tzinfo=UTC)
    assert services.challenge_start_default(now=at) == datetime(2026, 12, 10, 11, 0, tzinfo=UTC)


def test_the_accept_form_shows_the_default_start_in_the_ladders_zone(ladder_ny):
    ladder, t = ladder_ny
    issue(ladder, t[3], t[2], now=timezone.now())
    before = services.challenge_start_default(now=timezone.now())
    page = client_for(t[2].captain).get(f"/ladders/{ladder.pk}/").content.decode()
    after = services.challenge_start_default(now=timezone.now())
    values = {f"{timezone.localtime(d, NEW_YORK):%Y-%m-%dT%H:%M}" for d in (before, after)}
    assert any(f'name="start_at" value="{v}" required' in page for v in values), page
    assert any(
        "Suggested: <time" in page and ny(d).split(" New York")[0] in page for d in (before, after)
    )
    assert "New York (UTC-5)" in page


def test_accepting_without_a_time_names_the_default_start_in_the_ladders_zone(ladder_ny):
    ladder, t = ladder_ny
    c = issue(ladder, t[3], t[2], now=timezone.now())
    response = client_for(t[2].captain).post(f"/ladders/challenges/{c.pk}/accept/", {}, follow=True)
    c.refresh_from_db()
    start = c.event.start_at
    assert start.minute % 15 == 0 and start - timezone.now() >= timedelta(minutes=59)
    shown = [str(m) for m in response.context["messages"]]
    assert shown == [f"Challenge accepted: the match starts at {ny(start)}."]


def test_the_start_given_on_the_page_is_read_in_the_ladders_zone(ladder_ny):
    ladder, t = ladder_ny
    c = issue(ladder, t[3], t[2], now=timezone.now())
    local = (timezone.localtime(timezone.now(), NEW_YORK) + timedelta(days=2)).replace(
        hour=19, minute=30, second=0, microsecond=0, tzinfo=None
    )
    response = client_for(t[2].captain).post(
        f"/ladders/challenges/{c.pk}/accept/", {"start_at": f"{local:%Y-%m-%dT%H:%M}"}, follow=True
    )
    c.refresh_from_db()
    assert timezone.localtime(c.event.start_at, NEW_YORK).replace(tzinfo=None) == local
    assert f"{local:%Y-%m-%d} 19:30 New York (UTC-5)" in str(list(response.context["messages"])[0])


def test_the_api_reads_a_time_without_offset_in_the_ladders_zone_and_answers_the_start(
    ladder_ny,
):
    ladder, t = ladder_ny
    c = issue(ladder, t[3], t[2], now=timezone.now())
    local = (timezone.localtime(timezone.now(), NEW_YORK) + timedelta(days=1)).replace(
        hour=20, minute=0, second=0, microsecond=0, tzinfo=None
    )
    response = api_client(t[2].captain).post(
        f"/api/ladders/challenges/{c.pk}/accept/",
        {"start_at": f"{local:%Y-%m-%dT%H:%M}"},
        format="json",
    )
    assert response.status_code == 200, response.content
    start = datetime.fromisoformat(response.json()["match_start_at"].replace("Z", "+00:00"))
    assert start == local.replace(tzinfo=NEW_YORK)
    assert api_client().get(f"/api/ladders/challenges/{c.pk}/").json()["match_start_at"]


def test_the_schema_documents_the_start_and_its_default():
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    field = schema["components"]["schemas"]["ChallengeAcceptInputRequest"]["properties"]["start_at"]
    assert "Default: an hour after accepting, at the next quarter hour" in field["description"]
    assert "ladder's time zone" in field["description"]
    assert "match_start_at" in schema["components"]["schemas"]["Challenge"]["properties"]


def test_every_page_of_the_match_shows_its_times_in_the_ladders_zone(
    ladder_ny, django_capture_on_commit_callbacks
):
    ladder, t = ladder_ny
    c = issue(ladder, t[3], t[2], now=timezone.now())
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        c = services.challenge_accept(challenge=c, by=t[2].captain)
    start = c.event.start_at
    # the match's own page: its event is in the ladder's zone
    assert Event.objects.get(pk=c.event_id).time_zone == "America/New_York"
    event_page = client_for().get(f"/events/{c.event_id}/").content.decode()
    assert "New York (UTC-5)" in event_page and "(UTC)" not in event_page
    # the ladder page, the challenge list, the team page's ladder box
    for url in (
        f"/ladders/{ladder.pk}/",
        f"/ladders/{ladder.pk}/challenges/",
        f"/teams/{t[2].pk}/",
    ):
        html = client_for().get(url).content.decode()
        assert "match starts" in html and ny(start).split(" New York")[0] in html, url
    # the emails of the acceptance name the start and the deadline in the ladder's zone
    bodies = [m.body for m in mail.outbox]
    assert bodies and all(ny(start) in b and ny(c.play_by) in b for b in bodies)
    # once decided, the challenge list and the team's history still show when it started
    Challenge.objects.filter(pk=c.pk).update(play_by=timezone.now() - timedelta(minutes=1))
    services.challenge_decide(challenge=c, director=ladder.director, winner="challenger")
    html = client_for().get(f"/ladders/{ladder.pk}/challenges/").content.decode()
    assert "started" in html and ny(start).split(" New York")[0] in html
    html = client_for().get(f"/ladders/{ladder.pk}/teams/{t[3].pk}/").content.decode()
    assert ny(start).split(" New York")[0] in html


def test_matches_set_up_before_take_their_ladders_zone():
    """The data migration: an existing ladder match's event takes its ladder's zone."""
    migration = importlib.import_module(
        "ladders.migrations.0002_match_events_in_the_ladders_time_zone"
    )
    from tests.factories import UserFactory
    from tests.ladders.conftest import make_team

    td = UserFactory(is_staff=True)
    ladder = services.ladder_create(name="L", director=td, time_zone="America/New_York")
    teams = [make_team(f"T{i}") for i in range(2)]
    services.ladder_teams_add(ladder=ladder, teams=teams, director=td)
    c = issue(ladder, teams[1], teams[0], now=timezone.now())
    c = services.challenge_accept(challenge=c, by=teams[0].captain)
    other = Event.objects.exclude(pk=c.event_id).first()
    Event.objects.filter(pk=c.event_id).update(time_zone="UTC")
    migration.forwards(django_apps, None)
    assert Event.objects.get(pk=c.event_id).time_zone == "America/New_York"
    assert other is None or Event.objects.get(pk=other.pk).time_zone == other.time_zone


@pytest.fixture
def captains_pages(live_server, make_ladder):
    """The defender's captain with one challenge to answer and one accepted match."""
    ladder, t = make_ladder(6, time_zone="America/New_York")
    issue(ladder, t[5], t[3], now=timezone.now())
    accepted = issue(ladder, t[4], t[2], now=timezone.now())
    services.challenge_accept(challenge=accepted, by=t[2].captain)
    client = client_for(t[3].captain)
    return {
        "session": client.cookies["sessionid"].value,
        "paths": [
            f"/ladders/{ladder.pk}/",
            f"/ladders/{ladder.pk}/challenges/",
            f"/teams/{t[3].pk}/",
            f"/events/{Challenge.objects.get(pk=accepted.pk).event_id}/",
        ],
    }


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_the_accept_form_and_the_match_times_fit_a_phone(live_server, captains_pages):
    from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, need_chromium

    need_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
            context.add_cookies(
                [{"name": "sessionid", "value": captains_pages["session"], "url": live_server.url}]
            )
            page = context.new_page()
            page.set_default_timeout(15_000)
            for path in captains_pages["paths"]:
                page.goto(live_server.url + path)
                width = page.evaluate("() => document.documentElement.scrollWidth")
                assert width <= 392, (path, width)
            page.goto(live_server.url + captains_pages["paths"][0])
            assert page.locator('input[name="start_at"]').input_value()  # pre-filled
        finally:
            browser.close()
