"""A ladder season with synthetic teams through the real services, on a simulated clock
(``manage.py simulate_ladder``; the JSON it writes is described in
``docs/simulation.md`` § The team ladder).

Every challenge, answer, forfeit (by the deadline task), cancellation, match and
director's decision goes through ``ladders.services``; matches are real two-team
events played with ``tournaments.simulation.tables_play`` and closed by the round close,
whose ``event_finished`` applies the result. ``play_matches=False`` (the benchmark)
has the director decide each match instead, through the service used for unplayed ones,
once its play deadline has passed (the director decides only then).
"""

from __future__ import annotations

import heapq
import itertools
import random
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from scoring import deal_hcp
from tournaments import dispatch
from tournaments import services as tournament_services
from tournaments.deals import deal_hands
from tournaments.errors import BridgeError
from tournaments.formats.teams.services import team_create
from tournaments.lock_order import lock_order_jobs
from tournaments.models import EntryMember, Round, Team, TeamMember
from tournaments.simulation import LHO, sim_users

from . import selectors, services
from .models import Challenge, Ladder, Rung

TEAM_SIZE = 4
BULK_TEAMS = 200  # above this many teams, the synthetic teams are created in bulk


@dataclass
class LadderSimulationConfig:
    teams: int
    days: int
    challenge_rate: float  # chance a free team challenges on a given day
    seed: int = 1
    k: int = 3
    accept_days: int = 3
    cooldown_days: int = 7
    play_days: int = 7
    boards: int = 8
    accept_rate: float = 0.7
    decline_rate: float = 0.1  # the rest is never answered: a forfeit at the deadline
    cancel_rate: float = 0.03
    no_show_rate: float = 0.05  # accepted but not played: the director decides
    play_matches: bool = True
    record: bool = True  # positions before/after each resolution (reads the whole ladder)


def _iso(moment: datetime | None) -> str | None:
    if moment is None:
        return None
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class _Captains(dict):
    """Each team's captain, loaded when first needed (a big ladder has 10,000)."""

    def __init__(self, teams) -> None:
        super().__init__()
        self.captain_of = {t.pk: t.captain_id for t in teams}

    def __missing__(self, team_id: int) -> User:
        user = User.objects.get(pk=self.captain_of[team_id])
        self[team_id] = user
        return user


def _bulk_users(prefix: str, count: int) -> list[int]:
    """Many synthetic players at once; all share one unusable password (``!...``: no
    one can log in with it), which spares hashing a random one for each."""
    User.objects.bulk_create(
        [
            User(username=f"{prefix}{i:05d}", display_name=f"Player {i}", password="!sim")
            for i in range(count)
        ],
        batch_size=5000,
    )
    return list(
        User.objects.filter(username__startswith=prefix)
        .order_by("username")
        .values_list("pk", flat=True)
    )


def quick_result(board, rng: random.Random) -> dict:
    """A plausible table result from the points alone (no double-dummy analysis: a
    season plays many matches): the stronger side declares no trumps at a level its
    points suggest and makes about that many tricks."""
    points = deal_hcp(board.deal)
    ns = points["N"] + points["S"]
    declarer = rng.choice("NS") if ns >= 20 else rng.choice("EW")
    strong = max(ns, 40 - ns)
    level = max(1, min(7, (strong - 17) // 3))
    tricks = max(0, min(13, 6 + level + rng.choice((-2, -1, 0, 0, 0, 1, 1, 2))))
    leader = LHO[declarer]
    hand = deal_hands(board.deal)[leader]
    suit = rng.choice([s for s in "SHDC" if hand[s]])
    return {
        "contract": f"{level}NT",
        "declarer": declarer,
        "tricks": tricks,
        "lead": suit + rng.choice(hand[suit]),
    }


class LadderSimulation:
    def __init__(self, config: LadderSimulationConfig, progress: Callable[[int], None] | None):
        if config.teams < 2:
            raise ValueError("a ladder needs at least two teams")
        if not 0 <= config.challenge_rate <= 1:
            raise ValueError("--challenge-rate is a probability between 0 and 1")
        self.config = config
        self.rng = random.Random(config.seed)
        self.progress = progress
        # The clock starts at the next whole hour of the real one: a match event must start
        # within two years of the real time (``tournaments`` validates it).
        start = timezone.now().replace(minute=0, second=0, microsecond=0) + timedelta(hours=1)
        self.start = start
        self.queue: list = []
        self.seq = itertools.count()
        self.records: dict[int, dict] = {}
        self.resolved_order = itertools.count(1)
        self.busy_challenger: set[int] = set()

    # -- the queue of things to do --------------------------------------------------------
    def at(self, when: datetime, action: str, *args) -> None:
        heapq.heappush(self.queue, (when, next(self.seq), action, args))

    def order(self) -> list[int] | None:
        return selectors.ladder_order(ladder=self.ladder) if self.config.record else None

    # -- set-up ---------------------------------------------------------------------------
    def setup(self) -> None:
        cfg = self.config
        self.director, _ = User.objects.get_or_create(
            username="sim-director", defaults={"is_staff": True, "display_name": "Simulation TD"}
        )
        self.ladder = services.ladder_create(
            name=f"Simulated ladder #{cfg.seed}",
            director=self.director,
            k=cfg.k,
            accept_days=cfg.accept_days,
            cooldown_days=cfg.cooldown_days,
            play_days=cfg.play_days,
            boards=cfg.boards,
            now=self.start,
        )
        prefix = f"lsim{cfg.seed}x{Ladder.objects.count()}t"
        if cfg.teams <= BULK_TEAMS:
            players = sim_users(prefix, cfg.teams * TEAM_SIZE, random.Random(cfg.seed))
            rosters = [players[TEAM_SIZE * i : TEAM_SIZE * (i + 1)] for i in range(cfg.teams)]
            teams = [
                team_create(name=f"Team {i + 1}", captain=r[0], players=r)
                for i, r in enumerate(rosters)
            ]
        else:
            ids = _bulk_users(prefix, cfg.teams * TEAM_SIZE)
            rosters = [ids[TEAM_SIZE * i : TEAM_SIZE * (i + 1)] for i in range(cfg.teams)]
            teams = Team.objects.bulk_create(
                [Team(name=f"Team {i + 1}", captain_id=r[0]) for i, r in enumerate(rosters)],
                batch_size=2000,
            )
            TeamMember.objects.bulk_create(
                [
                    TeamMember(team=t, player_id=p, position=j)
                    for t, r in zip(teams, rosters, strict=True)
                    for j, p in enumerate(r, 1)
                ],
                batch_size=5000,
            )
        self.rng.shuffle(teams)
        self.teams = {t.pk: t for t in teams}
        self.captain = _Captains(teams)
        services.ladder_teams_add(
            ladder=self.ladder, teams=teams, director=self.director, now=self.start
        )
        self.initial = self.order() if cfg.record else [t.pk for t in teams]

    # -- the season -----------------------------------------------------------------------
    def run(self) -> Ladder:
        self.setup()
        cfg = self.config
        end = self.start + timedelta(days=cfg.days)
        for day in range(cfg.days):
            self.at(self.start + timedelta(days=day), "day")
            # the beat's deadline task (reminders, overdue notices) once a day: each
            # reminder's window is a day long; forfeits get their own tick at the deadline
            self.at(self.start + timedelta(days=day, hours=6), "tick")
        while self.queue:
            when, _, action, args = heapq.heappop(self.queue)
            if when > end:
                break
            getattr(self, f"do_{action}")(when, *args)
        return self.ladder

    def do_day(self, now: datetime) -> None:
        team_ids = [pk for pk in self.teams if pk not in self.busy_challenger]
        for pk in team_ids:
            if self.rng.random() < self.config.challenge_rate:
                self.at(now + timedelta(seconds=self.rng.uniform(8 * 3600, 22 * 3600)), "issue", pk)
        if self.progress:
            self.progress(1)

    def do_tick(self, now: datetime) -> None:
        """The beat's deadline task (beat runs it every minute; the simulation daily)."""
        self._deadline_task(now)

    def _deadline_task(self, now: datetime, challenge_id: int | None = None) -> None:
        due = list(
            Challenge.objects.filter(
                ladder=self.ladder, status=Challenge.Status.OPEN, accept_by__lte=now
            )
            .order_by("accept_by", "pk")
            .values_list("pk", flat=True)
        )
        if not due:
            services.ladder_deadlines_enforce(now=now)
            return
        before = self.order()
        services.ladder_deadlines_enforce(now=now)
        after = self.order()
        for pk in due:  # one at a time in practice: each deadline has its own tick
            self._resolved(Challenge.objects.get(pk=pk), before, after)

    def do_issue(self, now: datetime, team_id: int) -> None:
        if team_id in self.busy_challenger:
            return
        rung = selectors.rung_of(ladder=self.ladder, team_id=team_id)
        if rung is None or rung.position == 1:
            return
        targets = selectors.challengeable(ladder=self.ladder, rung=rung)
        self.rng.shuffle(targets)
        for target in targets:
            try:
                challenge = services.challenge_issue(
                    ladder=self.ladder,
                    challenger=self.teams[team_id],
                    defender=self.teams[target.team_id],
                    by=self.captain[team_id],
                    now=now,
                )
            except BridgeError:
                continue  # the defender is busy, or in the cooldown: try another
            self.busy_challenger.add(team_id)
            self.records[challenge.pk] = {}
            self._plan_answer(challenge, now)
            return

    def _plan_answer(self, challenge: Challenge, now: datetime) -> None:
        cfg, rng = self.config, self.rng
        window = cfg.accept_days * 86400
        r = rng.random()
        if r < cfg.accept_rate:
            self.at(now + timedelta(seconds=rng.uniform(600, window - 600)), "accept", challenge.pk)
        elif r < cfg.accept_rate + cfg.decline_rate:
            self.at(
                now + timedelta(seconds=rng.uniform(600, window - 600)), "decline", challenge.pk
            )
        # else: never answered; the deadline task forfeits it at its deadline
        self.at(challenge.accept_by + timedelta(seconds=1), "deadline", challenge.pk)
        if rng.random() < cfg.cancel_rate:
            self.at(now + timedelta(seconds=rng.uniform(60, 2 * window)), "cancel", challenge.pk)

    def do_deadline(self, now: datetime, challenge_id: int) -> None:
        if Challenge.objects.filter(pk=challenge_id, status=Challenge.Status.OPEN).exists():
            self._deadline_task(now, challenge_id)

    def do_accept(self, now: datetime, challenge_id: int) -> None:
        challenge = Challenge.objects.select_related("defender").get(pk=challenge_id)
        if challenge.status != Challenge.Status.OPEN:
            return
        start_at = now + timedelta(seconds=self.rng.uniform(3600, 2 * 86400))
        challenge = services.challenge_accept(
            challenge=challenge, by=self.captain[challenge.defender_id], now=now, start_at=start_at
        )
        self.records[challenge_id]["answered"] = True
        if self.rng.random() < self.config.no_show_rate:
            self.at(challenge.play_by + timedelta(minutes=30), "decide", challenge_id)
        else:
            self.at(start_at, "play", challenge_id)

    def do_decline(self, now: datetime, challenge_id: int) -> None:
        challenge = Challenge.objects.select_related("defender").get(pk=challenge_id)
        if challenge.status != Challenge.Status.OPEN:
            return
        before = self.order()
        challenge = services.challenge_decline(
            challenge=challenge, by=self.captain[challenge.defender_id], now=now
        )
        self._resolved(challenge, before, before)

    def do_cancel(self, now: datetime, challenge_id: int) -> None:
        challenge = Challenge.objects.get(pk=challenge_id)
        if not challenge.is_open:
            return
        if challenge.event_id and challenge.event.status == "finished":
            return
        before = self.order()
        challenge = services.challenge_cancel(
            challenge=challenge, director=self.director, now=now, reason="simulation"
        )
        self._resolved(challenge, before, before)

    def do_decide(self, now: datetime, challenge_id: int) -> None:
        challenge = Challenge.objects.get(pk=challenge_id)
        if challenge.status != Challenge.Status.ACCEPTED:
            return
        before = self.order()
        challenge = services.challenge_decide(
            challenge=challenge,
            director=self.director,
            winner=self.rng.choice(("challenger", "defender")),
            now=now,
        )
        self._resolved(challenge, before, self.order())

    def do_play(self, now: datetime, challenge_id: int) -> None:
        challenge = Challenge.objects.select_related("event").get(pk=challenge_id)
        if challenge.status != Challenge.Status.ACCEPTED:
            return
        if not self.config.play_matches:  # the director decides once the deadline passed
            self.at(challenge.play_by + timedelta(minutes=30), "decide", challenge_id)
            return
        event = challenge.event
        tournament_services.event_start(event=event, now=now, actor=self.director, rng=self.rng)
        rnd = Round.objects.get(event=event, number=1)
        boards = list(rnd.boards.order_by("number"))
        # The first two of a roster play in the open room, the next two in the closed room.
        player_of = {
            (m.entry_id, "open" if m.position == 1 else "closed"): m.player
            for m in EntryMember.objects.filter(event=event, position__in=(1, 3)).select_related(
                "player"
            )
        }
        for table in rnd.tables.filter(ew__isnull=False).order_by("number"):
            with transaction.atomic(), lock_order_jobs():
                for board in boards:
                    if self.rng.random() < 0.03:
                        continue  # not played in this room: cut at the close
                    result = tournament_services.result_submit(
                        table_id=table.pk,
                        board_id=board.pk,
                        user=player_of[(table.ns_id, table.room)],
                        now=now,
                        **quick_result(board, self.rng),
                    )
                    tournament_services.result_confirm(
                        result_id=result.pk, user=player_of[(table.ew_id, table.room)], now=now
                    )
        before = self.order()
        closed_at = now + timedelta(minutes=self.config.boards * 7.5)
        tournament_services.round_close(
            event=event, number=1, now=closed_at, actor=self.director, open_next=False
        )
        challenge.refresh_from_db()
        self._resolved(challenge, before, self.order())

    def _resolved(self, challenge: Challenge, before, after) -> None:
        self.busy_challenger.discard(challenge.challenger_id)
        record = self.records.setdefault(challenge.pk, {})
        if "order" in record or challenge.is_open:
            return
        record.update(order=next(self.resolved_order), before=before, after=after)

    # -- the report -----------------------------------------------------------------------
    def report(self) -> dict:
        cfg = self.config
        ladder = self.ladder
        challenges = []
        for c in Challenge.objects.filter(ladder=ladder).order_by("issued_at", "pk"):
            rec = self.records.get(c.pk, {})
            status = "open" if c.is_open else c.status
            challenges.append(
                {
                    "id": c.pk,
                    "challenger": c.challenger_id,
                    "defender": c.defender_id,
                    "issued_at": _iso(c.issued_at),
                    "answered_at": _iso(c.answered_at),
                    "status": status,
                    "positions_before": rec.get("before"),
                    "challenger_vp": c.challenger_vp,
                    "defender_vp": c.defender_vp,
                    "winner": c.winner_id,
                    "positions_after": rec.get("after"),
                    "resolved_at": _iso(c.resolved_at),
                    "resolved_order": rec.get("order"),
                    "decided_by_director": c.decided_by_id is not None,
                    "event": c.event_id,
                }
            )
        return {
            "ladder": ladder.pk,
            "k": cfg.k,
            "accept_days": cfg.accept_days,
            "cooldown_days": cfg.cooldown_days,
            "play_days": cfg.play_days,
            "boards": cfg.boards,
            "initial": self.initial,
            "challenges": challenges,
            "final": selectors.ladder_order(ladder=ladder),
        }


@contextmanager
def _analysis_deferred():
    """The round close queues the double-dummy analysis of the match's boards; a season
    of matches would spend most of its time there (in-process, without a broker), and
    the ladder needs none of it: the simulation leaves it to ``analyse_boards`` later."""
    original = dispatch.dispatch_now

    def dispatch_now(task_name: str, *args) -> None:
        if task_name != "tournaments.tasks.analyse_boards":
            original(task_name, *args)

    dispatch.dispatch_now = dispatch_now
    try:
        yield
    finally:
        dispatch.dispatch_now = original


def simulate_ladder(
    config: LadderSimulationConfig, *, progress: Callable[[int], None] | None = None
) -> tuple[Ladder, dict | None]:
    sim = LadderSimulation(config, progress)
    with _analysis_deferred():
        ladder = sim.run()
    return ladder, sim.report() if config.record else None


def positions_after_rule(order: list[int], challenger: int, defender: int, winner) -> list[int]:
    """The move rule on a list of team ids (position 1 first): a challenger win takes
    the defender's place, the defender and the teams between move down one."""
    if winner != challenger:
        return list(order)
    c, d = order.index(challenger), order.index(defender)
    if c < d:
        return list(order)
    moved = list(order)
    moved.pop(c)
    moved.insert(d, challenger)
    return moved


__all__ = ["LadderSimulationConfig", "Rung", "positions_after_rule", "simulate_ladder"]
