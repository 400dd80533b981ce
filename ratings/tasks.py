"""Thin Celery tasks of the ratings: they call services and are safe to run twice."""

from celery import shared_task
from django.conf import settings

from .services.leads import leads_analyse, leads_analyse_week
from .services.rate import rate_due_weeks, weekly_points_refresh
from .services.standing import tier_change_email_send


@shared_task(acks_late=True, ignore_result=True)
def refresh_weekly_points() -> int:
    """The beat entry: this week's points of every player, from the week's results."""
    return weekly_points_refresh()


@shared_task(acks_late=True, ignore_result=True)
def rate_last_week() -> list[str]:
    """The beat entry: rate every finished week not rated yet (once each, whoever runs),
    then solve the opening leads of the events that finished in it."""
    weeks = rate_due_weeks()
    if settings.RATE_ANALYSE_LEADS_ON_FINISH:
        for week in weeks:
            leads_analyse_week(week=week)
    return weeks


@shared_task(acks_late=True, ignore_result=True)
def send_tier_change_email(change_id: int) -> bool:
    """Tell a player their rank tier moved (once)."""
    return tier_change_email_send(change_id=change_id)


@shared_task(acks_late=True, ignore_result=True)
def analyse_leads(event_id: int) -> int:
    """After an event: every opening lead of its results against double dummy (once)."""
    return leads_analyse(event_id=event_id)
