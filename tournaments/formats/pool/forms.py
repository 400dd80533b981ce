"""The scoring pool's creation form (``docs/rules.md`` § The scoring pool)."""

from __future__ import annotations

from datetime import timedelta

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from ...forms import StartTimeForm
from ...timezones import zone


class PoolForm(StartTimeForm):
    """A scoring pool (``docs/rules.md`` § The scoring pool): open from its start time
    until its closing time, both of the event's zone."""

    title = heading = _("New scoring pool")
    intro = _(
        "Open for a period (a week, say): any four ready players start a table and are "
        "dealt boards from the library; results are scored from a board's sixth result on."
    )
    submit = _("Create the pool")
    created = _("The pool is created.")
    created_url = "tournaments:pool_lobby"
    refused = _("Only directors can create events.")
    layout = (
        ("name",),
        ("start_at", "ends_at", "time_zone"),
        ("boards", "boards_per_table", "minutes_per_board"),
        ("robot_seats",),
        ("lead_required",),
        ("online_play",),
        ("undo_allowed",),
    )
    table_rules_box = False  # a pool table sees results only once played

    ends_at = forms.DateTimeField(
        label=_("Closes at"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    boards = forms.IntegerField(
        label=_("Boards in the library"), min_value=0, max_value=5000, initial=200,
        help_text=_("More are dealt whenever a table finds too few."),
    )  # fmt: skip
    boards_per_table = forms.IntegerField(
        label=_("Boards per table"), min_value=1, max_value=8, initial=4
    )
    minutes_per_board = forms.IntegerField(
        label=_("Minutes per board"), min_value=1, max_value=30, initial=8
    )
    robot_seats = forms.IntegerField(
        label=_("Seats robots may fill"), min_value=0, max_value=3, initial=3, required=False,
        help_text=_("A ready player may start a table at once with robots in the empty "
                    "seats, up to this many (0: no robots)."),
    )  # fmt: skip

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["online_play"].initial = True
        self.fields["start_at"].label = _("Opens at")
        if not self.is_bound:
            self.initial.setdefault("ends_at", timezone.now() + timedelta(days=7))

    def settings(self) -> dict:
        data = super().settings()
        data.pop("traveller_hidden", None)  # a pool table sees results only once played
        if data.get("robot_seats") is None:  # not sent (an older page): the default
            data["robot_seats"] = 3
        return data

    def clean(self):
        data = super().clean()
        ends = data.get("ends_at")
        if ends is not None:
            wall = timezone.make_naive(ends, timezone.get_current_timezone())
            data["ends_at"] = timezone.make_aware(wall, zone(data["time_zone"]))
        return data
