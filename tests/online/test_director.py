"""The director's console of online play (``docs/rules.md`` § Online play, *The
director*): the page and its JSON for the director only, with a bounded number of
queries; a rejected claim ruled, an adjusted score, a substitute who then plays the
seat, a disconnection cancelled."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from online import disconnections, presence
from online.models import BoardPlay, SeatDisconnection
from ratings.models import Disconnection
from tableplay.cards import seat_next
from tests.conftest import api_client
from tests.factories import UserFactory
from tournaments.errors import BridgeError
from tournaments.models import EventLog, Result, TableSeat

from .conftest import seated_table

pytestmark = pytest.mark.django_db


def console_url(online):
    return f"/api/events/{online.event.pk}/online/tables/"


def table_url(online, action):
    return f"/api/events/{online.event.pk}/online/tables/{online.table.pk}/{action}/"


def row_of(data, online):
    return next(r for r in data["tables"] if r["table"] == online.table.pk)


def to_claim_rejected(online):
    """1C by the dealer, passed out to the play; the lead; declarer claims all 13 and a
    defender rejects it."""
    engine = online.engine()
    online.act(engine.to_play, "call", "1C")
    for _ in range(3):
        online.act(online.engine().to_play, "call", "P")
    engine = online.engine()
    online.act(engine.to_play, "card", engine.remaining[engine.to_play][0])
    online.act(engine.declarer, "claim", 13)
    online.act(seat_next(engine.declarer), "reject")
    return engine.declarer


def test_the_page_is_the_director_s_alone(online, director, client):
    url = reverse("online:console", args=[online.event.pk])
    assert url == f"/events/{online.event.pk}/online/"
    client.force_login(online.players["N"])
    assert client.get(url).status_code == 403
    client.force_login(director)
    page = client.get(url)
    assert page.status_code == 200 and b'id="td-config"' in page.content
    assert b"online/director.js" in page.content
    director_page = client.get(reverse("tournaments:event_director", args=[online.event.pk]))
    assert url.encode() in director_page.content  # linked from the director's page


def test_the_console_s_json_is_refused_to_a_player_before_anything(online):
    response = api_client(online.players["N"]).get(console_url(online))
    assert response.status_code == 403 and response.json()["code"] == "director"
    assert api_client().get(console_url(online)).status_code in (401, 403)


def test_the_console_shows_each_table_live(online, director):
    presence.seat_connect(
        table_id=online.table.pk, seat="N", user_id=online.players["N"].pk,
        channel_name="n-1", now=timezone.now() - timedelta(seconds=100),
    )  # fmt: skip
    dealer = online.engine().to_play
    online.act(dealer, "call", "1NT")
    data = api_client(director).get(console_url(online)).json()
    row = row_of(data, online)
    assert row["board_number"] == 1 and row["phase"] == "auction" and row["calls"] == 1
    assert row["version"] == 1 and row["seconds_used"] is not None and row["claim"] is None
    assert row["seats"]["N"]["state"] == "connected"
    assert row["seats"]["E"]["state"] == "away"
    assert row["seats"]["N"]["name"] == online.players["N"].name
    assert len(data["tables"]) == 2 and data["disconnections"] == []


def test_the_console_s_queries_do_not_grow_with_the_tables(
    make_event, director, django_assert_max_num_queries
):
    small = make_event(pairs=4, start=True, online_play=True)
    large = make_event(pairs=12, start=True, online_play=True)
    for event in (small, large):
        seated = seated_table(event)
        seated.act(seated.engine().to_play, "call", "1C")
    client = api_client(director)
    with django_assert_max_num_queries(16) as small_queries:
        assert len(client.get(f"/api/events/{small.pk}/online/tables/").json()["tables"]) == 2
    with django_assert_max_num_queries(16) as large_queries:
        assert len(client.get(f"/api/events/{large.pk}/online/tables/").json()["tables"]) == 6
    assert len(large_queries.captured_queries) == len(small_queries.captured_queries)


def test_a_rejected_claim_ruled_by_the_director_ends_the_board(online, director):
    to_claim_rejected(online)
    row = row_of(api_client(director).get(console_url(online)).json(), online)
    assert row["phase"] == "claim" and row["claim"]["rejected"] is True
    assert row["claim"]["tricks_left"] == 13
    refused = api_client(online.players["N"]).post(
        table_url(online, "rule"), {"version": row["version"], "tricks": "9"}, format="json"
    )
    assert refused.status_code == 403
    response = api_client(director).post(
        table_url(online, "rule"), {"version": row["version"], "tricks": "9"}, format="json"
    )
    assert response.status_code == 200, response.content
    view = response.json()
    assert view["phase"] == "over" and view["result"]["tricks"] == 9
    result = Result.objects.get(table=online.table)
    assert result.tricks == 9 and result.status == Result.Status.PLAYED
    assert EventLog.objects.filter(event=online.event, action="online_claim_ruled").exists()


def test_an_adjusted_score_is_stored_and_the_table_moves_on(online, director):
    online.act(online.engine().to_play, "call", "1C")
    board = online.snapshot()["board"]
    response = api_client(director).post(
        table_url(online, "adjust"),
        {"board": board, "ns": "A+", "ew": "A-", "reason": "slow play"},
        format="json",
    )
    assert response.status_code == 200, response.content
    result = Result.objects.get(table=online.table, board_id=board)
    assert result.status == Result.Status.ADJUSTED
    assert (result.ns_adjustment, result.ew_adjustment) == ("A+", "A-")
    assert BoardPlay.objects.get(board_id=board).status == BoardPlay.Status.CUT
    assert online.snapshot()["board_number"] == 2  # the next board starts


def test_a_substitute_moved_into_a_seat_plays_it(online, director):
    sub = UserFactory()
    dealer = online.engine().to_play
    replaced = online.players[dealer]
    response = api_client(director).post(
        table_url(online, "substitute"), {"seat": dealer, "username": sub.username},
        format="json",
    )  # fmt: skip
    assert response.status_code == 200, response.content
    assert TableSeat.objects.get(table=online.table, seat=dealer).player == sub
    with pytest.raises(BridgeError) as caught:
        online.act(dealer, "call", "1C", user=replaced)
    assert caught.value.code == "not_seated"
    view = online.act(dealer, "call", "1C", user=sub)
    assert view["seat"] == dealer and view["version"] == 1
    row = row_of(api_client(director).get(console_url(online)).json(), online)
    assert row["seats"][dealer]["username"] == sub.username
    log = EventLog.objects.get(event=online.event, action="online_substitute")
    assert log.data["replaced"] == replaced.name and log.data["seat"] == dealer
    # a player of another table of the round is no substitute
    other = online.event.rounds.get(number=1).tables.exclude(pk=online.table.pk).first()
    busy = other.ns.members.first().player
    again = api_client(director).post(
        table_url(online, "substitute"), {"seat": "E", "username": busy.username},
        format="json",
    )  # fmt: skip
    assert again.status_code == 409


def test_the_director_cancels_a_disconnection(online, director):
    now = timezone.now()
    for seat in "NESW":
        presence.seat_connect(
            table_id=online.table.pk, seat=seat, user_id=online.players[seat].pk,
            channel_name=f"c-{seat}", now=now - timedelta(seconds=300),
        )  # fmt: skip
    presence.seat_disconnect(channel_name="c-S", now=now - timedelta(seconds=90))
    presence.process_beat(now=now)
    disconnections.presence_check(now=now)
    row = SeatDisconnection.objects.get()
    assert Disconnection.objects.filter(player=online.players["S"]).count() == 1
    data = api_client(director).get(console_url(online)).json()
    assert data["disconnections"][0]["id"] == row.pk
    assert row_of(data, online)["seats"]["S"]["state"] == "disconnected"
    url = f"/api/events/{online.event.pk}/online/disconnections/cancel/"
    assert (
        api_client(online.players["N"])
        .post(url, {"disconnection": row.pk}, format="json")
        .status_code
        == 403
    )
    response = api_client(director).post(url, {"disconnection": row.pk}, format="json")
    assert response.status_code == 200 and response.json()["cancelled"] is True
    assert not Disconnection.objects.exists()
    row.refresh_from_db()
    assert row.cancelled_by == director
    twice = api_client(director).post(url, {"disconnection": row.pk}, format="json")
    assert twice.status_code == 409


def test_a_substitute_never_watches_another_table_as_a_spectator(online, director):
    from tournaments.models import Event, Table
    from tournaments.selectors.visibility import board_visible

    online.event.spectators = Event.Spectators.LIVE
    online.event.save(update_fields=["spectators"])
    sub = UserFactory()
    other = Table.objects.filter(round=online.table.round).exclude(pk=online.table.pk).first()
    other_url = f"/api/events/{online.event.pk}/tables/{other.pk}/play/"
    assert api_client(sub).get(other_url).status_code == 200  # an outsider watches
    director_seat = api_client(director).post(
        table_url(online, "substitute"), {"seat": "N", "username": sub.username}, format="json"
    )
    assert director_seat.status_code == 200
    assert api_client(sub).get(other_url).status_code == 403  # a player of the event now
    board = online.event.boards.get(number=1)
    assert not board_visible(user=sub, board=board)
