from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class OnlineConfig(AppConfig):
    name = "online"
    verbose_name = _("Online play")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tournaments.extensions import (
            OnlineSimulator,
            board_in_play_readers,
            online_simulators,
        )

        from . import (
            access,  # noqa: F401 - connects the recheck of open sockets
            receivers,  # noqa: F401 - connects the round close's cut
            simulation,
        )
        from .progress import boards_in_play_read

        if boards_in_play_read not in board_in_play_readers:
            board_in_play_readers.append(boards_in_play_read)  # the director's page

        online_simulators.append(
            OnlineSimulator(
                tables_play=simulation.tables_play, boards_describe=simulation.boards_describe
            )
        )
