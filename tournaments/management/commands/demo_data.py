"""Fill an empty database with demo content: players, a director and simulated events."""

from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.utils import timezone

from accounts.models import User
from tournaments import services
from tournaments.models import Event
from tournaments.services.imports import event_results_import
from tournaments.services.pool import pool_clock_step, pool_create
from tournaments.simulation import SimulationConfig, simulate_swiss_event
from tournaments.simulation_pool import PoolSimulationConfig, simulate_pool

DEMO_PLAYERS = [
    ("alice", "Alice Chen"),
    ("bob", "Bob Li"),
    ("carol", "Carol Wang"),
    ("dave", "Dave Smith"),
    ("erin", "Erin Zhao"),
    ("frank", "Frank Müller"),
]
PASSWORD = "bridge-demo"


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
            self.stdout.write(f"Simulated {event.name}: {pairs} pairs, {rounds} rounds.")
        # An individual event another scorer wrote (docs/rules.md § Individual events),
        # imported as a director would from the page Import results.
        sample = Path(settings.BASE_DIR) / "docs" / "samples" / "club-individual.xml"
        imported = event_results_import(data=sample.read_bytes(), actor=director)
        self.stdout.write(f"Imported {imported.name} from {sample.name}.")
        # Tonight's event starts in two minutes and runs on the clock (`make demo` starts
        # it): log in as alice to play at your table, or as director to run it.
        tonight = services.event_create(
            name="Tonight's Swiss (live)",
            start_at=timezone.now() + timedelta(minutes=2),
            num_rounds=5,
            boards_per_round=3,
            round_minutes=15,
            gap_minutes=2,
            director=director,
            method=Event.Method.XIMP,
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
        # Scoring pools: last week's, played out (boards with their datum and scores, a
        # leaderboard), and this week's, open now: four demo players can start a table.
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
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo ready. Log in as director / {PASSWORD} (director, admin) or "
                f"alice, bob, carol, dave, erin, frank / {PASSWORD} (players)."
            )
        )
