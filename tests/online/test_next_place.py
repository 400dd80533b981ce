"""Where each seat goes when its table's round is over (docs/rules.md § Online play, the
table page; docs/online-play.md, ``next``): the two pairs of a table go to different
places, told to each seat from one snapshot shared by the four."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse

from online import services
from online.state import seat_view
from tournaments import services as tournament_services
from tournaments.models import Round, Table

from .conftest import play_out, seated_table

pytestmark = pytest.mark.django_db


def _view(online, seat):
    return services.table_state_get(
        user=online.players[seat], event_id=online.event.pk, table_id=online.table.pk
    )


def _round_played(online, rng):
    for _ in range(online.event.boards_per_round):
        play_out(online, rng)


def test_before_the_next_round_opens_each_seat_waits_for_its_start(online):
    _round_played(online, random.Random(9))
    event = online.event
    event.refresh_from_db()
    starts = event.round_start(2)
    for seat in "NESW":
        nxt = _view(online, seat)["next"]
        assert nxt["round_over"] is True
        go = nxt["go"]
        assert go["status"] == "wait" and go["round"] == 2
        assert go["starts_at"] == starts.isoformat()
        # in the event's zone, named (the page's clock says times this way)
        assert go["starts_at_text"].endswith(" UTC") and ":" in go["starts_at_text"]
        assert nxt["where"] == f"Round 2 starts at {go['starts_at_text']}."
    # one snapshot for the four seats: a spectator is told no seat's place
    assert seat_view(online.snapshot(), None)["next"]["go"] is None


def test_once_the_next_round_is_open_each_pair_is_sent_to_its_own_table(online, director):
    _round_played(online, random.Random(9))
    event = online.event
    tournament_services.round_close(event=event, number=1, actor=director)
    second = Round.objects.get(event=event, number=2, status=Round.Status.OPEN)
    table = online.table
    places = {}
    for seat, entry_id in (("N", table.ns_id), ("S", table.ns_id), ("E", table.ew_id)):
        there = Table.objects.get(
            round=second, **({"ns_id": entry_id} if Table.objects.filter(
                round=second, ns_id=entry_id).exists() else {"ew_id": entry_id})
        )  # fmt: skip
        go = _view(online, seat)["next"]["go"]
        assert go == {
            "status": "table", "round": 2, "table": there.pk, "table_number": there.number,
            "direction": there.side_of(entry_id),
            "url": reverse("online:table", args=[event.pk, there.pk]),
        }  # fmt: skip
        places[seat] = go["table"]
    assert places["N"] == places["S"]  # partners go together
    assert places["N"] != places["E"]  # the two pairs of a table part (Swiss: new opponents)
    assert _view(online, "N")["next"]["where"].startswith("Round 2: table ")


def test_after_the_last_round_the_seats_are_sent_to_the_standings(make_event, director):
    event = make_event(pairs=4, start=True, online_play=True, num_rounds=1)
    online = seated_table(event)
    _round_played(online, random.Random(4))
    url = reverse("tournaments:event_detail", args=[event.pk]) + "#standings"
    for seat in "NESW":
        assert _view(online, seat)["next"]["go"] == {"status": "over", "url": url}


def test_the_round_s_cut_tells_each_seat_where_it_goes(
    online, director, monkeypatch, django_capture_on_commit_callbacks
):
    """The boards the round close cuts are sent with the round over and each seat's place
    (read for every table at once)."""
    play_out(online, random.Random(9))
    dealer = online.engine().to_play
    online.act(dealer, "call", "1C")
    sent = []
    monkeypatch.setattr(
        services, "table_broadcast", lambda *, table_id, states: sent.append((table_id, states))
    )
    with django_capture_on_commit_callbacks(execute=True):
        tournament_services.round_close(event=online.event, number=1, actor=director)
    [states] = [states for table_id, states in sent if table_id == online.table.pk]
    view = seat_view(states[-1], "E")
    assert view["phase"] == "over" and view["next"]["round_over"] is True
    assert view["next"]["go"]["round"] == 2  # the close cuts before round 2 opens


def test_reading_a_finished_table_costs_a_few_queries(
    online, director, django_assert_max_num_queries
):
    """Where each seat goes costs a few queries whatever the number of tables or seats."""
    _round_played(online, random.Random(9))
    with django_assert_max_num_queries(12):  # the table's read, and the next round's start
        assert _view(online, "N")["next"]["go"]["status"] == "wait"
    tournament_services.round_close(event=online.event, number=1, actor=director)
    with django_assert_max_num_queries(14):  # and the next round, its tables and line-ups
        assert _view(online, "N")["next"]["go"]["status"] == "table"
