"""HTML forms of the tournament pages. They only validate and shape input; services act."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import User

from .formats import format_for, kinds_where
from .models import Event, MovementSettings, TeamsSettings
from .services.events import EVENT_LIMITS, event_settings_validate
from .timezones import default_time_zone, time_zone_choices, zone

SEAT_CHOICES = [("N", _("North")), ("E", _("East")), ("S", _("South")), ("W", _("West"))]
ADJUSTMENT_CHOICES = [("", "—"), *Event.Adjustment.choices]
#: The kinds the teams form creates (``teams_event_create``).
TEAM_KINDS = kinds_where(lambda f: f.creation == "teams")


def _user_by_username(username: str) -> User:
    try:
        return User.objects.get(username__iexact=username.strip())
    except User.DoesNotExist as exc:
        raise forms.ValidationError(
            _("There is no player with the username “%(u)s”."), params={"u": username}
        ) from exc


class PlayerField(forms.CharField):
    """A username, cleaned to the ``User`` it names."""

    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", 150)
        super().__init__(**kwargs)

    def clean(self, value):
        return _user_by_username(super().clean(value))


class RegisterForm(forms.Form):
    partner = PlayerField(
        label=_("Partner's username"),
        widget=forms.TextInput(attrs={"autocomplete": "off", "placeholder": _("username")}),
    )


class AddPairForm(forms.Form):
    player1 = PlayerField(label=_("First player (username)"))
    player2 = PlayerField(label=_("Second player (username)"))


def _bounds(name: str) -> dict:
    limits = EVENT_LIMITS[name]
    return {"min_value": limits.low, "max_value": limits.high}


class StartTimeForm(forms.Form):
    """An event's name and start time (shown in the named zone; an hour from now), and
    the table rules every format has.

    A format's creation form (``Format.creation_form``) subclasses it and says how the
    one new-event page (``tournaments/event_form.html``) shows it: its ``layout`` (rows
    of field names; a row of several is one line on a wide screen), whether the table
    rules come in their own box, and its texts.
    """

    #: The page's title, heading and the line under it, the button, and what the page
    #: says (and where it goes, with the ``event_id``) once the event is created.
    title = _("New event")
    heading = _("New event")
    intro = ""
    submit = _("Create event")
    created = _("Event created. Registration is open.")
    created_url = "tournaments:event_director"
    #: What a user who directs nothing is told (and sent to the events list); empty: 403.
    refused = ""
    layout: tuple[tuple[str, ...], ...] = (("name",), ("start_at", "time_zone"))
    #: ``True``: the table rules (``TABLE_RULES``) follow the layout in their own box.
    table_rules_box = True

    name = forms.CharField(label=_("Name"), max_length=120)
    start_at = forms.DateTimeField(
        label=_("Start time"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    lead_required = forms.BooleanField(
        label=_("Opening lead required"), required=False, initial=True
    )
    online_play = forms.BooleanField(
        label=_("Online play: the players bid and play at the online table"),
        required=False,
        initial=False,
    )
    undo_allowed = forms.BooleanField(
        label=_("Online play: a player may take back their last call or card"),
        required=False,
        initial=True,
    )
    traveller_hidden = forms.BooleanField(
        label=_("Hide other tables' results until the round ends"),
        required=False,
        initial=False,
    )

    time_zone = forms.ChoiceField(
        label=_("Time zone"),
        choices=time_zone_choices,
        initial=default_time_zone,
        required=False,  # empty: the site's zone
        help_text=_("The pages show every time of the event in this zone."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["start_at"].help_text = _("A time of the event's time zone.")
        if not self.is_bound:
            start = timezone.localtime() + timedelta(hours=1)
            self.initial.setdefault("start_at", start.replace(minute=0, second=0, microsecond=0))

    def rows(self) -> list[list[forms.BoundField]]:
        """The layout's rows of this form's fields (a field it does not have is left
        out)."""
        rows = [[self[name] for name in row if name in self.fields] for row in self.layout]
        return [row for row in rows if row]

    def settings(self) -> dict:
        """The cleaned data as ``event_create`` takes them."""
        return dict(self.cleaned_data)

    def clean(self):
        data = super().clean()
        # The start time is a wall-clock time of the event's zone, not of the site's.
        data["time_zone"] = name = data.get("time_zone") or default_time_zone()
        start = data.get("start_at")
        if start is not None:
            wall = timezone.make_naive(start, timezone.get_current_timezone())
            data["start_at"] = timezone.make_aware(wall, zone(name))
        return data


#: The table rules every format has (``tournaments/_table_rules_fields.html``).
TABLE_RULES = ("lead_required", "online_play", "undo_allowed", "traveller_hidden")


class EventForm(StartTimeForm):
    """A Swiss pairs event (``docs/rules.md`` § Swiss pairs)."""

    heading = _("New Swiss pairs event")
    intro = _(
        "Registration opens at once and closes at the start time. Round 1 is seated by "
        "registration order, later rounds by score."
    )
    layout = (
        *StartTimeForm.layout,
        ("method",),
        ("num_rounds", "boards_per_round"),
        ("round_minutes", "gap_minutes"),
        ("finish_threshold", "bye_score", "mp_factoring"),
    )

    # The ranges are the service's (EVENT_LIMITS); clean() runs its one check too.
    num_rounds = forms.IntegerField(label=_("Rounds"), **_bounds("num_rounds"), initial=6)
    boards_per_round = forms.IntegerField(
        label=_("Boards per round"), **_bounds("boards_per_round"), initial=3
    )
    round_minutes = forms.FloatField(
        label=_("Round length (minutes)"), **_bounds("round_minutes"), initial=24
    )
    gap_minutes = forms.FloatField(
        label=_("Gap between rounds (minutes)"), **_bounds("gap_minutes"), initial=3
    )
    method = forms.ChoiceField(
        label=_("Scoring method"), choices=Event.Method.choices, initial=Event.Method.XIMP
    )
    finish_threshold = forms.DecimalField(
        label=_("Finishing threshold"),
        min_value=Decimal(EVENT_LIMITS["finish_threshold"].low),
        max_value=Decimal(EVENT_LIMITS["finish_threshold"].high),
        decimal_places=2,
        initial=Decimal("0.70"),
        help_text=_("Share of the event's boards a pair must play to be ranked (0–1)."),
    )
    bye_score = forms.ChoiceField(
        label=_("Bye score"), choices=Event.Adjustment.choices, initial=Event.Adjustment.AVERAGE
    )
    mp_factoring = forms.ChoiceField(
        label=_("Boards played fewer times"),
        choices=MovementSettings.Factoring.choices,
        initial=MovementSettings.Factoring.PLAYED,
        required=False,  # empty: the format's default
        help_text=_("Matchpoints: over the results played, or rescaled by Neuberg's formula."),
    )

    #: Editing an event: only the changed settings are checked (a start time that has
    #: passed is no problem when it is not being changed).
    editing = False

    def clean(self):
        data = super().clean()
        names = [
            n
            for n in ("start_at", *EVENT_LIMITS)
            if n in data and (not self.editing or n in self.changed_data)
        ]
        for problem in event_settings_validate(**{n: data[n] for n in names}):
            self.add_error(problem.field, problem.message)
        if "mp_factoring" in data and not data["mp_factoring"]:
            data["mp_factoring"] = None
        return data


class ResultForm(forms.Form):
    """A table result as the players write it: contract, declarer, tricks, lead."""

    contract = forms.CharField(
        label=_("Contract"),
        max_length=8,
        # No placeholder: a grey "4S" reads like a value already entered.
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters"}),
    )
    declarer = forms.ChoiceField(
        label=_("Declarer"), choices=[("", _("choose")), *SEAT_CHOICES], required=False
    )
    tricks = forms.IntegerField(label=_("Tricks"), min_value=0, max_value=13, required=False)
    lead = forms.CharField(
        label=_("Lead"),
        max_length=3,
        required=False,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters"}),
    )

    def __init__(self, *args, lead_required: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        lead = self.fields["lead"]
        lead.label = _("Lead (required)") if lead_required else _("Lead (optional)")
        lead.widget.attrs["aria-required"] = "true" if lead_required else "false"


class CorrectionForm(forms.Form):
    """A director's correction: a table result or adjusted scores for both sides."""

    table = forms.IntegerField(label=_("Table"), min_value=1)
    board = forms.IntegerField(label=_("Board"), min_value=1)
    contract = forms.CharField(label=_("Contract"), max_length=8, required=False)
    declarer = forms.ChoiceField(
        label=_("Declarer"), choices=[("", "—"), *SEAT_CHOICES], required=False
    )
    tricks = forms.IntegerField(label=_("Tricks"), min_value=0, max_value=13, required=False)
    lead = forms.CharField(label=_("Lead"), max_length=3, required=False)
    ns_adjustment = forms.ChoiceField(
        label=_("NS adjusted score"), choices=ADJUSTMENT_CHOICES, required=False
    )
    ew_adjustment = forms.ChoiceField(
        label=_("EW adjusted score"), choices=ADJUSTMENT_CHOICES, required=False
    )
    reason = forms.CharField(label=_("Reason"), max_length=200, required=False)

    def clean(self):
        data = super().clean()
        adjusted = data.get("ns_adjustment") or data.get("ew_adjustment")
        if not adjusted and not data.get("contract"):
            raise forms.ValidationError(
                _("Give a contract (with declarer, tricks and lead) or adjusted scores.")
            )
        return data


class EventSearchForm(forms.Form):
    q = forms.CharField(label=_("Name"), required=False, max_length=120)
    date = forms.DateField(
        label=_("Date"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )


class PlayersField(forms.CharField):
    """Usernames, one a line or separated by commas, cleaned to the ``User`` rows."""

    widget = forms.Textarea(attrs={"rows": 6, "autocomplete": "off"})

    def clean(self, value):
        names = [n.strip() for n in (super().clean(value) or "").replace(",", "\n").splitlines()]
        return [_user_by_username(n) for n in names if n]


class TeamsEventForm(StartTimeForm):
    """A Swiss teams or round-robin teams event (the service checks every setting)."""

    title = heading = _("New team event")
    intro = _(
        "A series of VP matches: a round robin, or Swiss teams seated by VPs. Captains "
        "enter their teams until the start time."
    )
    created = _("Team event created. Teams can enter now.")
    created_url = "tournaments:event_detail"
    layout = (
        ("name",),
        ("kind", "start_at", "time_zone"),
        ("num_rounds", "boards_per_round"),
        ("round_minutes", "gap_minutes"),
        ("vp_scale", "bye_vp"),
        ("vp_table",),
        ("adjusted_plus", "adjusted_average", "adjusted_minus"),
        ("broadcast",),
    )

    kind = forms.ChoiceField(
        label=_("Format"),
        choices=[(k, Event.Kind(k).label) for k in TEAM_KINDS],
    )
    num_rounds = forms.IntegerField(
        label=_("Rounds"),
        **_bounds("num_rounds"),
        initial=6,
        required=False,
        help_text=_("Swiss teams only: a round robin plays every round of its schedule."),
    )
    boards_per_round = forms.IntegerField(
        label=_("Boards per match"), **_bounds("boards_per_round"), initial=8
    )
    round_minutes = forms.FloatField(
        label=_("Match length (minutes)"), **_bounds("round_minutes"), initial=60
    )
    gap_minutes = forms.FloatField(
        label=_("Gap between rounds (minutes)"), **_bounds("gap_minutes"), initial=5
    )
    vp_scale = forms.ChoiceField(
        label=_("VP scale"), choices=TeamsSettings.Scale.choices, initial="wbf2013"
    )
    vp_table = forms.JSONField(
        label=_("VP table"),
        required=False,
        help_text=_("For the director's table: [[lowest IMP margin, winner VP], …]."),
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    bye_vp = forms.DecimalField(
        label=_("Bye VPs"), min_value=0, max_value=20, decimal_places=2, initial=12
    )
    adjusted_plus = forms.IntegerField(label=_("Average-plus IMPs"), initial=3)
    adjusted_average = forms.IntegerField(label=_("Average IMPs"), initial=0)
    adjusted_minus = forms.IntegerField(label=_("Average-minus IMPs"), initial=-3)
    broadcast = forms.BooleanField(
        label=_("Live broadcast to spectators"),
        required=False,
        initial=True,
        help_text=_(
            "Signed-in visitors who are no player of the event follow the results of boards "
            "in play live; anonymous visitors see a board once its round has closed."
        ),
    )

    def settings(self) -> dict:
        d = dict(self.cleaned_data)
        d["adjusted_imps"] = (
            d.pop("adjusted_plus"),
            d.pop("adjusted_average"),
            d.pop("adjusted_minus"),
        )
        d["vp_table"] = d.get("vp_table") or []
        return d


class TeamsEventEditForm(TeamsEventForm):
    """A team event's editable settings (the format and the VP table stay)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("kind", "vp_table", "adjusted_plus", "adjusted_average", "adjusted_minus"):
            del self.fields[name]


def online_settings_fields() -> dict[str, forms.Field]:
    """The online table's settings (docs/rules.md § Online play), on the edit form of
    every format: spectators, cut boards scored double dummy, chat, robot substitutes."""
    return {
        # Not sent (a form of an older page, a script): unchanged.
        "spectators": forms.TypedChoiceField(
            label=_("Spectators: who outside the event may watch the tables"),
            choices=Event.Spectators.choices,
            initial=Event.Spectators.OFF,
            required=False,
            empty_value=None,
        ),
        "spectator_delay": forms.IntegerField(
            label=_("Spectators' delay (seconds)"),
            min_value=1,
            max_value=3600,
            initial=120,
            required=False,
            help_text=_("With delayed spectators: how far behind the tables they watch."),
        ),
        "cut_double_dummy": forms.BooleanField(
            label=_("Score a board cut during the play double dummy"),
            required=False,
            initial=False,
            help_text=_("The tricks already won plus the double-dummy result of the rest."),
        ),
        "chat_allowed": forms.BooleanField(
            label=_("Chat at the table"), required=False, initial=False
        ),
        "robot_substitutes": forms.TypedChoiceField(
            label=_("Robot substitutes for absent players"),
            choices=Event.RobotSubstitutes.choices,
            initial=Event.RobotSubstitutes.DIRECTOR,
            required=False,
            empty_value=None,
            help_text=_(
                "Automatically: a robot takes the seat of a player gone longer than the "
                "grace period, or absent since the round opened."
            ),
        ),
    }


def event_edit_form(event: Event, data=None):
    """The edit form of ``event``'s format, filled with its settings; once play has
    begun only the name and the table rules can change (the rest is shown, disabled)."""
    from .services.events import ALWAYS_EDITABLE

    # A format without a form of its own: a pairs event's, else a team event's.
    fmt = format_for(event)
    form_class = fmt.edit_form() or (EventForm if fmt.creation == "pairs" else TeamsEventEditForm)
    initial = {}
    for name in form_class.base_fields:
        source = event.settings if hasattr(event.settings, name) else event
        value = getattr(source, name, None)
        if value is not None:
            initial[name] = timezone.localtime(value) if name == "start_at" else value
    online = online_settings_fields()
    initial.update({name: getattr(event, name) for name in online})
    form = form_class(data, initial=initial)
    form.fields.update(online)
    form.editing = True
    if event.status != Event.Status.REGISTRATION:
        for name, field in form.fields.items():
            if name not in ALWAYS_EDITABLE:
                field.disabled = True
    return form
