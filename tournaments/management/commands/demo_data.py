"""Fill an empty database with demo content: players, a director and simulated events."""

import random
from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db.models import F
from django.utils import timezone

from accounts.models import User
from tournaments import services
from tournaments.formats.pool.services import pool_clock_step, pool_create
from tournaments.formats.pool.simulation import PoolSimulationConfig, simulate_pool
from tournaments.formats.teams.services import (
    lineup_submit,
    team_create,
    team_enter,
    teams_event_create,
)
from tournaments.formats.teams.simulation import TeamsSimulationConfig, simulate_teams_event
from tournaments.interchange.importers.dispatch import event_results_import
from tournaments.models import (
    Board,
    Entry,
    EntryMember,
    Event,
    EventLog,
    Match,
    Result,
    ResultCorrection,
    Round,
    TeamEntry,
)
from tournaments.services.analysis import boards_analyse
from tournaments.simulation import SimulationConfig, sim_users, simulate_swiss_event, tables_play

DEMO_PLAYERS = [
    ("alice", "Alice Chen"),
    ("bob", "Bob Li"),
    ("carol", "Carol Wang"),
    ("dave", "Dave Smith"),
    ("erin", "Erin Zhao"),
    ("frank", "Frank Müller"),
]
# Two more logins for the live team match: with the six above, two teams of four.
DEMO_TEAM_PLAYERS = [("grace", "Grace Kim"), ("henry", "Henry Park")]
PASSWORD = "bridge-demo"
#: The finished events were played last week, so that the week's Rate is computed from
#: them (``manage.py demo_rate``) and this week's field is the team events'.
LAST_WEEK = timedelta(days=7)


def played_earlier(events: list[Event], by: timedelta) -> None:
    """Move simulated, finished ``events`` back in time by ``by``: their schedule, every
    result's entry and every log (demo data only; a result belongs to the week it was
    entered in, ``docs/rules.md`` § The Rate)."""
    ids = [e.pk for e in events]
    moves = [
        (Event.objects.filter(pk__in=ids), ("start_at", "finished_at", "created_at")),
        (Round.objects.filter(event__in=ids), ("starts_at", "ends_at", "opened_at", "closed_at")),
        (Result.objects.filter(board__event__in=ids), ("entered_at", "confirmed_at")),
        (ResultCorrection.objects.filter(result__board__event__in=ids), ("changed_at",)),
        (Entry.objects.filter(event__in=ids), ("created_at",)),
        (EntryMember.objects.filter(event__in=ids), ("confirmed_at",)),
        (EventLog.objects.filter(event__in=ids), ("at",)),
    ]
    for rows, fields in moves:
        rows.update(**{f: F(f) - by for f in fields})


class Command(BaseCommand):
    help = (
        "Create demo users and events (skipped when demo data already exists; "
        "--reset empties the database first and makes the demo anew)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--reset",
            action="store_true",
            help="Delete every row of the database (not the virtualenv) and load the demo anew.",
        )

    def handle(self, *args, **opts):
        if opts["reset"]:
            call_command("flush", interactive=False, verbosity=0)
            self.stdout.write("Database emptied.")
        elif User.objects.filter(username="director").exists():
            self.stdout.write("Demo data already present (demo_data --reset starts anew).")
            return
        director = User.objects.create_superuser(
            "director", "director@example.org", PASSWORD, display_name="Demo Director"
        )
        players = [
            User.objects.create_user(name, f"{name}@example.org", PASSWORD, display_name=full)
            for name, full in DEMO_PLAYERS
        ]
        team_players = [
            User.objects.create_user(name, f"{name}@example.org", PASSWORD, display_name=full)
            for name, full in DEMO_TEAM_PLAYERS
        ]
        played_earlier(self.events_played(players), LAST_WEEK)
        # An individual event another scorer wrote (docs/rules.md § Individual events),
        # imported as a director would from the page Import results.
        sample = Path(settings.BASE_DIR) / "docs" / "samples" / "club-individual.xml"
        imported = event_results_import(data=sample.read_bytes(), actor=director)
        self.stdout.write(f"Imported {imported.name} from {sample.name}.")
        self.events_to_come(director, players)
        match = self.team_match(director, players + team_players)
        self.stdout.write(f"Started {match.event.name}: Alice's four v Erin's four in play.")
        self.pools(director)
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo ready. Log in as director / {PASSWORD} (director, admin) or "
                f"alice, bob, carol, dave, erin, frank, grace, henry / {PASSWORD} (players)."
            )
        )

    def events_played(self, players: list[User]) -> list[Event]:
        """The simulated events, played out: Swiss pairs, movements and team events.
        Returns those played last week (``played_earlier``)."""
        last_week: list[Event] = []
        finished = [
            ("Sunday Swiss Pairs (Cross-IMPs)", 24, 7, Event.Method.XIMP, 11),
            ("Wednesday Matchpoint Swiss", 15, 5, Event.Method.MP, 12),
        ]
        for name, pairs, rounds, method, seed in finished:
            event = simulate_swiss_event(
                SimulationConfig(
                    pairs=pairs,
                    rounds=rounds,
                    boards_per_round=3,
                    method=method,
                    play_rate=0.93,
                    withdraw=1,
                    seed=seed,
                    name=name,
                    players=players,  # the demo accounts have a history to browse
                )
            )
            last_week.append(event)
            self.stdout.write(f"Simulated {event.name}: {pairs} pairs, {rounds} rounds.")
        # Movements (docs/rules.md § Movements): a two-winner Mitchell, and a Howell
        # scored as HCP-par (贴点), with the demo accounts among the pairs.
        movements = [
            ("Monday Mitchell (two winners)", Event.Kind.MITCHELL, 10, 5, 3, Event.Method.MP),
            ("Thursday HCP-par Howell", Event.Kind.HOWELL, 8, 7, 2, Event.Method.HCP_PAR),
        ]
        for name, kind, pairs, rounds, per, method in movements:
            event = simulate_swiss_event(
                SimulationConfig(
                    pairs=pairs,
                    rounds=rounds,
                    boards_per_round=per,
                    method=method,
                    play_rate=0.95,
                    seed=13,
                    name=name,
                    players=players,
                    kind=kind,
                )  # fmt: skip
            )
            last_week.append(event)
            self.stdout.write(f"Simulated {event.name}: {pairs} pairs, {rounds} rounds.")
        # Team events (docs/rules.md § Teams): a round robin last week and a Swiss teams
        # event this week (this week's points leaderboard), played out.
        teams = [  # the last item: played last week
            ("Tuesday Round-robin Teams", Event.Kind.TEAMS_RR, 4, 3, 31, True),
            ("Saturday Swiss Teams", Event.Kind.TEAMS_SWISS, 6, 3, 32, False),
        ]
        for name, kind, count, rounds, seed, earlier in teams:
            event = simulate_teams_event(
                TeamsSimulationConfig(
                    kind=kind,
                    teams=count,
                    rounds=rounds,
                    boards_per_round=4,
                    seed=seed,
                    name=name,
                )  # fmt: skip
            )
            if earlier:
                last_week.append(event)
            self.stdout.write(f"Simulated {event.name}: {count} teams.")
        return last_week

    def events_to_come(self, director: User, players: list[User]) -> None:
        """Tonight's event starts in two minutes and runs on the clock (`make demo` starts
        it): log in as alice to play at your table, or as director to run it. Friday's
        is open for registration."""
        tonight = services.event_create(
            name="Tonight's Swiss (live)",
            start_at=timezone.now() + timedelta(minutes=2),
            num_rounds=5,
            boards_per_round=3,
            round_minutes=15,
            gap_minutes=2,
            director=director,
            method=Event.Method.XIMP,
            online_play=True,  # played at the online table (docs/rules.md § Online play)
        )
        guests = list(User.objects.filter(username__startswith="sim11").order_by("username")[:10])
        for a, b in [
            *zip(players[::2], players[1::2], strict=True),
            *zip(guests[::2], guests[1::2], strict=True),
        ]:
            entry = services.entry_register(event=tonight, player=a, partner=b)
            services.entry_confirm(entry=entry, player=b)
        upcoming = services.event_create(
            name="Friday Evening Swiss",
            start_at=timezone.now() + timedelta(days=2),
            num_rounds=6,
            boards_per_round=3,
            director=director,
            method=Event.Method.IMP,
        )
        entry = services.entry_register(event=upcoming, player=players[0], partner=players[1])
        services.entry_confirm(entry=entry, player=players[1])
        services.entry_register(event=upcoming, player=players[2], partner=players[3])

    def pools(self, director: User) -> None:
        """Scoring pools: last week's, played out (boards with their datum and scores, a
        leaderboard), and this week's, open now: four demo players can start a table."""
        week_ago = timezone.now() - timedelta(days=7)
        past = simulate_pool(
            PoolSimulationConfig(
                players=32, tables_per_hour=10, hours=4, seed=21, name="Last week's scoring pool"
            ),
            start=week_ago,
        )
        self.stdout.write(f"Simulated {past.name}.")
        now = timezone.now()
        pool = pool_create(
            name="This week's scoring pool", start_at=now, ends_at=now + timedelta(days=7),
            director=director, boards=48, now=now - timedelta(seconds=1),
        )  # fmt: skip
        pool_clock_step(event=pool, now=now)

    def team_match(self, director: User, logins: list[User]) -> Match:
        """A round robin of four teams in play now (docs/rules.md § Teams), played at the
        online table (§ Online play): in round 1
        Alice's four (alice, bob, carol, dave) meet Erin's four (erin, frank, grace,
        henry), every seat a demo login, each team's line-up handed in by its captain;
        the other match has played two boards in both rooms."""
        alice, bob, carol, dave, erin, frank, grace, henry = logins
        now = timezone.now()
        event = teams_event_create(
            name="Round-robin teams (live)", kind=Event.Kind.TEAMS_RR,
            start_at=now + timedelta(minutes=1), teams=4, boards_per_round=4,
            round_minutes=180, gap_minutes=5, director=director, seed=41, online_play=True,
        )  # fmt: skip
        guests = sim_users("teamdemo", 8, random.Random(41))
        rosters = [
            ("Alice's four", [alice, bob, carol, dave]),
            ("Club team A", guests[:4]),
            ("Club team B", guests[4:]),
            ("Erin's four", [erin, frank, grace, henry]),
        ]  # round 1 of the schedule: 1 v 4 and 2 v 3 (pairing/roundrobin.py)
        for name, roster in rosters:
            team = team_create(name=name, captain=roster[0], players=roster)
            team_enter(event=event, team=team, by=roster[0])
        for name, (first, second, third, fourth) in (rosters[0], rosters[3]):
            entry = TeamEntry.objects.get(event=event, team__name=name).entry
            lineup_submit(
                event=event, entry=entry, by=first, open_pair=[first, second],
                closed_pair=[third, fourth], round_number=1,
            )  # fmt: skip
        services.event_start(event=event, actor=director, rng=random.Random(41))
        matches = Match.objects.filter(event=event, round__number=1).select_related(
            "open_table", "closed_table", "round"
        )
        ours = next(m for m in matches if m.home.members.filter(player=alice).exists())
        other = next(m for m in matches if m.pk != ours.pk)
        acting = {}
        for entry_id, roster in ((other.home_id, guests[:4]), (other.away_id, guests[4:])):
            acting[(entry_id, "open")], acting[(entry_id, "closed")] = roster[0], roster[2]
        two = list(other.round.boards.order_by("number").values_list("pk", flat=True)[:2])
        boards_analyse(board_ids=two)  # (the background task's work, done now)
        boards = list(Board.objects.filter(pk__in=two).order_by("number"))
        tables_play(
            tables=[other.open_table, other.closed_table], boards=boards,
            rng=random.Random(41), play_rate=1.0, players_of=acting,
        )  # fmt: skip
        return ours
