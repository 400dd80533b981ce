"""Who holds each seat, by name, on the table's view and page (docs/rules.md § Online
play, the director; docs/online-play.md, ``players``): the players of the table, a
substitute the director moved in, a robot with its mark; read once for the four seats."""

from __future__ import annotations

import pytest

from online import director as online_director
from online import services
from online.state import seat_view
from robots.seating import robot_substitute
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _players(online, seat="N"):
    return services.table_state_get(
        user=online.players[seat], event_id=online.event.pk, table_id=online.table.pk
    )["players"]


def test_the_view_names_the_four_players_of_the_table(online):
    players = _players(online)
    assert players == {
        seat: {"name": user.name, "robot": False} for seat, user in online.players.items()
    }
    assert _players(online, "E") == players  # the same for every seat
    assert seat_view(online.snapshot(), None)["players"] == players  # and a spectator


def test_a_substitute_is_named_at_the_seat_and_the_table_is_told(
    online, director, monkeypatch, django_capture_on_commit_callbacks
):
    sent = []
    monkeypatch.setattr(
        services, "table_broadcast", lambda *, table_id, states: sent.append((table_id, states))
    )
    sub = UserFactory(display_name="Sue Stand-in")
    with django_capture_on_commit_callbacks(execute=True):
        online_director.seat_substitute(
            director=director, event_id=online.event.pk, table_id=online.table.pk,
            seat="E", username=sub.username,
        )  # fmt: skip
    assert _players(online, "N")["E"] == {"name": "Sue Stand-in", "robot": False}
    # the table's connections are sent the table with its new holder (their names)
    [(table_id, [snapshot])] = sent
    assert table_id == online.table.pk
    assert seat_view(snapshot, "S")["players"]["E"]["name"] == "Sue Stand-in"


def test_a_robot_is_named_with_its_mark(online, director):
    robot_substitute(
        director=director, event_id=online.event.pk, table_id=online.table.pk, seat="W"
    )
    players = _players(online, "N")
    assert players["W"]["robot"] is True and players["W"]["name"]
    assert players["N"]["robot"] is False


def test_an_action_s_view_leaves_the_names_out(online):
    """They have not changed: the page keeps those it has (docs/online-play.md)."""
    dealer = online.engine().to_play
    assert online.act(dealer, "call", "1C")["players"] is None
