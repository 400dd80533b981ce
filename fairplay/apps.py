from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FairplayConfig(AppConfig):
    """Players' accuracy against double dummy, and the directors' fair-play screen with
    its kibitzing log (``docs/rules.md`` § Accuracy and fair play)."""

    name = "fairplay"
    verbose_name = _("Fair play")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from online.extensions import socket_watchers

        from .watch import socket_closed, socket_opened

        socket_watchers.append((socket_opened, socket_closed))
