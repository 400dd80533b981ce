"""Fill an empty database with demo content: players, a director and simulated events."""

from datetime import timedelta

from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.utils import timezone

from accounts.models import User
from tournaments import services
from tournaments.models import Event

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
    help = "Create demo users and events (skipped when demo data already exists)."

    def handle(self, *args, **opts):
        if User.objects.filter(username="director").exists():
            self.stdout.write("Demo data already present.")
            return
        director = User.objects.create_superuser(
            "director", "director@example.org", PASSWORD, display_name="Demo Director"
        )
        players = [
            User.objects.create_user(name, f"{name}@example.org", PASSWORD, display_name=full)
            for name, full in DEMO_PLAYERS
        ]
        for args in (
            ["--pairs", "24", "--rounds", "7", "--boards-per-round", "3", "--method", "ximp"],
            ["--pairs", "15", "--rounds", "5", "--boards-per-round", "3", "--method", "mp"],
        ):
            call_command(
                "simulate_event",
                *args,
                "--play-rate",
                "0.93",
                "--withdraw",
                "1",
                "--seed",
                str(len(args) + Event.objects.count()),
                "--no-progress",
                stdout=self.stdout,
            )
        Event.objects.filter(method="ximp").update(name="Sunday Swiss Pairs (Cross-IMPs)")
        Event.objects.filter(method="mp").update(name="Wednesday Matchpoint Swiss")
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
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo ready. Log in as director / {PASSWORD} (director, admin) or "
                f"alice, bob, carol, dave, erin, frank / {PASSWORD} (players)."
            )
        )
