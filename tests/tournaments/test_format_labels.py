"""Pages name an event's entries and scoring as its format does (a team event has teams
scored IMPs → VPs, not pairs scored by a pairs method), and the team match page writes
results the way the rest of the site does, each board number linking to the board."""

from __future__ import annotations

import random
import re
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import override

from tests.conftest import held_lead
from tests.factories import UserFactory
from tournaments import services
from tournaments.formats import format_for
from tournaments.formats.teams.services import team_create, team_enter, teams_event_create
from tournaments.models import Event, Match

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()  # the live states are cached by match id, which repeats between tests
    yield
    cache.clear()


def _teams_event(director, kind="teams_rr", teams=3, start=True):
    event = teams_event_create(
        name=f"Club {kind}", kind=kind, start_at=timezone.now() + timedelta(hours=1),
        num_rounds=2, teams=teams, boards_per_round=2, director=director, seed=1,
    )  # fmt: skip
    for i in range(teams):
        players = [UserFactory() for _ in range(4)]
        team = team_create(name=f"Team {i + 1}", captain=players[0], players=players)
        team_enter(event=event, team=team, by=players[0])
    if start:
        services.event_start(event=event, rng=random.Random(1))
    event.refresh_from_db()
    return event


def _card(html: str, name: str) -> str:
    """The events list's card of event ``name``."""
    start = html.index(f">{name}</a>")
    return html[start : html.index("</li>", start)]


def test_the_events_list_and_event_page_name_teams_and_their_scoring(make_event, director):
    pairs = make_event(pairs=4, name="Club pairs")
    rr = _teams_event(director, "teams_rr", teams=3, start=False)
    swiss = _teams_event(director, "teams_swiss", teams=2, start=False)
    html = Client().get(reverse("tournaments:event_list")).content.decode()
    for event, teams in ((rr, 3), (swiss, 2)):
        card = _card(html, event.name)
        assert f"<dt>Teams</dt><dd>{teams}</dd>" in card
        assert "IMPs → VPs" in card
        assert "Pairs" not in card and event.get_method_display() not in card
        page = Client().get(reverse("tournaments:event_detail", args=[event.pk])).content
        assert '<span class="badge">IMPs → VPs</span>' in page.decode()
        assert event.get_method_display() not in page.decode()
    card = _card(html, pairs.name)
    assert "<dt>Pairs</dt><dd>4</dd>" in card and "Cross-IMPs" in card
    # the label is the format's, in the reader's language and plural form
    with override("zh-hans"):
        assert format_for(rr).entries_label(3) == "队伍数"
        assert format_for(rr).scoring_label(event=rr) == "IMP → VP"
    assert format_for(pairs).entries_label(1) == "Pair"
    assert format_for(Event.Kind.INDIVIDUAL).entries_label(8) == "Players"


def test_the_director_page_names_a_team_events_scoring(director):
    event = _teams_event(director, start=False)
    client = Client()
    client.force_login(director)
    page = client.get(reverse("tournaments:event_director", args=[event.pk])).content.decode()
    assert '<span class="badge">IMPs → VPs</span>' in page


def test_the_match_page_writes_results_as_the_site_does_and_links_the_boards(director):
    event = _teams_event(director, teams=2)
    match = Match.objects.get(event=event, round__number=1)
    board = match.round.boards.order_by("number").first()
    table = match.open_table
    ns = table.ns.members.get(position=1).player
    services.result_submit(
        table_id=table.pk, board_id=board.pk, user=ns, contract="1H", declarer="S",
        tricks=8, lead=held_lead(board, "S"),
    )  # fmt: skip
    url = reverse("tournaments:match_detail", args=[event.pk, match.pk])
    # The broadcast shows a board in play to a signed-in spectator (docs/rules.md §
    # Visibility), who sees the open room's result.
    spectator = Client()
    spectator.force_login(UserFactory())
    html = spectator.get(url).content.decode()
    room = re.search(r'data-room="open"><span class="res">(.*?)</span> <span class="ns', html)
    assert room is not None
    text = re.sub(r"<[^>]+>", "", room.group(1))
    assert text == "1♥ by S, +1" and "1HS+1" not in html
    assert 'class="suit suit-h"' in room.group(1)  # the suit symbol, as on the board page
    for b in match.round.boards.all():
        link = reverse("tournaments:board_detail", args=[event.pk, b.number])
        assert f'<a href="{link}"' in html
    # the board page (the team event broadcasts its boards) names the scoring as well
    board_page = spectator.get(reverse("tournaments:board_detail", args=[event.pk, board.number]))
    assert "Points are IMPs (IMPs → VPs)." in board_page.content.decode()
    assert event.get_method_display() not in board_page.content.decode()
    # the page's script draws a new state with the same words
    assert 'data-l-result="{contract} by {seat}, {outcome}"' in html
    zh = spectator.get(url, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    room = re.search(r'data-room="open"><span class="res">(.*?)</span> <span class="ns', zh)
    assert re.sub(r"<[^>]+>", "", room.group(1)) == "1♥，南做庄，+1"
