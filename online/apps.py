from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class OnlineConfig(AppConfig):
    name = "online"
    verbose_name = _("Online play")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tournaments.extensions import OnlineSimulator, online_simulators

        from . import (
            access,  # noqa: F401 - connects the recheck of open sockets
            receivers,  # noqa: F401 - connects the round close's cut
            simulation,
        )

        online_simulators.append(
            OnlineSimulator(
                tables_play=simulation.tables_play, boards_describe=simulation.boards_describe
            )
        )
