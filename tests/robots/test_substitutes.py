"""Robot substitutes at online tables (docs/rules.md § Robots, *Substitutes*): the
director's console moves a robot into a seat and out; with automatic substitutes a robot
takes the seat of a player gone longer than the grace or absent since the round opened,
never a seat a person is connected to; the replaced player is told so on the table page
and takes the seat back at the next board."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from online import presence
from online.models import BoardPlay, SeatPresence
from online.presence import seat_connect, seat_disconnect
from robots.models import RobotSeat
from tests.conftest import api_client
from tests.factories import UserFactory
from tests.robots.helpers import humans_play_board
from tournaments.models import Event, EventLog, TableSeat
from tournaments.signals import clock_ticked

pytestmark = pytest.mark.django_db(transaction=True)

GRACE = 60


def robot_url(online, remove=False):
    base = f"/api/events/{online.event.pk}/online/tables/{online.table.pk}/robot/"
    return base + ("remove/" if remove else "")


def reclaim_url(online):
    return f"/api/events/{online.event.pk}/tables/{online.table.pk}/reclaim/"


def console_seats(api, online):
    data = api.get(f"/api/events/{online.event.pk}/online/tables/").json()
    return next(r for r in data["tables"] if r["table"] == online.table.pk)["seats"]


def connect(online, seat, at):
    seat_connect(
        table_id=online.table.pk, seat=seat, user_id=online.players[seat].pk,
        channel_name=f"chan-{seat}", now=at,
    )  # fmt: skip


def tick(now):
    """The clock's tick, with this server process alive (its heartbeat now)."""
    presence.process_beat(now=now)
    return [answer for _r, answer in clock_ticked.send(sender=None, now=now) if answer]


def set_mode(online, mode):
    Event.objects.filter(pk=online.event.pk).update(robot_substitutes=mode)


# -- the director's console ----------------------------------------------------------


def test_the_director_moves_a_robot_in_and_out_and_the_console_shows_it(online, director):
    api = api_client(director)
    placed = api.post(robot_url(online), {"seat": "E"}, format="json")
    assert placed.status_code == 200, placed.content
    body = placed.json()
    assert (body["seat"], body["reason"], body["replaced"]) == (
        "E", "director", online.players["E"].username,
    )  # fmt: skip
    seats = console_seats(api, online)
    assert seats["E"]["robot"] is True and seats["E"]["name"] == "Robot East"
    assert seats["N"]["robot"] is False
    again = api.post(robot_url(online), {"seat": "E"}, format="json")
    assert (again.status_code, again.json()["code"]) == (409, "robot_seated")
    removed = api.post(robot_url(online, remove=True), {"seat": "E"}, format="json")
    assert removed.status_code == 200 and removed.json()["removed"] is True
    assert not RobotSeat.objects.exists() and not TableSeat.objects.exists()
    assert console_seats(api, online)["E"]["robot"] is False
    gone = api.post(robot_url(online, remove=True), {"seat": "E"}, format="json")
    assert (gone.status_code, gone.json()["code"]) == (409, "no_robot")
    actions = list(EventLog.objects.filter(event=online.event).values_list("action", flat=True))
    assert "robot_seat" in actions and "robot_leave" in actions


def test_the_robot_endpoints_refuse_clearly_and_change_nothing(online, director):
    player = api_client(online.players["N"])
    refused = player.post(robot_url(online), {"seat": "E"}, format="json")
    assert refused.status_code == 403
    api = api_client(director)
    bad = api.post(robot_url(online), {"seat": "X"}, format="json")
    assert bad.status_code == 400
    SeatPresence.objects.create(
        table=online.table, seat="S", user=online.players["S"], connections=1
    )
    busy = api.post(robot_url(online), {"seat": "S"}, format="json")
    assert (busy.status_code, busy.json()["code"]) == (409, "connected")
    set_mode(online, "off")
    off = api.post(robot_url(online), {"seat": "W"}, format="json")
    assert (off.status_code, off.json()["code"]) == (409, "robots_off")
    set_mode(online, "director")
    online.table.round.status = "closed"
    online.table.round.save(update_fields=["status"])
    over = api.post(robot_url(online), {"seat": "W"}, format="json")
    assert (over.status_code, over.json()["code"]) == (409, "round_over")
    assert not RobotSeat.objects.exists() and not TableSeat.objects.exists()


def test_the_console_page_offers_robots_unless_they_are_off(online, director, client):
    client.force_login(director)
    url = reverse("online:console", args=[online.event.pk])
    config = client.get(url).context["config"]
    assert config["robots"] is True and config["strings"]["robot_out"] == "Remove robot"
    set_mode(online, "off")
    assert client.get(url).context["config"]["robots"] is False


def test_the_schema_lists_the_robot_endpoints(director):
    schema = api_client(director).get("/api/schema/", {"format": "json"}).json()
    for path in (
        "/api/events/{event_id}/online/tables/{table_id}/robot/",
        "/api/events/{event_id}/online/tables/{table_id}/robot/remove/",
        "/api/events/{event_id}/tables/{table_id}/reclaim/",
    ):
        assert "post" in schema["paths"][path], path
    seat = schema["components"]["schemas"]["SeatState"]["properties"]
    assert "robot" in seat


# -- automatic substitutes -----------------------------------------------------------


def test_auto_a_robot_takes_the_seat_of_a_player_gone_longer_than_the_grace(online):
    set_mode(online, "auto")
    now = timezone.now()
    for seat in "NESW":
        connect(online, seat, now - timedelta(seconds=300))
    seat_disconnect(channel_name="chan-E", now=now - timedelta(seconds=GRACE - 5))
    tick(now)
    assert not RobotSeat.objects.exists()  # within the grace
    later = now + timedelta(seconds=10)
    tick(later)
    row = RobotSeat.objects.get()
    assert (row.seat, row.reason, row.replaced) == ("E", "auto", online.players["E"])
    assert set(RobotSeat.objects.values_list("seat", flat=True)) == {"E"}  # never N, S, W
    tick(later + timedelta(seconds=5))
    assert RobotSeat.objects.count() == 1


def test_the_director_setting_moves_no_robot_by_itself(online):
    now = timezone.now()
    for seat in "NESW":
        connect(online, seat, now - timedelta(seconds=300))
    seat_disconnect(channel_name="chan-E", now=now - timedelta(seconds=GRACE + 5))
    tick(now)
    assert online.event.robot_substitutes == "director"
    assert not RobotSeat.objects.exists()


def test_auto_a_robot_takes_the_seat_of_a_player_absent_since_the_round_opened(online):
    set_mode(online, "auto")
    opened = online.table.round.opened_at
    for seat in "NSW":
        connect(online, seat, opened + timedelta(seconds=1))
    tick(opened + timedelta(seconds=GRACE - 5))
    assert not RobotSeat.objects.exists()
    tick(opened + timedelta(seconds=GRACE + 5))
    row = RobotSeat.objects.get()
    assert (row.seat, row.replaced) == ("E", online.players["E"])


def test_auto_no_robot_at_a_table_nobody_came_to(online):
    set_mode(online, "auto")
    tick(online.table.round.opened_at + timedelta(seconds=GRACE + 5))
    assert not RobotSeat.objects.exists()


# -- the replaced player takes the seat back -----------------------------------------


def test_the_replaced_player_sees_the_notice_and_takes_the_seat_back_at_the_next_board(
    online, director, client
):
    online.act("N", "call", "P")  # board 1 is in play
    api_client(director).post(robot_url(online), {"seat": "S"}, format="json")
    south = online.players["S"]
    page_url = reverse("online:table", args=[online.event.pk, online.table.pk])
    client.force_login(south)
    page = client.get(page_url)
    html = page.content.decode()
    assert page.status_code == 200
    assert "A robot is playing your seat" in html and "Take my seat back" in html
    assert 'id="play-config"' not in html  # no hand shown
    api = api_client(south)
    assert api.get(reclaim_url(online)).json() == {"seat": "S", "state": "robot"}
    first = online.snapshot()["board_number"]
    asked = client.post(reverse("robots:reclaim", args=[online.event.pk, online.table.pk]))
    assert asked.status_code == 302 and asked["Location"] == page_url
    assert api.get(reclaim_url(online)).json()["state"] == "asked"
    assert "it is yours when board" in client.get(page_url).content.decode()
    humans_play_board(online, random.Random(4))  # the robot plays S to the end
    assert BoardPlay.objects.get(table=online.table, board__number=first).status == "over"
    assert api.get(reclaim_url(online)).json() == {"seat": "S", "state": "yours"}
    assert not RobotSeat.objects.exists()
    page = client.get(page_url)
    assert page.context["config"]["seat"] == "S"  # the hand again
    assert page.context["config"]["names"]["S"] == south.name


def test_the_seat_is_back_at_once_when_no_board_is_in_play(online, director):
    api_client(director).post(robot_url(online), {"seat": "W"}, format="json")
    assert not BoardPlay.objects.exists()
    back = api_client(online.players["W"]).post(reclaim_url(online))
    assert back.status_code == 200 and back.json() == {"seat": "W", "state": "yours"}
    assert not RobotSeat.objects.exists()


def test_reclaim_is_refused_to_anyone_a_robot_did_not_replace(online, director, client):
    api_client(director).post(robot_url(online), {"seat": "W"}, format="json")
    other = UserFactory()
    refused = api_client(other).post(reclaim_url(online))
    assert (refused.status_code, refused.json()["code"]) == (403, "not_seated")
    assert api_client(other).get(reclaim_url(online)).status_code == 403
    north = api_client(online.players["N"]).post(reclaim_url(online))
    assert north.status_code == 403
    assert RobotSeat.objects.get().seat == "W"
    client.force_login(other)
    page = client.get(reverse("online:table", args=[online.event.pk, online.table.pk]))
    assert page.status_code == 403


def test_reclaim_at_a_table_of_no_such_event_is_a_404(online, director, client):
    api = api_client(online.players["S"])
    wrong = f"/api/events/{online.event.pk + 99}/tables/{online.table.pk}/reclaim/"
    assert api.post(wrong).status_code == 404
    assert api.get(wrong).status_code == 404
    client.force_login(online.players["S"])
    page = client.post(reverse("robots:reclaim", args=[online.event.pk + 99, online.table.pk]))
    assert page.status_code == 302  # back to the table, which is a 404 there


def test_the_absent_seats_check_reads_a_bounded_number_of_rows(
    online, django_assert_max_num_queries
):
    from robots.auto import _tables_due, seats_absent

    set_mode(online, "auto")
    tables = _tables_due(None)
    assert len(tables) == 2
    for seat in "NESW":
        connect(online, seat, timezone.now())
    with django_assert_max_num_queries(6):
        assert seats_absent(tables, now=timezone.now()) == []


def test_auto_the_player_who_takes_the_seat_back_has_the_grace_anew(online):
    set_mode(online, "auto")
    opened = online.table.round.opened_at
    for seat in "NSW":
        connect(online, seat, opened)
    tick(opened + timedelta(seconds=GRACE + 5))
    assert RobotSeat.objects.get().seat == "E"
    assert not BoardPlay.objects.exists()  # North, the dealer, has not called
    back = api_client(online.players["E"]).post(reclaim_url(online))
    assert back.json()["state"] == "yours"
    now = timezone.now()
    tick(now + timedelta(seconds=5))
    assert not RobotSeat.objects.exists()  # not straight back in
    tick(now + timedelta(seconds=GRACE + 5))  # still not connected after the grace
    assert RobotSeat.objects.get().seat == "E"


def test_auto_no_robot_for_an_outage(online):
    set_mode(online, "auto")
    now = timezone.now()
    for seat in "NESW":
        connect(online, seat, now - timedelta(seconds=300))
    for i, seat in enumerate("NESW"):  # every seat drops at once: the server's doing
        seat_disconnect(channel_name=f"chan-{seat}", now=now - timedelta(seconds=GRACE + 5 + i))
    tick(now)
    assert not RobotSeat.objects.exists()


def test_auto_records_the_disconnection_first_and_the_table_sees_the_robot_connected(online):
    """Beat runs the robots' check apart from the presence check: the disconnection and
    its penalty are recorded first all the same."""
    from online.models import SeatDisconnection
    from ratings.models import Disconnection
    from robots.auto import auto_substitutes

    set_mode(online, "auto")
    now = timezone.now()
    for seat in "NESW":
        connect(online, seat, now - timedelta(seconds=300))
    seat_disconnect(channel_name="chan-E", now=now - timedelta(seconds=GRACE + 5))
    presence.process_beat(now=now)
    assert len(auto_substitutes(now=now)) == 1
    assert RobotSeat.objects.get().seat == "E"
    assert SeatDisconnection.objects.get().player == online.players["E"]
    assert Disconnection.objects.get().player == online.players["E"]
    assert online.snapshot()["connected"] == dict.fromkeys("NESW", True)
