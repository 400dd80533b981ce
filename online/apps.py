from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class OnlineConfig(AppConfig):
    name = "online"
    verbose_name = _("Online play")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from . import receivers  # noqa: F401 - connects the round close's cut
