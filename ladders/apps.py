from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LaddersConfig(AppConfig):
    name = "ladders"
    verbose_name = _("Team ladders")

    def ready(self) -> None:
        from . import receivers  # noqa: F401
