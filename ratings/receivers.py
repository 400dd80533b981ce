from django.conf import settings
from django.dispatch import receiver

from tournaments.dispatch import dispatch_on_commit
from tournaments.signals import event_finished

from .services import master_points_award_event


@receiver(event_finished, dispatch_uid="ratings.award_master_points")
def award_master_points(sender, *, event, entries, fields, **kwargs) -> None:
    master_points_award_event(event=event, entries=entries, fields=fields)


@receiver(event_finished, dispatch_uid="ratings.analyse_leads")
def analyse_leads_later(sender, *, event, **kwargs) -> None:
    if settings.RATE_ANALYSE_LEADS_ON_FINISH:
        dispatch_on_commit("ratings.tasks.analyse_leads", event.pk)
