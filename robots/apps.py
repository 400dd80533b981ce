from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RobotsConfig(AppConfig):
    """Robots at the online tables (``docs/rules.md`` § Robots). The robot player itself
    (bidding, play, answers) is pure Python in this package; the app seats it and has it
    act through online play's services, in Celery workers."""

    name = "robots"
    verbose_name = _("Robots")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from online.extensions import seat_notices, table_looks
        from tournaments.extensions import held_seat_readers

        from . import receivers  # wakes the robots of a table that changed
        from .selectors import held_seat_tables
        from .views import seat_notice

        if seat_notice not in seat_notices:
            seat_notices.append(seat_notice)  # the table page tells a replaced player
        if receivers.robots_resume not in table_looks:
            table_looks.append(receivers.robots_resume)  # a reload wakes stopped robots
        if held_seat_tables not in held_seat_readers:
            held_seat_readers.append(held_seat_tables)  # my-table finds a replaced player's
