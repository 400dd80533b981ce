"""Teams in the API: teams and rosters, creating a team event, entering a team, line-ups
(hidden from the opponents until the round starts), and a whole VP match played through
the API, room by room; bad input gets a 4xx and changes nothing."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

import scoring
from tests.conftest import api_client, held_lead
from tests.factories import UserFactory
from tournaments import services
from tournaments.models import Event, Lineup, Match, Team


def _team(client, name, roster):
    return client.post(
        "/api/teams/",
        {"name": name, "players": [p.username for p in roster]},
        format="json",
    )


@pytest.mark.django_db
def test_teams_api_create_update_and_errors(director):
    players = [UserFactory() for _ in range(6)]
    captain = api_client(players[0])
    response = _team(captain, "Aces", players[:4])
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["captain"]["id"] == players[0].pk
    assert [p["id"] for p in body["players"]] == [p.pk for p in players[:4]]
    short = _team(captain, "Short", players[:3])
    assert short.status_code == 400 and short.json()["code"] == "roster_size"
    assert Team.objects.count() == 1
    assert _team(api_client(), "Anon", players[:4]).status_code in (401, 403)
    team_id = body["id"]
    listed = api_client().get("/api/teams/").json()
    assert listed["count"] == 1 and listed["results"][0]["name"] == "Aces"
    change = {"name": "Kings", "players": [p.username for p in players[1:]],
              "captain": players[1].username}  # fmt: skip
    refused = api_client(players[2]).put(f"/api/teams/{team_id}/", change, format="json")
    assert refused.status_code == 403 and Team.objects.get().name == "Aces"
    done = captain.put(f"/api/teams/{team_id}/", change, format="json")
    assert done.status_code == 200 and done.json()["captain"]["id"] == players[1].pk
    assert api_client().get("/api/teams/999999/").status_code == 404


@pytest.mark.django_db
def test_a_vp_match_end_to_end_through_the_api(director):
    td = api_client(director)
    start = (timezone.now() + timedelta(hours=1)).isoformat()
    created = td.post(
        "/api/events/teams/",
        {"name": "Match", "kind": "teams_rr", "start_at": start, "boards_per_round": 2},
        format="json",
    )
    assert created.status_code == 201, created.content
    event_id = created.json()["id"]
    assert created.json()["teams"]["vp_scale"] == "wbf2013"
    assert created.json()["finish_threshold"] is None
    refused = api_client(UserFactory()).post(
        "/api/events/teams/", {"name": "X", "kind": "teams_rr", "start_at": start}, format="json"
    )
    assert refused.status_code == 403
    # The event list and detail answer for a team event too.
    assert api_client().get("/api/events/").status_code == 200
    assert api_client().get(f"/api/events/{event_id}/").status_code == 200

    rosters = [[UserFactory() for _ in range(4)] for _ in range(2)]
    entries = []
    for i, roster in enumerate(rosters):
        captain = api_client(roster[0])
        team_id = _team(captain, f"T{i}", roster).json()["id"]
        entered = captain.post(f"/api/events/{event_id}/teams/", {"team": team_id}, format="json")
        assert entered.status_code == 201, entered.content
        again = captain.post(f"/api/events/{event_id}/teams/", {"team": team_id}, format="json")
        assert again.status_code == 409
        entries.append(entered.json()["entry"])
        bad = captain.post(
            f"/api/events/{event_id}/lineups/",
            {"entry": entries[-1], "open": [roster[0].pk, roster[1].pk],
             "closed": [roster[1].pk, roster[2].pk]},
            format="json",
        )  # fmt: skip
        assert bad.status_code == 400 and bad.json()["code"] == "both_rooms"
        ok = captain.post(
            f"/api/events/{event_id}/lineups/",
            {"entry": entries[-1], "open": [roster[0].pk, roster[1].pk],
             "closed": [roster[2].pk, roster[3].pk]},
            format="json",
        )  # fmt: skip
        assert ok.status_code == 201, ok.content
    # Before the start, a team sees only its own line-up.
    seen = api_client(rosters[0][1]).get(f"/api/events/{event_id}/lineups/?round=1").json()
    assert len(api_client(director).get(f"/api/events/{event_id}/lineups/?round=1").json()) == 2
    assert [lu["entry"] for lu in seen] == [entries[0]]
    assert api_client().get(f"/api/events/{event_id}/lineups/?round=1").json() == []
    stranger = api_client(rosters[1][0]).post(
        f"/api/events/{event_id}/lineups/",
        {"entry": entries[0], "open": [rosters[0][0].pk, rosters[0][1].pk],
         "closed": [rosters[0][2].pk, rosters[0][3].pk]},
        format="json",
    )  # fmt: skip
    assert stranger.status_code == 403 and Lineup.objects.count() == 2

    event = Event.objects.get(pk=event_id)
    services.event_start(event=event, rng=random.Random(3))
    assert len(api_client().get(f"/api/events/{event_id}/lineups/?round=1").json()) == 2
    match = Match.objects.get(event=event)
    home = rosters[0] if match.home_id == entries[0] else rosters[1]
    away = rosters[1] if home is rosters[0] else rosters[0]
    # Each room through my-table and the results API: open (home NS), closed (away NS).
    played = {"open": ("4S", "N", 10), "closed": ("4S", "N", 8)}
    for room, (ns_player, ew_player) in (("open", (home[0], away[0])),
                                         ("closed", (away[2], home[2]))):  # fmt: skip
        table = api_client(ns_player).get(f"/api/events/{event_id}/my-table/").json()
        assert table["table"]["room"] == room and table["side"] == "NS"
        for board in table["boards"]:
            contract, declarer, tricks = played[room]
            entered = api_client(ns_player).post(
                "/api/results/",
                {"table": table["table"]["id"], "board": board["id"], "contract": contract,
                 "declarer": declarer, "tricks": tricks,
                 "lead": held_lead(board["id"], declarer)},
                format="json",
            )  # fmt: skip
            assert entered.status_code == 201, entered.content
            confirmed = api_client(ew_player).post(f"/api/results/{entered.json()['id']}/confirm/")
            assert confirmed.status_code == 200, confirmed.content
    # A player lined up in the open room can't enter in the closed room.
    closed_table = match.closed_table
    wrong = api_client(home[0]).post(
        "/api/results/",
        {"table": closed_table.pk, "board": match.round.boards.first().pk, "contract": "PASS"},
        format="json",
    )
    assert wrong.status_code == 403
    services.round_close(event=event, number=1, actor=director)
    standings = api_client().get(f"/api/events/{event_id}/teams/").json()
    boards = list(match.round.boards.order_by("number"))
    net = sum(
        scoring.imps(scoring.table_score(*played["open"], b.number)
                     - scoring.table_score(*played["closed"], b.number))
        for b in boards
    )  # fmt: skip
    home_vp, away_vp = scoring.vp_wbf(net, len(boards))
    by_entry = {row["entry"]: row for row in standings}
    assert by_entry[match.home_id]["vp"] == pytest.approx(home_vp)
    assert by_entry[match.away_id]["vp"] == pytest.approx(away_vp)
    assert by_entry[match.home_id]["imps_for"] == net and standings[0]["place"] == 1
    assert Event.objects.get(pk=event_id).status == Event.Status.FINISHED
