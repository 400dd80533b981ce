"""Staff see the practice sessions and their boards (read only: a practice is played at
its table and counts for nothing)."""

from django.contrib import admin

from .models import PracticeBoard, PracticeSession


class PracticeBoardInline(admin.TabularInline):
    model = PracticeBoard
    extra = 0
    can_delete = False
    fields = ("position", "board", "status", "contract", "declarer", "tricks", "ns_score",
              "points", "field_size", "ended_at")  # fmt: skip
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(PracticeSession)
class PracticeSessionAdmin(admin.ModelAdmin):
    list_display = ("player", "event", "seat", "created_at")
    list_select_related = ("player", "event")
    search_fields = ("player__username", "event__name")
    fields = ("player", "event", "seat", "created_at")
    readonly_fields = fields
    inlines = [PracticeBoardInline]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
