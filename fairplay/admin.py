"""Directors see the kibitzing log (read only: the sockets write it)."""

from django.contrib import admin

from .models import WatchLog


@admin.register(WatchLog)
class WatchLogAdmin(admin.ModelAdmin):
    list_display = ("opened_at", "closed_at", "event", "table", "user", "seat", "network")
    list_select_related = ("event", "table", "user")
    list_filter = ("seat",)
    search_fields = ("user__username", "event__name", "network")
    date_hierarchy = "opened_at"
    fields = list_display
    readonly_fields = fields

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
