"""Teams: who sits in which room (line-ups, or the first table a player acts at), that a
player never plays in both rooms, and the visibility rule for rooms and spectators."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.conftest import held_lead
from tests.factories import UserFactory
from tournaments import selectors, services
from tournaments.errors import BridgeError, ConflictError, PermissionDeniedError
from tournaments.formats.teams.services import (
    lineup_submit,
    team_create,
    team_enter,
    team_update,
    teams_event_create,
)
from tournaments.models import Lineup, Match, TableSeat
from tournaments.selectors.visibility import ANYONE, Sight, board_visible, boards_hidden


def _event(director, teams=2, **kwargs):
    event = teams_event_create(
        name="Teams", kind="teams_rr", start_at=timezone.now() + timedelta(hours=1),
        boards_per_round=2, director=director, seed=1, teams=teams, **kwargs,
    )  # fmt: skip
    rosters = []
    for i in range(teams):
        players = [UserFactory() for _ in range(4)]
        team = team_create(name=f"T{i}", captain=players[0], players=players)
        team_enter(event=event, team=team, by=director)
        rosters.append(players)
    return event, rosters


def _enter(table, board, user, contract="3NT", declarer="N", tricks=9):
    return services.result_submit(
        table_id=table.pk, board_id=board.pk, user=user,
        contract=contract, declarer=declarer, tricks=tricks, lead=held_lead(board.pk, "N"),
    )  # fmt: skip


@pytest.mark.django_db
def test_a_player_is_seated_where_they_first_act_and_never_in_both_rooms(director):
    event, (home, away) = _event(director)
    services.event_start(event=event, rng=random.Random(1))
    match = Match.objects.get(event=event)
    board = match.round.boards.order_by("number").first()
    result = _enter(match.open_table, board, home[0])
    assert TableSeat.objects.get(table=match.open_table, player=home[0]).seat == "N"
    # The same player can't enter or confirm in the closed room.
    with pytest.raises(PermissionDeniedError):
        _enter(match.closed_table, board, home[0])
    # Confirming seats the opponent at the open room's EW.
    services.result_confirm(result_id=result.pk, user=away[0])
    assert TableSeat.objects.get(table=match.open_table, player=away[0]).seat == "E"
    # A side has two seats: a third home player can't act at the open room.
    _enter(match.open_table, match.round.boards.order_by("number")[1], home[1])
    with pytest.raises(PermissionDeniedError) as exc:
        services.result_confirm(
            result_id=_enter(match.closed_table, board, away[2]).pk, user=home[0]
        )
    assert exc.value.code == "not_at_table"
    assert selectors.my_table_get(event=event, user=home[0]).table == match.open_table
    # Not seated yet: my-table shows the room the player asks for.
    assert selectors.my_table_get(event=event, user=home[3]) is None
    seat = selectors.my_table_get(event=event, user=home[3], room="closed")
    assert seat.table == match.closed_table and seat.side == "EW"


@pytest.mark.django_db
def test_lineup_rules_and_seating(director):
    event, (home, away) = _event(director)
    home_entry, away_entry = (
        event.entries.get(members__player=home[0]),
        event.entries.get(members__player=away[0]),
    )
    with pytest.raises(PermissionDeniedError):
        lineup_submit(event=event, entry=home_entry, by=home[1], open_pair=home[:2],
                      closed_pair=home[2:])  # fmt: skip
    with pytest.raises(BridgeError) as exc:
        lineup_submit(event=event, entry=home_entry, by=home[0], open_pair=home[:2],
                      closed_pair=[home[1], home[2]])  # fmt: skip
    assert exc.value.code == "both_rooms"
    with pytest.raises(BridgeError):
        lineup_submit(event=event, entry=home_entry, by=home[0], open_pair=home[:2],
                      closed_pair=[home[2], UserFactory()])  # fmt: skip
    with pytest.raises(ConflictError):
        lineup_submit(event=event, entry=home_entry, by=home[0], open_pair=home[:2],
                      closed_pair=home[2:], round_number=2)  # fmt: skip
    assert not Lineup.objects.exists()
    lineup_submit(event=event, entry=home_entry, by=home[0], open_pair=home[2:],
                  closed_pair=home[:2])  # fmt: skip
    # Changed before the start: the last one counts.
    lineup_submit(event=event, entry=home_entry, by=home[0], open_pair=[home[3], home[2]],
                  closed_pair=home[:2])  # fmt: skip
    assert Lineup.objects.count() == 1
    services.event_start(event=event, rng=random.Random(1))
    match = Match.objects.get(event=event)
    seats = dict(TableSeat.objects.filter(table=match.open_table).values_list("seat", "player_id"))
    assert seats == {"N": home[3].pk, "S": home[2].pk}  # home sits NS in the open room
    closed = dict(
        TableSeat.objects.filter(table=match.closed_table).values_list("seat", "player_id")
    )
    assert closed == {"E": home[0].pk, "W": home[1].pk}
    board = match.round.boards.order_by("number").first()
    with pytest.raises(PermissionDeniedError):
        _enter(match.open_table, board, home[0])  # lined up in the closed room
    # Away hands in late, before sitting down: seated at once; afterwards it is too late.
    lineup_submit(event=event, entry=away_entry, by=away[0], open_pair=away[:2],
                  closed_pair=away[2:])  # fmt: skip
    assert TableSeat.objects.get(table=match.closed_table, player=away[2]).seat == "N"
    with pytest.raises(ConflictError) as exc:
        lineup_submit(event=event, entry=away_entry, by=away[0], open_pair=away[2:],
                      closed_pair=away[:2])  # fmt: skip
    assert exc.value.code == "seated"


@pytest.mark.django_db
def test_a_player_sees_the_other_room_only_after_their_own_room_finished(director):
    event, (home, away) = _event(director, broadcast=False)
    services.event_start(event=event, rng=random.Random(1))
    match = Match.objects.get(event=event)
    board = match.round.boards.order_by("number").first()
    # The closed room plays the board first (away NS: away[2]; home EW: home[2]).
    closed = _enter(match.closed_table, board, away[2])
    services.result_confirm(result_id=closed.pk, user=home[2])
    # The open room's players have not finished it: hidden, though their team has.
    _enter(match.open_table, match.round.boards.order_by("number")[1], home[0])  # seated
    for player in (home[0], away[0]):
        assert not board_visible(user=player, board=board, event=event)
        assert board.pk in boards_hidden(user=player, event=event)
    sight = Sight(user=home[0], event=event)
    assert not sight.at_table(match.closed_table) and sight.at_table(match.open_table)
    assert sight.results_at(match.closed_table, [closed]) == []
    # The closed room's players see it (their own room finished it).
    assert board_visible(user=home[2], board=board, event=event)
    # A team member not seated yet sees nothing in play.
    assert not board_visible(user=home[3], board=board, event=event)
    # The open room finishes it: now visible there.
    opened = _enter(match.open_table, board, home[0], contract="4S", tricks=10)
    assert not board_visible(user=home[0], board=board, event=event)  # own entry alone
    services.result_confirm(result_id=opened.pk, user=away[0])
    assert board_visible(user=home[0], board=board, event=event)
    # Broadcast off: the public sees nothing in play.
    assert board.pk in boards_hidden(user=ANYONE, event=event)


@pytest.mark.django_db
def test_broadcast_shows_boards_in_play_to_spectators_only(director):
    event, (home, away) = _event(director)
    assert event.settings.broadcast  # the default
    services.event_start(event=event, rng=random.Random(1))
    match = Match.objects.get(event=event)
    board = match.round.boards.order_by("number").first()
    spectator = UserFactory()  # signed in, no player of the event
    assert board_visible(user=spectator, board=board, event=event)
    assert boards_hidden(user=spectator, event=event) == set()
    # An anonymous request may be a player who sent no token: the public, no spectator.
    assert board.pk in boards_hidden(user=ANYONE, event=event)
    assert not board_visible(user=ANYONE, board=board, event=event)
    # An entered player is no spectator, even before sitting down.
    assert board.pk in boards_hidden(user=home[3], event=event)
    assert not board_visible(user=home[3], board=board, event=event)
    # Nor is a player added to a team's roster (and made its captain) after it entered.
    added = UserFactory()
    team = event.entries.get(members__player=home[0]).team_entry.team
    team_update(team=team, by=home[0], players=[*home, added], captain=added)
    assert board.pk in boards_hidden(user=added, event=event)
    assert not board_visible(user=added, board=board, event=event)


@pytest.mark.django_db
def test_team_update_by_captain_only(director):
    players = [UserFactory() for _ in range(6)]
    team = team_create(name="Aces", captain=players[0], players=players[:4])
    with pytest.raises(PermissionDeniedError):
        team_update(team=team, by=players[1], players=players[:5], captain=players[0])
    with pytest.raises(BridgeError):
        team_update(team=team, by=players[0], players=players[:3], captain=players[0])
    with pytest.raises(BridgeError):
        team_update(team=team, by=players[0], players=players[1:5], captain=players[0])
    assert list(team.members.values_list("player", flat=True)) == [p.pk for p in players[:4]]
    team_update(team=team, by=players[0], name="Kings", players=players[1:], captain=players[1])
    team.refresh_from_db()
    assert team.name == "Kings" and team.captain == players[1]
    assert list(team.members.values_list("player", flat=True)) == [p.pk for p in players[1:]]


@pytest.mark.django_db
def test_the_clock_cuts_a_match_at_its_end_in_both_rooms_exactly_once(director):
    from tournaments.models import EventLog, Result
    from tournaments.services import schedule

    event, _rosters = _event(director, teams=3)  # three teams: a match and a bye
    t0 = event.start_at
    assert schedule.events_advance(now=t0) == {event.pk: ["open 1"]}
    match = Match.objects.get(event=event, round__number=1, away__isnull=False)
    boards = list(match.round.boards.order_by("number"))
    home_players = [m.player for m in match.home.members.order_by("position")]
    away_players = [m.player for m in match.away.members.order_by("position")]
    # Board 1 in both rooms; board 2 only in the open room.
    for table, ns, ew in ((match.open_table, home_players[0], away_players[0]),
                          (match.closed_table, away_players[2], home_players[2])):  # fmt: skip
        services.result_confirm(result_id=_enter(table, boards[0], ns).pk, user=ew)
    services.result_confirm(
        result_id=_enter(match.open_table, boards[1], home_players[0]).pk, user=away_players[0]
    )
    end = match.round.ends_at
    assert schedule.events_advance(now=end - timedelta(seconds=1)) == {}
    first = schedule.events_advance(now=end)
    again = schedule.events_advance(now=end)
    assert first[event.pk][0] == "close 1" and event.pk not in again
    closes = EventLog.objects.filter(event=event, action="round_close", round_number=1)
    assert closes.count() == 1
    cut = Result.objects.get(table=match.closed_table, board=boards[1])
    assert cut.status == Result.Status.CUT
    match.refresh_from_db()
    assert match.boards_scored == 1  # board 2 was cut in both rooms: no IMPs
    open_2 = Result.objects.get(table=match.open_table, board=boards[1])
    assert open_2.ns_points is None and open_2.ew_points is None
