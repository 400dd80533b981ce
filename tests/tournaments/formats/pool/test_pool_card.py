"""The pool's card on the events list: a pool has no rounds, so the card names what a
pool has (boards a table, players, when it closes), never "Round 0 of 0"."""

from __future__ import annotations

import re

from django.urls import reverse
from django.utils import translation

from tests.tournaments.formats.pool.conftest import seat


def card_of(page: str, name: str) -> str:
    cards = page.split('<li class="card event-card')[1:]
    return next(c.split("</li>")[0] for c in cards if name in c)


def test_the_pool_card_shows_boards_a_table_and_when_it_closes(client, make_pool, players):
    event = make_pool(name="Weekly pool")
    seat(event, players[:4])
    page = client.get(reverse("tournaments:event_list")).content.decode()
    card = re.sub(r"\s+", " ", card_of(page, "Weekly pool"))
    assert "Round 0" not in card and "0 of 0" not in card and "Rounds" not in card
    assert "Boards per table</dt><dd>4</dd>" in card
    assert "Players</dt>" in card and "Pairs</dt>" not in card
    assert "Open until" in card


def test_the_pool_card_in_chinese(client, make_pool):
    make_pool(name="Weekly pool")
    with translation.override("zh-hans"):
        page = client.get(
            reverse("tournaments:event_list"), HTTP_ACCEPT_LANGUAGE="zh-hans"
        ).content.decode()
    card = card_of(page, "Weekly pool")
    assert "每桌牌数" in card and "0 of 0" not in card
