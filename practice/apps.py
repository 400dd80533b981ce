from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PracticeConfig(AppConfig):
    """Practice tables against robots, scored against the real field (``docs/rules.md``
    § Robots, *Practice*)."""

    name = "practice"
    verbose_name = _("Practice")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from robots.watchdog import stall_checks

        from . import receivers  # noqa: F401 - the robots woken by each change
        from .turns import practice_stalled

        stall_checks["practice"] = practice_stalled  # the watchdog covers practice tables
