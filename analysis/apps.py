from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AnalysisConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "analysis"
    verbose_name = _("Card analysis")

    def ready(self) -> None:
        from tournaments.extensions import (
            SimulationAnalyser,
            result_analysis_readers,
            result_joins,
            simulation_analysers,
        )

        from . import receivers  # noqa: F401  (the boards' ends queue their analysis)
        from .selectors import analyses_of
        from .simulation import empty_fair_play, simulation_analyse

        result_joins.append("analysis")
        result_analysis_readers.append(analyses_of)

        simulation_analysers.append(
            SimulationAnalyser(analyse=simulation_analyse, empty=empty_fair_play)
        )
