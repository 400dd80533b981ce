"""``manage.py demo_rate``: after ``demo_data`` (``make demo``), what the beat does in
production, done at once for the demo: the Rate of last week, when the demo's finished
events were played (``docs/rules.md`` § The Rate), every finished event's opening leads
solved (the analysis page), and this week's points (the weekly leaderboard)."""

from django.core.management.base import BaseCommand

from tournaments.models import Event

from ...services.leads import leads_analyse
from ...services.rate import rate_due_weeks, weekly_points_refresh


class Command(BaseCommand):
    help = "Rate the demo's last week, solve its leads, count this week's points."

    def handle(self, *args, **opts):
        finished = Event.objects.filter(status=Event.Status.FINISHED).values_list("pk", flat=True)
        if not finished:
            self.stdout.write("demo rate skipped (no finished event: run demo_data first)")
            return
        weeks = rate_due_weeks()  # once: a second run finds the week rated
        solved = sum(leads_analyse(event_id=pk) for pk in finished)
        players = weekly_points_refresh(force=True)
        rated = ", ".join(weeks) or "nothing new"
        self.stdout.write(
            self.style.SUCCESS(
                f"Rated {rated}; {solved} opening positions solved; "
                f"this week's points of {players} players."
            )
        )
