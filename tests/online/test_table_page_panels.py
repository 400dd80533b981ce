"""The table page's panels beside the table (docs/rules.md § Online play): the chat
panel, shown to the table's four players only when the event allows chat; the seat
names with a robot's mark; and the words for where each seat goes when the round is
over, all in the page's language."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from robots.seating import robot_substitute
from tests.conftest import player

from .test_table_page import config

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(make_event):
    event = make_event(pairs=4, start=True, online_play=True)
    return event.rounds.get(number=1).tables.get(number=1)


def _page(client, table, user):
    client.force_login(user)
    response = client.get(reverse("online:table", args=[table.event_id, table.pk]))
    assert response.status_code == 200
    return response


def _chat(table, on: bool) -> None:
    table.event.chat_allowed = on
    table.event.save(update_fields=["chat_allowed"])


def test_no_chat_panel_while_the_event_s_chat_is_off(client, table):
    assert not table.event.chat_allowed  # off by default
    page = _page(client, table, player(table.ns, 1)).content.decode()
    assert 'id="table-chat"' not in page and "table_chat.js" not in page


def test_the_chat_panel_for_the_table_s_players_when_chat_is_on(client, table):
    _chat(table, True)
    page = _page(client, table, player(table.ew, 2)).content.decode()
    assert 'id="table-chat"' in page and "online/table_chat.js" in page
    # a labelled one-line input held to the server's length, a log read out politely
    assert '<label class="sr-only" for="table-chat-input">Message to the table</label>' in page
    assert 'maxlength="200"' in page and 'role="log"' in page
    assert "they are not kept" in page


def test_no_chat_panel_for_the_director_watching(client, table, director):
    """docs/rules.md § Online play, chat: not spectators or directors watching."""
    _chat(table, True)
    page = _page(client, table, director).content.decode()
    assert 'id="table-chat"' not in page


def test_the_chat_panel_in_chinese(client, table):
    _chat(table, True)
    client.cookies["django_language"] = "zh-hans"
    with translation.override("zh-hans"):
        page = _page(client, table, player(table.ns, 2)).content.decode()
        cfg = config(_page(client, table, player(table.ns, 2)))
    assert "Message to the table" not in page and "Table chat" not in page
    assert cfg["strings"]["go_to_table"] != "Go to table %(table)s"
    assert "%(table)s" in cfg["strings"]["go_to_table"]


def test_the_page_names_each_seat_s_holder_a_robot_marked(client, table, director):
    robot_substitute(director=director, event_id=table.event_id, table_id=table.pk, seat="E")
    cfg = config(_page(client, table, player(table.ns, 1)))
    assert cfg["players"]["N"] == {"name": player(table.ns, 1).name, "robot": False}
    assert cfg["players"]["E"]["robot"] is True
    assert cfg["names"]["E"] == cfg["players"]["E"]["name"]  # the older field, kept
    assert cfg["strings"]["robot"] == "robot"


def test_the_page_has_the_words_for_where_a_seat_goes(client, table):
    strings = config(_page(client, table, player(table.ns, 1)))["strings"]
    assert strings["go_table"] == "Round %(round)s: table %(table)s, %(direction)s."
    assert strings["go_wait"] == "Round %(round)s starts at %(time)s."
    assert strings["standings"] == "Standings" and strings["go_over"]


def test_in_chinese_live_is_not_a_broadcast_and_a_wait_names_a_disconnection(client, table):
    """The word "Live" was 直播 ("broadcast") everywhere: the table's connection is 已连接
    (connected), the live pages 实时 (in real time); the turn line says a seat is gone."""
    client.cookies["django_language"] = "zh-hans"
    with translation.override("zh-hans"):
        strings = config(_page(client, table, player(table.ns, 1)))["strings"]
        live_page = translation.gettext("Live")
        live_matches = translation.gettext("Live matches")
    assert strings["live"] == "已连接"
    assert (live_page, live_matches) == ("实时", "实时比赛")
    assert strings["waiting_for_gone"] == "等待 %(seat)s（已断线）"
