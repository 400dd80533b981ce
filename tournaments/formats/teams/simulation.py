"""Run a whole team event (Swiss teams or a round robin) with synthetic teams through
the services real play uses; ``manage.py simulate_event --kind teams_swiss|teams_rr``."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from django.utils import timezone

from accounts.models import User

from ... import services
from ...extensions import online_simulator
from ...models import Entry, EntryMember, Event, Match, Result, Round
from ...pairing.roundrobin import round_robin_rounds
from ...services.analysis import boards_analyse
from ...services.rounds import round_next
from ...simulation import analysis_get, sim_users, simulator_get, tables_play
from .scores import board_outcome, rank_teams
from .services import team_create, team_enter, teams_event_create

TEAM_SIZE = 4


@dataclass
class TeamsSimulationConfig:
    kind: str
    teams: int
    rounds: int
    boards_per_round: int
    play_rate: float = 0.95
    withdraw: int = 0
    seed: int = 1
    name: str = ""
    vp_scale: str = "wbf2013"
    online: bool = False  # both rooms played at the online tables


def simulate_teams_event(
    config: TeamsSimulationConfig, *, progress: Callable[[int], None] | None = None
) -> Event:
    """Create the teams, enter them, play every round at a random rate, close each round.

    A round robin plays every round of its schedule (``rounds`` is ignored)."""
    if config.teams < 2:
        raise ValueError("a team event needs at least two teams")
    if not 0 <= config.play_rate <= 1:
        raise ValueError("--play-rate is a probability between 0 and 1")
    if config.withdraw >= config.teams:
        raise ValueError("cannot withdraw every team")
    simulator = simulator_get(config.online)
    rng = random.Random(config.seed)
    director, _ = User.objects.get_or_create(
        username="sim-director", defaults={"is_staff": True, "display_name": "Simulation TD"}
    )
    rounds = (
        round_robin_rounds(config.teams) if config.kind == Event.Kind.TEAMS_RR else config.rounds
    )
    event = teams_event_create(
        name=config.name or f"Simulated {config.kind} #{config.seed}",
        kind=config.kind,
        start_at=timezone.now() + timedelta(minutes=5),
        num_rounds=rounds,
        teams=config.teams,
        boards_per_round=config.boards_per_round,
        director=director,
        vp_scale=config.vp_scale,
        seed=config.seed,
        online_play=config.online,
    )
    prefix = f"sim{config.seed}x{Event.objects.count()}t"
    players = sim_users(prefix, config.teams * TEAM_SIZE, random.Random(config.seed))
    for i in range(config.teams):
        roster = players[TEAM_SIZE * i : TEAM_SIZE * (i + 1)]
        team = team_create(name=f"Team {i + 1}", captain=roster[0], players=roster)
        team_enter(event=event, team=team, by=roster[0])
    entries = list(Entry.objects.filter(event=event).order_by("registration_order"))
    withdraw_after = {
        e.pk: rng.randint(1, max(1, rounds - 1)) for e in rng.sample(entries, config.withdraw)
    }
    # The first two players of each roster play in the open room, the next two in the
    # closed room (a player is seated in one room only).
    player_of = {}
    for m in EntryMember.objects.filter(event=event, position__in=(1, 3)).select_related("player"):
        player_of[(m.entry_id, "open" if m.position == 1 else "closed")] = m.player
    services.event_start(event=event, actor=director, rng=rng)
    for number in range(1, rounds + 1):
        rnd = Round.objects.get(event=event, number=number)
        boards_analyse(board_ids=list(rnd.boards.values_list("pk", flat=True)))
        tables = rnd.tables.filter(ew__isnull=False).order_by("number")
        play = {"tables": tables, "rng": rng, "play_rate": config.play_rate, "progress": progress}
        if simulator is not None:  # at the online tables
            simulator.tables_play(**play)
        else:
            tables_play(**play, boards=list(rnd.boards.order_by("number")), players_of=player_of)
        services.round_close(event=event, number=number, actor=director, open_next=False)
        event.refresh_from_db()
        if event.status == Event.Status.FINISHED:
            break
        for entry_id, after in withdraw_after.items():
            if after == number:
                services.entry_withdraw(entry=Entry.objects.get(pk=entry_id), by=director)
        round_next(event=event, number=number + 1, now=timezone.now(), actor=director, rng=rng)
        event.refresh_from_db()
        if event.status == Event.Status.FINISHED:
            break
    event.refresh_from_db()
    return event


def _team_lines(entries, imps: dict, fair) -> list[dict]:
    teams = [
        {
            "entry": e.pk,
            "registration_order": e.registration_order,
            "vp": e.total,
            "imps_for": imps.get(e.pk, (0, 0))[0],
            "imps_against": imps.get(e.pk, (0, 0))[1],
            "rank": e.rank,
            "master_points": e.master_points,
        }
        for e in entries
    ]
    if fair is not None:  # --analysis
        for team in teams:
            team["fair_play"] = fair[0].get(team["entry"]) or fair[1]()
    return teams


def teams_report(event: Event, *, analysis: bool = False) -> dict:
    """The team event as the JSON document ``simulate_event --json`` writes (an
    interface: see ``docs/simulation.md`` § Team events); ``analysis`` (played
    online): each room's ``card_costs`` (and ``claim_cost``) and each team's
    ``fair_play`` (``docs/simulation.md`` § The analysis)."""
    settings = event.settings
    entries = list(
        Entry.objects.filter(event=event, registration_order__isnull=False).order_by(
            "registration_order"
        )
    )
    matches = list(
        Match.objects.filter(event=event)
        .select_related("round")
        .order_by("round__number", "number")
    )
    _, imps = rank_teams(entries, [m for m in matches if m.round.status == "closed"])
    simulator = online_simulator() if event.online_play else None
    online = simulator.boards_describe(event=event) if simulator is not None else {}
    fair = analysis_get(event=event, boards=online, analysis=analysis)
    results: dict[int, dict[int, Result]] = {}
    for r in Result.objects.filter(table__event=event).select_related("board"):
        results.setdefault(r.table_id, {})[r.board.number] = r
    rounds: dict[int, list[dict]] = {}
    for m in matches:
        boards = []
        if m.away_id is not None:
            open_rs = results.get(m.open_table_id, {})
            closed_rs = results.get(m.closed_table_id, {})
            for number in sorted(set(open_rs) | set(closed_rs)):
                o, c = open_rs.get(number), closed_rs.get(number)
                outcome = board_outcome(o, c, settings.adjusted_imps)
                net = outcome.home_net or 0
                scored = outcome.status != "cut"
                line = {
                    "number": number,
                    "status": outcome.status,
                    "open_ns_score": o.ns_score if scored and o is not None else None,
                    "closed_ns_score": c.ns_score if scored and c is not None else None,
                    "home_imps": max(net, 0),
                    "away_imps": max(-net, 0),
                }
                # each room's deal, auction and play (docs/simulation.md § Played online)
                if online:
                    for room, r in (("open", o), ("closed", c)):
                        line[room] = (
                            {"status": r.status, **online.get((r.table_id, r.board_id), {})}
                            if r is not None
                            else None
                        )
                boards.append(line)
        rounds.setdefault(m.round.number, []).append(
            {
                "home": m.home_id,
                "away": m.away_id,
                "home_imps": m.home_imps,
                "away_imps": m.away_imps,
                "home_vp": m.home_vp,
                "away_vp": m.away_vp,
                "boards": boards,
            }
        )
    return {
        "event": event.pk,
        "kind": event.kind,
        "scale": settings.vp_scale,
        "boards_per_match": settings.boards_per_round,
        "teams": _team_lines(entries, imps, fair),
        "rounds": [{"number": n, "matches": ms} for n, ms in sorted(rounds.items())],
    }
