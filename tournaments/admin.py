"""Director tools in the admin. Every change goes through a service (audited)."""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from . import services
from .errors import BridgeError
from .formats import format_for
from .formats.teams.services import teams_event_create
from .models import (
    Board,
    Entry,
    EntryMember,
    Event,
    EventLog,
    Match,
    PoolBoard,
    PoolResult,
    PoolScore,
    PoolSettings,
    Result,
    ResultCorrection,
    Round,
    Standing,
    SwissSettings,
    Table,
    Team,
    TeamMember,
    TeamsSettings,
)
from .services.events import event_settings_validate
from .timezones import default_time_zone, time_zone_choices


def _run(modeladmin, request, fn, objects, done_msg):
    done = 0
    for obj in objects:
        try:
            fn(obj)
            done += 1
        except BridgeError as exc:
            modeladmin.message_user(request, f"{obj}: {exc.message}", messages.ERROR)
    if done:
        modeladmin.message_user(request, done_msg % {"n": done}, messages.SUCCESS)


def _action(description, service, done_msg):
    """An admin action that calls ``service(obj, user)`` for each selected row; the
    service's refusals are shown per row, then how many were done (``done_msg``)."""

    @admin.action(description=description)
    def action(modeladmin, request, queryset):
        _run(modeladmin, request, lambda obj: service(obj, request.user), queryset, done_msg)

    return action


class EntryMemberInline(admin.TabularInline):
    model = EntryMember
    extra = 0
    raw_id_fields = ("player",)
    readonly_fields = ("event", "confirmed_at")


SETTINGS_FIELDS = (
    "num_rounds",
    "boards_per_round",
    "round_minutes",
    "gap_minutes",
    "finish_threshold",
    "bye_score",
)


class _EventAdminForm(forms.ModelForm):
    class Meta:
        model = Event
        fields = ("name", "kind", "director", "start_at", "time_zone", "method")
        widgets = {"time_zone": forms.Select(choices=time_zone_choices)}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "time_zone" in self.fields:
            self.fields["time_zone"].required = False  # empty: the site's zone
        if self.instance.pk and isinstance(self.instance.settings, SwissSettings):
            for name in SETTINGS_FIELDS:
                self.initial[name] = getattr(self.instance.settings, name)

    def clean(self):
        """The one check of an event's settings (``event_settings_validate``), shown on
        each field; a start time is checked only when it changes."""
        data = super().clean()
        creation = format_for(data["kind"]).creation if data.get("kind") else None
        if not self.instance.pk and creation == "pool":
            self.add_error("kind", _("Create a scoring pool on its own page (New scoring pool)."))
        if not self.instance.pk and creation == "import":
            self.add_error(
                "kind", _("An individual event comes from a results file (Import results).")
            )
        data["time_zone"] = data.get("time_zone") or default_time_zone()
        names = [n for n in (*SETTINGS_FIELDS, "start_at") if n in data]
        if self.instance.pk and "start_at" not in self.changed_data:
            names = [n for n in names if n != "start_at"]
        names = [n for n in names if n != "bye_score"]
        for problem in event_settings_validate(**{n: data[n] for n in names}):
            self.add_error(problem.field, problem.message)
        return data


# The event and its format's settings on one form (they are two rows).
EventAdminForm = type(
    "EventAdminForm",
    (_EventAdminForm,),
    forms.fields_for_model(SwissSettings, fields=SETTINGS_FIELDS),
)


TEAMS_SCHEDULE = (
    "num_rounds",
    "boards_per_round",
    "round_minutes",
    "gap_minutes",
    "vp_scale",
    "vp_table",
    "bye_vp",
    "adjusted_plus",
    "adjusted_average",
    "adjusted_minus",
)


class TeamsSettingsInline(admin.StackedInline):
    """A team event's settings (its schedule fixed once play has begun)."""

    model = TeamsSettings
    can_delete = False
    exclude = ("preset_deals", "seed")

    def get_readonly_fields(self, request, obj=None):
        if obj is not None and obj.status != Event.Status.REGISTRATION:
            return TEAMS_SCHEDULE
        return ()


def _is_team_event(obj) -> bool:
    return obj is not None and isinstance(obj.settings, TeamsSettings)


class PoolSettingsInline(admin.StackedInline):
    """A scoring pool's settings; its scoring thresholds are fixed once it has opened."""

    model = PoolSettings
    can_delete = False
    readonly_fields = ("last_seq",)

    def get_readonly_fields(self, request, obj=None):
        if obj is not None and obj.status != Event.Status.REGISTRATION:
            return ("score_at", "retire_at", "last_seq")
        return self.readonly_fields


def _is_pool(obj) -> bool:
    return obj is not None and isinstance(obj.settings, PoolSettings)


def _has_own_settings(obj) -> bool:
    """Team events and pools keep their settings on their own inline."""
    return _is_team_event(obj) or _is_pool(obj)


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    form = EventAdminForm
    list_display = ("name", "kind", "status", "start_at", "num_rounds", "current_round", "method")
    list_filter = ("status", "kind", "method")
    search_fields = ("name",)
    date_hierarchy = "start_at"
    fields = (
        "name",
        "kind",
        "director",
        "start_at",
        "time_zone",
        "num_rounds",
        "boards_per_round",
        "round_minutes",
        "gap_minutes",
        "method",
        "finish_threshold",
        "bye_score",
        "spectators",
        "spectator_delay",
        "cut_double_dummy",
        "chat_allowed",
        "robot_substitutes",
        "status",
        "current_round",
        "paused_at",
        "finished_at",
    )
    SCHEDULE = fields[1:12]
    readonly_fields = ("status", "current_round", "finished_at", "paused_at")
    raw_id_fields = ("director",)
    actions = ["start_now", "close_current_round"]

    def get_readonly_fields(self, request, obj=None):
        if obj is not None and obj.status != Event.Status.REGISTRATION:
            fixed = self.readonly_fields + self.SCHEDULE  # fixed once play has begun
            return tuple(f for f in fixed if f in self.get_fields(request, obj))
        return self.readonly_fields

    #: The table's settings of online play: set once the event exists (a new event starts
    #: with their defaults through ``event_create``, which does not read them).
    ONLINE_SETTINGS = (
        "spectators", "spectator_delay", "cut_double_dummy", "chat_allowed", "robot_substitutes",
    )  # fmt: skip

    def get_fields(self, request, obj=None):
        """A team event's settings are on their own inline, not Swiss pairs' fields; the
        online settings are on an existing event's page."""
        fields = self.fields
        if obj is None:
            fields = tuple(f for f in fields if f not in self.ONLINE_SETTINGS)
        if _has_own_settings(obj):
            return tuple(f for f in fields if f not in SETTINGS_FIELDS and f != "method")
        return fields

    def get_form(self, request, obj=None, **kwargs):
        if _has_own_settings(obj):
            kwargs["form"] = _EventAdminForm
        return super().get_form(request, obj, **kwargs)

    def get_inlines(self, request, obj):
        if _is_pool(obj):
            return [PoolSettingsInline]
        return [TeamsSettingsInline] if _is_team_event(obj) else []

    def save_model(self, request, obj, form, change):
        """New events go through ``event_create`` or ``teams_event_create`` (validation,
        schedule, audit), inside the admin's own transaction."""
        if not change:
            names = ("name", *self.SCHEDULE)
            data = {f: form.cleaned_data[f] for f in names if f != "kind"}
            kind = form.cleaned_data.get("kind")
            try:
                if kind and format_for(kind).creation == "teams":
                    keep = ("name", "start_at", "num_rounds", "boards_per_round", "round_minutes",
                            "gap_minutes", "director", "time_zone")  # fmt: skip
                    event = teams_event_create(
                        kind=kind, **{k: v for k, v in data.items() if k in keep}
                    )
                else:
                    event = services.event_create(within_transaction=True, **data)
            except BridgeError as exc:
                raise ValidationError(exc.message) from exc
            obj.pk = event.pk
            obj.refresh_from_db()
            return
        changed = [f for f in SETTINGS_FIELDS if f in form.cleaned_data]
        for name in changed:
            setattr(obj.settings, name, form.cleaned_data[name])
        obj.settings.save(update_fields=changed)
        if obj.status == Event.Status.REGISTRATION:
            obj.next_transition_at = obj.round_start(1)
        super().save_model(request, obj, form, change)

    @admin.display(description=_("finishing threshold"))
    def finish_threshold(self, obj):
        return obj.settings.finish_threshold

    @admin.display(description=_("bye score"))
    def bye_score(self, obj):
        return obj.settings.get_bye_score_display()

    start_now = _action(
        _("Start now (seat round 1)"),
        lambda e, user: services.event_start(event=e, actor=user),
        _("%(n)d event(s) started."),
    )

    close_current_round = _action(
        _("Close the current round (cut, score, seat the next)"),
        lambda e, user: services.round_close(event=e, number=e.current_round, actor=user),
        _("%(n)d round(s) closed."),
    )


class _KeptByTheServices(admin.ModelAdmin):
    """Rows the pool's services write: shown, never added or deleted by hand."""

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(PoolBoard)
class PoolBoardAdmin(_KeptByTheServices):
    """A pool's board library: places taken, results, retired (kept by the services)."""

    list_display = ("board", "event", "taken", "results", "retired")
    list_filter = ("retired", "event")
    readonly_fields = ("board", "event", "taken", "results", "retired")


@admin.register(PoolResult)
class PoolResultAdmin(_KeptByTheServices):
    """Each pool result's place in the arrival order and its score (read-only: a
    director corrects the result itself, on the result's page)."""

    list_display = ("seq", "event", "board", "result", "scored_at_seq", "datum", "ns_imps")
    list_filter = ("event",)
    readonly_fields = ("result", "event", "board", "seq", "scored_at_seq", "datum", "ns_imps")


@admin.register(PoolScore)
class PoolScoreAdmin(_KeptByTheServices):
    """The score each player got for a pool result, given once."""

    list_display = ("result", "seat", "player", "imps", "scored_at_seq", "event")
    list_filter = ("event",)
    search_fields = ("player__username", "player__display_name")
    readonly_fields = ("event", "result", "entry", "player", "seat", "imps", "scored_at_seq")


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = (
        "__str__",
        "event",
        "registration_order",
        "status",
        "total",
        "boards_played",
        "finished",
        "rank",
        "master_points",
    )
    list_filter = ("status", "finished", "event")
    search_fields = ("members__player__username", "members__player__display_name")
    inlines = [EntryMemberInline]
    readonly_fields = (
        "total",
        "boards_played",
        "finished",
        "rank",
        "master_points",
        "withdrawn_after_round",
    )
    actions = ["withdraw", "sit_out", "sit_in"]

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("members__player")

    withdraw = _action(
        _("Withdraw the pair"),
        lambda e, user: services.entry_withdraw(entry=e, by=user),
        _("%(n)d pair(s) withdrawn."),
    )

    sit_out = _action(
        _("Sit out of the next rounds"),
        lambda e, user: services.entry_set_sitting_out(entry=e, sitting_out=True, director=user),
        _("%(n)d pair(s) sit out."),
    )
    sit_in = _action(
        _("Seat again from the next round"),
        lambda e, user: services.entry_set_sitting_out(entry=e, sitting_out=False, director=user),
        _("%(n)d pair(s) back in."),
    )


class TableInline(admin.TabularInline):
    model = Table
    extra = 0
    raw_id_fields = ("ns", "ew")
    can_delete = False


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("event", "number", "status", "starts_at", "ends_at", "closed_at")
    list_filter = ("status",)
    inlines = [TableInline]
    readonly_fields = ("event", "number", "status", "opened_at", "closed_at")


@admin.register(Board)
class BoardAdmin(admin.ModelAdmin):
    list_display = ("event", "number", "dealer", "vulnerability", "par_score")
    list_filter = ("event",)
    readonly_fields = ("dd_table", "par_score", "par_contracts")


class CorrectionInline(admin.TabularInline):
    model = ResultCorrection
    extra = 0
    can_delete = False
    readonly_fields = ("changed_by", "changed_at", "old_value", "new_value", "reason")

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Result)
class ResultAdmin(admin.ModelAdmin):
    """Results are read here; directors correct them on the director pages (audited)."""

    list_display = (
        "board",
        "table",
        "status",
        "contract",
        "declarer",
        "tricks",
        "ns_score",
        "ns_points",
        "ew_points",
        "confirmed_at",
    )
    list_filter = ("status", "board__event")
    inlines = [CorrectionInline]
    list_select_related = ("board", "table")

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(EventLog)
class EventLogAdmin(admin.ModelAdmin):
    list_display = ("event", "action", "round_number", "transition", "actor", "at")
    list_filter = ("action",)

    def has_change_permission(self, request, obj=None) -> bool:
        return False


admin.site.register(Standing)


class TeamMemberInline(admin.TabularInline):
    """The roster is read here; the captain (or a director) changes it on the team's
    page, where the roster rules are checked."""

    model = TeamMember
    extra = 0
    can_delete = False
    readonly_fields = ("player", "position")

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ("name", "captain", "created_at")
    search_fields = ("name", "captain__username")
    readonly_fields = ("captain", "created_at")
    inlines = [TeamMemberInline]

    def has_add_permission(self, request):
        return False  # teams are created on the pages and in the API (roster rules)


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    """Matches are seated and scored by the round services; read-only here."""

    list_display = ("__str__", "home", "away", "home_imps", "away_imps", "home_vp", "away_vp")
    list_filter = ("event",)
    readonly_fields = [f.name for f in Match._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
