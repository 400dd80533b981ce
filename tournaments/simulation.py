"""Run a whole event with synthetic players through the same services real play uses.

Used by ``manage.py simulate_event`` and ``manage.py demo_data``. Results are plausible:
each table plays near the board's double-dummy best contract, with some noise.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from scoring import STRAINS, deal_hcp

from . import services
from .deals import deal_hands
from .errors import ConflictError
from .extensions import OnlineSimulator, online_simulator, simulation_analyser
from .formats import format_for
from .formats.movements.simulation import movement_report_add
from .lock_order import lock_order_jobs
from .models import Board, Entry, Event, Result, Round, Table
from .services.analysis import boards_analyse

PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}
LHO = {"N": "E", "E": "S", "S": "W", "W": "N"}


@dataclass(frozen=True)
class SimulatedResult:
    contract: str
    declarer: str
    tricks: int | None
    lead: str


def plausible_result(board: Board, rng: random.Random) -> SimulatedResult:
    """A table result near the double-dummy optimum for the side with more points."""
    hands = deal_hands(board.deal)
    points = deal_hcp(board.deal)
    ns_hcp = points["N"] + points["S"]
    if 18 <= ns_hcp <= 22 and rng.random() < 0.03:
        return SimulatedResult("PASS", "", None, "")
    seats = ("N", "S") if ns_hcp > 20 or (ns_hcp == 20 and rng.random() < 0.5) else ("E", "W")
    dd = board.dd_table
    options = sorted(
        ((dd[s][seat], STRAINS.index(s), s, seat) for s in STRAINS for seat in seats),
        reverse=True,
    )
    pick = options[0] if rng.random() < 0.75 else options[min(2, len(options) - 1)]
    best_tricks, _, strain, declarer = pick
    level = max(1, min(7, best_tricks - 6 + rng.choice((-1, 0, 0, 0, 0, 1))))
    tricks = max(0, min(13, best_tricks + rng.choice((-1, 0, 0, 0, 0, 1))))
    doubled = "X" if tricks < level + 6 and rng.random() < 0.3 else ""
    leader = LHO[declarer]
    suit = rng.choice([s for s in "SHDC" if hands[leader][s]])
    card = rng.choice(hands[leader][suit])
    return SimulatedResult(f"{level}{strain}{doubled}", declarer, tricks, suit + card)


FIRST_NAMES = (
    "Ada Ben Chen Dana Eli Fei Gus Hana Ivan Jia Kai Lena Mei Nils Omar Pia Qiang Rosa Sven "
    "Tao Uma Vera Wen Xin Yara Zoe"
).split()
LAST_NAMES = (
    "Li Wang Smith Zhang Garcia Liu Novak Chen Müller Yang Rossi Huang Dubois Zhao Sato Wu "
    "Jensen Zhou Kowalski Xu Silva Sun Ma Hu"
).split()


def tables_play(
    *,
    tables,
    boards: list[Board],
    rng: random.Random,
    play_rate: float,
    players_of: dict,
    progress: Callable[[int], None] | None = None,
) -> None:
    """At each table, NS enters and EW confirms a plausible result of each board, each
    with probability ``play_rate`` (the rest are cut at the round's end); one
    transaction a table, through the real services. ``players_of``: the player who acts
    for an entry, by entry id, or by (entry id, room) where a team plays in two rooms."""
    for table in tables:
        with transaction.atomic(), lock_order_jobs():
            for board in boards:
                if rng.random() >= play_rate:
                    continue
                sim = plausible_result(board, rng)
                result = services.result_submit(
                    table_id=table.pk,
                    board_id=board.pk,
                    user=players_of.get((table.ns_id, table.room)) or players_of[table.ns_id],
                    contract=sim.contract,
                    declarer=sim.declarer,
                    tricks=sim.tricks,
                    lead=sim.lead,
                )
                confirmer = players_of.get((table.ew_id, table.room)) or players_of[table.ew_id]
                services.result_confirm(result_id=result.pk, user=confirmer)
        if progress:
            progress(1)


def sim_users(prefix: str, count: int, rng: random.Random) -> list[User]:
    """``count`` synthetic players ``<prefix>0000``, ``<prefix>0001``, …: created when
    missing, with names drawn from ``rng``."""
    users = [
        User(
            username=f"{prefix}{i:04d}",
            display_name=f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)}",
        )
        for i in range(count)
    ]
    for u in users:
        u.set_unusable_password()
    User.objects.bulk_create(users, ignore_conflicts=True)
    return list(User.objects.filter(username__startswith=prefix).order_by("username")[:count])


@dataclass
class SimulationConfig:
    pairs: int
    rounds: int
    boards_per_round: int
    method: str = Event.Method.XIMP
    play_rate: float = 0.95
    withdraw: int = 0
    seed: int = 1
    name: str = ""
    # Real accounts to seat as the first pairs (in pairs of two); the rest are synthetic.
    players: list[User] = field(default_factory=list)
    # "swiss_pairs", "mitchell" or "howell"; the movements' own options.
    kind: str = Event.Kind.SWISS_PAIRS
    arrow_switch: bool = False
    # Played online: synthetic players at the online tables (the online app's).
    online: bool = False


def simulator_get(online: bool) -> OnlineSimulator | None:
    """The online app's simulator when the event is played online (None otherwise)."""
    if not online:
        return None
    simulator = online_simulator()
    if simulator is None:
        raise ValueError("online play is not installed")
    return simulator


def simulate_swiss_event(
    config: SimulationConfig, *, progress: Callable[[int], None] | None = None
) -> Event:
    """Register synthetic pairs, play every round at a random rate, close each round."""
    if config.pairs < 2:
        raise ValueError("a pairs event needs at least two pairs")
    if not 0 <= config.play_rate <= 1:
        raise ValueError("--play-rate is a probability between 0 and 1")
    if config.withdraw >= config.pairs:
        raise ValueError("cannot withdraw every pair")
    simulator = simulator_get(config.online)
    rng = random.Random(config.seed)
    director, _ = User.objects.get_or_create(
        username="sim-director", defaults={"is_staff": True, "display_name": "Simulation TD"}
    )
    prefix = f"sim{config.seed}x{Event.objects.count() + 1}p"
    players = sim_users(prefix, config.pairs * 2, random.Random(config.seed))
    players[: len(config.players)] = config.players
    event = services.event_create(
        name=config.name or f"Simulated {Event.Kind(config.kind).label} #{config.seed}",
        start_at=timezone.now() + timedelta(minutes=5),
        num_rounds=config.rounds,
        boards_per_round=config.boards_per_round,
        director=director,
        method=config.method,
        seed=config.seed,
        kind=config.kind,
        arrow_switch=config.arrow_switch,
        online_play=config.online,
    )
    for i in range(config.pairs):
        a, b = players[2 * i], players[2 * i + 1]
        entry = services.entry_register(event=event, player=a, partner=b)
        services.entry_confirm(entry=entry, player=b)
    entries = list(Entry.objects.filter(event=event).order_by("registration_order"))
    withdraw_after = {
        e.pk: rng.randint(1, max(1, config.rounds - 1))
        for e in rng.sample(entries, config.withdraw)
    }
    players_of = {m.entry_id: m.player for e in entries for m in e.members.select_related("player")}
    try:
        services.event_start(event=event, actor=director, rng=rng)
    except ConflictError as exc:
        raise ValueError(exc.message) from exc
    event.refresh_from_db()
    fmt = format_for(event)
    for number in range(1, event.num_rounds + 1):
        rnd = Round.objects.get(event=event, number=number)
        boards_analyse(board_ids=list(rnd.boards.values_list("pk", flat=True)))
        tables = list(Table.objects.filter(round=rnd, ew__isnull=False).order_by("number"))
        boards_at = fmt.round_boards(rnd=rnd, tables=tables)  # a movement: the table's set
        for table in tables:
            if simulator is not None:
                simulator.tables_play(
                    tables=[table], rng=rng, play_rate=config.play_rate, progress=progress
                )
                continue
            tables_play(
                tables=[table],
                boards=boards_at[table.pk],
                rng=rng,
                play_rate=config.play_rate,
                players_of=players_of,
                progress=progress,
            )
        # Pairs withdraw between the close and the next round's seating, so that a
        # pair leaving "after round n" is not seated in round n + 1.
        services.round_close(event=event, number=number, actor=director, open_next=False)
        if number < event.num_rounds:
            for entry_id, after in withdraw_after.items():
                if after == number:
                    services.entry_withdraw(entry=Entry.objects.get(pk=entry_id), by=director)
            services.round_open(event=event, number=number + 1, actor=director, rng=rng)
    event.refresh_from_db()
    return event


def event_report(event: Event, *, analysis: bool = False) -> dict:
    """The event as the JSON document ``simulate_event --json`` writes.

    A Mitchell or Howell adds each pair's ``field`` ("NS"/"EW" in a two-winner
    Mitchell, else null), ``mp_total`` and ``percentage`` (MP events), each table's
    ``set``, and each board line's ``ns_mp``/``ew_mp``: the raw matchpoints after
    Neuberg's formula (MP events; null otherwise). ``analysis`` (played online): each
    board's ``card_costs`` (and ``claim_cost``) and each pair's ``fair_play``
    (``docs/simulation.md`` § The analysis)."""
    report = _swiss_report(event, analysis=analysis)
    if format_for(event).movement:
        movement_report_add(event=event, report=report)
    return report


def analysis_get(*, event: Event, boards: dict, analysis: bool):
    """With ``analysis``: each entry's fair-play figures by entry id, and the function
    of an entry's without any (the board records of ``boards`` gain their cards' costs);
    else None."""
    if not analysis:
        return None
    analyser = simulation_analyser()
    if analyser is None:
        raise ValueError("the analysis of the play is not installed")
    return analyser.analyse(event=event, boards=boards), analyser.empty


def _swiss_report(event: Event, *, analysis: bool = False) -> dict:
    simulator = online_simulator() if event.online_play else None
    online = simulator.boards_describe(event=event) if simulator is not None else {}
    fair = analysis_get(event=event, boards=online, analysis=analysis)
    entries = Entry.objects.filter(event=event, registration_order__isnull=False).order_by(
        "registration_order"
    )
    results: dict[int, list[Result]] = {}
    for r in Result.objects.filter(board__event=event).select_related("board"):
        results.setdefault(r.table_id, []).append(r)
    rounds = []
    for rnd in Round.objects.filter(event=event).order_by("number"):
        tables = []
        for t in rnd.tables.order_by("number"):
            ordered = sorted(results.get(t.pk, []), key=lambda r: r.board.number)
            boards = [
                {
                    "number": r.board.number,
                    "status": r.status,
                    "ns_score": r.ns_score,
                    "ns_points": r.ns_points,
                    "ew_points": r.ew_points,
                }
                for r in ordered
            ]
            # deal, auction, play… (docs/simulation.md § Played online)
            if online and t.ew_id is not None:
                for board, r in zip(boards, ordered, strict=True):
                    board.update(online.get((t.pk, r.board_id), {}))
            line = {"number": t.number, "ns": t.ns_id, "ew": t.ew_id, "boards": boards}
            if t.board_set is not None:
                line["set"] = t.board_set
            tables.append(line)
        rounds.append({"number": rnd.number, "tables": tables})
    pairs = [
        {
            "entry": e.pk,
            "registration_order": e.registration_order,
            "total": e.total,
            "boards_played": e.boards_played,
            "finished": e.finished,
            "rank": e.rank,
            "master_points": e.master_points,
            "withdrawn": e.status == Entry.Status.WITHDRAWN,
        }
        for e in entries
    ]
    if fair is not None:
        for pair in pairs:
            pair["fair_play"] = fair[0].get(pair["entry"]) or fair[1]()
    return {
        "event": event.pk,
        "method": event.method,
        "boards_total": event.boards_total,
        "pairs": pairs,
        "rounds": rounds,
    }
