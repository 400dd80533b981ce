"""What a new user hit on the pages: list order, one status per card, negative totals in
red, plural forms, and a score grid with whole names and each round's opponents."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.template import Context, Template
from django.urls import reverse
from django.utils import timezone, translation

from tests.tournaments.test_pages import finish
from tournaments.formatting import more_minutes_text
from tournaments.models import Entry, Event

pytestmark = pytest.mark.django_db


def test_open_events_are_listed_soonest_first_and_say_registration_open_once(client, make_event):
    later = make_event(pairs=0, name="Later", start_at=timezone.now() + timedelta(days=9))
    sooner = make_event(pairs=0, name="Sooner", start_at=timezone.now() + timedelta(days=2))
    page = client.get(reverse("tournaments:event_list")).content.decode()
    assert page.index(sooner.name) < page.index(later.name)
    cards = page.split('<li class="card event-card')[1:]
    assert len(cards) == 2
    for card in cards:
        assert card.count("Registration open") == 1, card


def test_finished_events_are_listed_newest_first(client, make_event):
    old = finish(make_event(pairs=2, start=True, num_rounds=1, name="Old night"))
    new = finish(make_event(pairs=2, start=True, num_rounds=1, name="New night"))
    Event.objects.filter(pk=old.pk).update(start_at=timezone.now() - timedelta(days=30))
    page = client.get(reverse("tournaments:event_list")).content.decode()
    assert page.index(new.name) < page.index(old.name)


def test_a_negative_total_is_red_on_the_standings_grid_and_pair_page(client, make_event):
    event = finish(make_event(pairs=4, start=True, num_rounds=2))
    loser = Entry.objects.filter(event=event).order_by("total").first()
    assert loser.total < 0
    page = client.get(reverse("tournaments:event_detail", args=[event.pk])).content.decode()
    url = reverse("tournaments:pair_detail", args=[event.pk, loser.pk])
    assert f'<a class="neg" href="{url}">' in page  # the standings' total
    assert re.search(r'<td class="num strong neg">-[\d.]+</td></tr>', page)  # the grid's
    pair = client.get(url).content.decode()
    assert re.search(r'<dd class="big num neg">-[\d.]+</dd>', pair)
    winner = Entry.objects.filter(event=event).order_by("-total").first()
    assert (
        'class="big num neg"'
        not in client.get(
            reverse("tournaments:pair_detail", args=[event.pk, winner.pk])
        ).content.decode()
    )


def test_the_neg_filter():
    template = Template("{% load bridgehall %}[{{ a|neg }}][{{ b|neg }}][{{ c|neg }}][{{ d|neg }}]")
    assert template.render(Context({"a": -3, "b": "-0.50", "c": "2.00", "d": "–"})) == (
        "[neg][neg][][]"
    )


def test_the_score_grid_shows_whole_names_and_each_rounds_opponents(client, make_event):
    event = finish(make_event(pairs=4, start=True, num_rounds=2))
    first = Entry.objects.filter(event=event).order_by("registration_order").first()
    first.members.first().player.__class__.objects.filter(
        pk=first.members.first().player_id
    ).update(display_name="Bartholomew Featherstonehaugh-Cholmondeley")
    page = client.get(reverse("tournaments:event_detail", args=[event.pk])).content.decode()
    grid = page[page.index('<table class="data grid">') :]
    assert "Bartholomew Featherstonehaugh-Cholmondeley" in grid
    # round 1 seats 1 v 2 and 3 v 4 by registration order: pair 1's first column is #2
    row = next(r for r in grid.split("<tr") if "Featherstonehaugh" in r)
    opponents = re.findall(
        r'<td class="num opp rs"><a href="[^"]+" title="against">#(\d+)</a>', row
    )
    assert opponents[0] == "2" and len(opponents) == 2
    assert grid.count('class="num opp rs"') >= 2 * 4 + 2  # every pair, every round, headers


def test_the_extend_message_has_plural_forms():
    assert more_minutes_text(1) == "The round has 1 more minute."
    assert more_minutes_text(5) == "The round has 5 more minutes."
    with translation.override("zh-hans"):
        assert "1" in more_minutes_text(1)


def test_one_board_and_one_round_are_singular(client, make_event):
    event = make_event(pairs=0, num_rounds=1, boards_per_round=1)
    page = client.get(reverse("tournaments:event_detail", args=[event.pk])).content.decode()
    assert "1 round × 1 board" in page and "1 rounds" not in page and "1 boards" not in page
