from django.contrib import admin

from .models import MasterPointEntry


@admin.register(MasterPointEntry)
class MasterPointEntryAdmin(admin.ModelAdmin):
    list_display = ("player", "event", "kind", "amount", "reason", "created_at")
    list_filter = ("kind",)
    search_fields = ("player__username", "player__display_name", "event__name")
    raw_id_fields = ("player", "event")
    readonly_fields = ("created_by",)

    def has_change_permission(self, request, obj=None) -> bool:
        return False  # ledger rows are never edited; add a deduction instead

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    def save_model(self, request, obj, form, change) -> None:
        obj.created_by = request.user
        super().save_model(request, obj, form, change)
