"""Teams: rosters and entries, the two rooms of a match, scoring a match (cut and
adjusted boards, VPs, byes), the ranking's tie-breaks, corrections."""

from __future__ import annotations

import random
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.utils import timezone

import scoring
from tests.conftest import held_lead
from tests.factories import UserFactory
from tournaments import services
from tournaments.errors import BridgeError, ConflictError, PermissionDeniedError
from tournaments.formats.teams.scores import board_outcome, match_score, rank_teams
from tournaments.formats.teams.services import team_create, team_enter, teams_event_create
from tournaments.models import Entry, Event, Match, Result, TeamsSettings

ADJ = {"A+": 3, "A=": 0, "A-": -3}


def res(status="played", ns_score=None, ns_adj="", ew_adj=""):
    return SimpleNamespace(
        status=status, ns_score=ns_score, ns_adjustment=ns_adj, ew_adjustment=ew_adj
    )


@pytest.mark.parametrize(
    ("open_r", "closed_r", "expected"),
    [
        (res(ns_score=420), res(ns_score=-50), ("played", 10)),
        (res(ns_score=-100), res(ns_score=620), ("played", -12)),
        (res(ns_score=420), None, ("cut", None)),
        (res(ns_score=420), res("cut"), ("cut", None)),
        (res("cut"), res("cut"), ("cut", None)),
        # Open room: home NS. A+ for home, A- for away: home wins the board by 3.
        (res("adjusted", ns_adj="A+", ew_adj="A-"), res(ns_score=100), ("adjusted", 3)),
        # Closed room: home EW.
        (res(ns_score=100), res("adjusted", ns_adj="A+", ew_adj="A-"), ("adjusted", -3)),
        (res("adjusted", ns_adj="A=", ew_adj="A="), None, ("adjusted", 0)),
        (res("adjusted", ns_adj="A=", ew_adj="A-"), None, ("adjusted", 3)),
    ],
)
def test_board_outcome(open_r, closed_r, expected):
    outcome = board_outcome(open_r, closed_r, ADJ)
    assert (outcome.status, outcome.home_net) == expected


def test_match_score_counts_boards_scored():
    settings = SimpleNamespace(vp_scale="wbf2013", vp_table=[])
    rooms = [(420, -50), (100, 140), (-100, 620)]
    outcomes = [board_outcome(res(ns_score=a), res(ns_score=b), ADJ) for a, b in rooms]
    outcomes.append(board_outcome(res(ns_score=1), None, ADJ))
    score = match_score(outcomes, settings)
    assert (score.home_imps, score.away_imps, score.boards_scored) == (10, 13, 3)
    assert (score.home_vp, score.away_vp) == scoring.vp_wbf(-3, 3)
    nothing = match_score([board_outcome(None, None, ADJ)], settings)
    assert (nothing.home_vp, nothing.away_vp, nothing.boards_scored) == (10.0, 10.0, 0)
    table = SimpleNamespace(vp_scale="table", vp_table=[[0, 10], [2, 13], [5, 20]])
    assert match_score(outcomes[:1], table).home_vp == 20.0


def test_rank_tie_breaks():
    e = [SimpleNamespace(pk=i, total=t, registration_order=i) for i, t in
         [(1, 30.0), (2, 30.0), (3, 30.0), (4, 10.0)]]  # fmt: skip
    m = lambda h, a, hi, ai, hv: SimpleNamespace(  # noqa: E731
        home_id=h, away_id=a, home_imps=hi, away_imps=ai, home_vp=hv, away_vp=20 - hv
    )
    # 1 and 2 have the same quotient (1.0) and 3 a better one; 2 beat 1.
    matches = [
        m(1, 2, 10, 10, 8.0),
        m(3, 4, 40, 20, 15.0),
        m(1, 4, 5, 5, 12.0),
        m(2, 4, 5, 5, 13.0),
    ]
    ranked, imps = rank_teams(e, matches)
    assert [x.pk for x in ranked] == [3, 2, 1, 4]
    assert imps[1] == (15, 15) and imps[3] == (40, 20)


@pytest.fixture
def roster():
    return [UserFactory() for _ in range(6)]


@pytest.mark.django_db
def test_team_roster_rules(roster):
    team = team_create(name="Aces", captain=roster[0], players=roster[:4])
    assert team.members.count() == 4
    other = team_create(name="Kings", captain=roster[0], players=roster[:5])  # several teams
    assert other.players.count() == 5
    with pytest.raises(BridgeError):
        team_create(name="Small", captain=roster[0], players=roster[:3])
    with pytest.raises(BridgeError):
        team_create(name="Big", captain=roster[0], players=roster + [UserFactory()])
    with pytest.raises(BridgeError):
        team_create(name="Twice", captain=roster[0], players=[*roster[:3], roster[0]])
    with pytest.raises(BridgeError):
        team_create(name="Captainless", captain=UserFactory(), players=roster[:4])


def make_team_event(director, kind="teams_swiss", **kwargs):
    return teams_event_create(
        name="Club teams", kind=kind, start_at=timezone.now() + timedelta(hours=1),
        num_rounds=2, boards_per_round=2, director=director, seed=1, **kwargs,
    )  # fmt: skip


@pytest.mark.django_db
def test_team_entry_rules(director, roster):
    event = make_team_event(director)
    assert isinstance(event.settings, TeamsSettings) and float(event.settings.bye_vp) == 12
    team = team_create(name="Aces", captain=roster[0], players=roster[:5])
    with pytest.raises(PermissionDeniedError):
        team_enter(event=event, team=team, by=roster[1])  # not the captain
    with pytest.raises(BridgeError):
        team_enter(event=event, team=team, by=roster[0], players=[*roster[:3], UserFactory()])
    link = team_enter(event=event, team=team, by=roster[0], players=roster[:4])
    assert list(link.entry.members.values_list("player", flat=True)) == [p.pk for p in roster[:4]]
    assert link.entry.status == Entry.Status.CONFIRMED and link.entry.registration_order == 1
    with pytest.raises(ConflictError):
        team_enter(event=event, team=team, by=roster[0])
    # A player is in one entry of an event, whatever team.
    rival = team_create(
        name="Rivals", captain=roster[0], players=[roster[0], *[UserFactory() for _ in range(3)]]
    )
    with pytest.raises(ConflictError):
        team_enter(event=event, team=rival, by=director)
    assert Entry.objects.filter(event=event).count() == 1


@pytest.mark.django_db
def test_team_event_refusals(director):
    with pytest.raises(BridgeError):
        make_team_event(director, kind="swiss_pairs")
    with pytest.raises(BridgeError):
        make_team_event(director, vp_scale="table", vp_table=[[0, 10], [5, 9]])
    with pytest.raises(BridgeError):
        make_team_event(director, bye_vp=21)
    assert not Event.objects.exists()


@pytest.mark.django_db
def test_correction_rescores_the_match(director):
    event = make_team_event(director, kind="teams_rr")
    for i in range(2):
        players = [UserFactory() for _ in range(4)]
        team_enter(
            event=event,
            team=team_create(name=f"T{i}", captain=players[0], players=players),
            by=director,
        )
    services.event_start(event=event, rng=random.Random(1))
    match = Match.objects.get(event=event)
    board = match.round.boards.order_by("number").first()
    home = [m.player for m in match.home.members.order_by("position")]
    away = [m.player for m in match.away.members.order_by("position")]
    for table, score, players in (
        (match.open_table, ("4S", "N", 10), (home[0], away[0])),
        (match.closed_table, ("4S", "N", 9), (home[2], away[2])),
    ):
        contract, declarer, tricks = score
        r = services.result_submit(
            table_id=table.pk, board_id=board.pk, user=players[0],
            contract=contract, declarer=declarer, tricks=tricks, lead=held_lead(board, declarer),
        )  # fmt: skip
        services.result_confirm(result_id=r.pk, user=players[1])
    services.round_close(event=event, number=1, actor=director)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED and event.settings.num_rounds == 1
    match.refresh_from_db()
    open_score = scoring.table_score("4S", "N", 10, board.number)
    closed_score = scoring.table_score("4S", "N", 9, board.number)
    net = scoring.imps(open_score - closed_score)
    assert (match.home_imps, match.away_imps, match.boards_scored) == (net, 0, 1)
    assert (match.home_vp, match.away_vp) == scoring.vp_wbf(net, 1)
    assert Result.objects.get(table=match.open_table, board=board).ns_points == net
    # The director makes the closed room's result the same: the match is a draw.
    services.result_correct(
        table_id=match.closed_table.pk, board_id=board.pk, director=director,
        contract="4S", declarer="N", tricks=10, lead=held_lead(board, "N"),
    )  # fmt: skip
    match.refresh_from_db()
    assert (match.home_imps, match.away_imps, match.home_vp, match.away_vp) == (0, 0, 10.0, 10.0)
    home, away = Entry.objects.get(pk=match.home_id), Entry.objects.get(pk=match.away_id)
    assert home.total == away.total == 10.0 and {home.rank, away.rank} == {1, 2}
