from django.contrib import admin

from .models import BoardAnalysis


@admin.register(BoardAnalysis)
class BoardAnalysisAdmin(admin.ModelAdmin):
    """Read only: the worker writes it (``analysis.tasks``)."""

    list_display = (
        "pk", "result", "practice_board", "imps_from_par", "missed_game", "missed_slam",
        "claim_cost", "computed_at",
    )  # fmt: skip
    list_filter = ("missed_game", "missed_slam")
    list_select_related = ("result__board", "result__table", "practice_board")
    raw_id_fields = ("result", "practice_board")
    readonly_fields = [f.name for f in BoardAnalysis._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
