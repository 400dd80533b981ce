"""The ladders in the admin: read-only views of the ladders, positions, challenges, the
history and the directors' audit rows. Changes go through the director pages
(``/ladders/<id>/director/``) and the API, which call the services and write audit rows."""

from django.contrib import admin

from .models import Challenge, Ladder, LadderLog, PositionChange, Rung


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Ladder)
class LadderAdmin(ReadOnly):
    list_display = ("name", "director", "k", "accept_days", "cooldown_days", "play_days", "boards")


@admin.register(Rung)
class RungAdmin(ReadOnly):
    list_display = ("ladder", "position", "team")
    list_filter = ("ladder",)


@admin.register(Challenge)
class ChallengeAdmin(ReadOnly):
    list_display = ("ladder", "challenger", "defender", "status", "issued_at", "winner")
    list_filter = ("ladder", "status")


@admin.register(PositionChange)
class PositionChangeAdmin(ReadOnly):
    list_display = ("ladder", "team", "kind", "position_before", "position_after", "at")
    list_filter = ("ladder", "kind")


@admin.register(LadderLog)
class LadderLogAdmin(ReadOnly):
    list_display = ("ladder", "action", "actor", "at")
    list_filter = ("ladder", "action")
