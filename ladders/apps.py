from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LaddersConfig(AppConfig):
    name = "ladders"
    verbose_name = _("Team ladders")

    def ready(self) -> None:
        from tournaments.extensions import team_page_sections

        from . import receivers  # noqa: F401
        from .views import team_ladders_section

        if team_ladders_section not in team_page_sections:
            team_page_sections.append(team_ladders_section)
