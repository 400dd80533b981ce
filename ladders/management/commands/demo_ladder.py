"""``manage.py demo_ladder``: a demo ladder after ``demo_data`` (``make demo``): eight
teams, the demo players' team among them, and a challenge waiting for its captain."""

import random

from django.core.management.base import BaseCommand

from accounts.models import User
from ladders import services
from ladders.models import Ladder
from tournaments.formats.teams.services import team_create
from tournaments.models import Team
from tournaments.simulation import sim_users


class Command(BaseCommand):
    help = "Create a demo ladder (skipped when one exists or demo_data has not run)."

    def handle(self, *args, **opts):
        director = User.objects.filter(username="director").first()
        players = list(
            User.objects.filter(username__in=["alice", "bob", "carol", "dave"]).order_by("username")
        )
        if director is None or len(players) < 4 or Ladder.objects.exists():
            self.stdout.write("demo ladder skipped")
            return
        others = sim_users("ladderdemo", 28, random.Random(13))
        # Alice's team of the demo's live round robin (demo_data), if it is there
        demo = Team.objects.filter(name="Alice's four", captain=players[0]).first()
        if demo is None:
            demo = team_create(name="Alice's four", captain=players[0], players=players)
        teams = [
            team_create(
                name=f"Club team {i + 1}", captain=others[4 * i], players=others[4 * i : 4 * i + 4]
            )
            for i in range(7)
        ]
        order = teams[:4] + [demo] + teams[4:]
        ladder = services.ladder_create(name="Club team ladder", director=director)
        services.ladder_teams_add(ladder=ladder, teams=order, director=director)
        # the team just below Alice's challenges it: alice sees Accept / Decline
        services.challenge_issue(
            ladder=ladder, challenger=teams[4], defender=demo, by=teams[4].captain
        )
        # and another open challenge further down
        services.challenge_issue(
            ladder=ladder, challenger=teams[6], defender=teams[5], by=teams[6].captain
        )
        self.stdout.write(self.style.SUCCESS(f"Demo ladder ready: /ladders/{ladder.pk}/"))
