"""Directors see the boards played online and their actions (read only: a ruling or a
cut goes through the services)."""

from django.contrib import admin

from .models import BoardPlay, PlayAction


class PlayActionInline(admin.TabularInline):
    model = PlayAction
    extra = 0
    can_delete = False
    fields = ("seq", "seat", "kind", "value", "alert", "user", "created_at")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(BoardPlay)
class BoardPlayAdmin(admin.ModelAdmin):
    list_display = ("table", "board", "status", "version", "started_at", "ended_at")
    list_filter = ("status",)
    list_select_related = ("table", "board")
    search_fields = ("table__event__name",)
    fields = ("table", "board", "status", "version", "started_at", "ended_at", "result")
    readonly_fields = fields
    inlines = [PlayActionInline]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
