from django.dispatch import receiver

from tournaments.signals import event_finished

from .services import master_points_award_event


@receiver(event_finished, dispatch_uid="ratings.award_master_points")
def award_master_points(sender, *, event, entries, fields, **kwargs) -> None:
    master_points_award_event(event=event, entries=entries, fields=fields)
