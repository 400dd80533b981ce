from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError

from tournaments.errors import BridgeError

from .models import Disconnection, MasterPointEntry, PlayerRate, RateWeek
from .services.disconnections import disconnection_check, disconnection_record
from .services.standing import standing_recount


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
        standing_recount(player_ids=[obj.player_id])


@admin.register(PlayerRate)
class PlayerRateAdmin(admin.ModelAdmin):
    list_display = ("player", "rate", "weight", "total_boards", "weekly_points", "week", "tier")
    search_fields = ("player__username", "player__display_name")
    raw_id_fields = ("player",)

    def has_change_permission(self, request, obj=None) -> bool:
        return False  # the weekly job writes the Rate; rerun a week with rate_week

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(RateWeek)
class RateWeekAdmin(admin.ModelAdmin):
    list_display = ("week", "computed_at", "computed_by", "players", "boards")

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_add_permission(self, request) -> bool:
        return False


class DisconnectionForm(forms.ModelForm):
    class Meta:
        model = Disconnection
        fields = ("player", "event", "board", "reason")

    def clean(self):
        data = super().clean()
        if not self.errors:
            try:
                disconnection_check(
                    player=data["player"],
                    event=data["event"],
                    board=data.get("board"),
                    reason=data.get("reason", ""),
                    recorded_by=self.request_user,
                )
            except BridgeError as exc:
                raise ValidationError(exc.message) from exc
        return data


@admin.register(Disconnection)
class DisconnectionAdmin(admin.ModelAdmin):
    """Directors record disconnections here too, through the same service."""

    form = DisconnectionForm
    list_display = ("player", "event", "board", "reason", "recorded_by", "created_at")
    search_fields = ("player__username", "event__name", "reason")
    raw_id_fields = ("player", "event", "board")

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change, **kwargs)
        form.request_user = request.user
        return form

    def save_model(self, request, obj, form, change) -> None:
        saved = disconnection_record(
            player=obj.player,
            event=obj.event,
            board=obj.board,
            reason=obj.reason,
            recorded_by=request.user,
        )
        obj.pk = saved.pk
