"""The scoring pool's creation form (``docs/rules.md`` § The scoring pool)."""

from __future__ import annotations

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from ...forms import StartTimeForm
from ...timezones import zone


class PoolForm(StartTimeForm):
    """A scoring pool (``docs/rules.md`` § The scoring pool): open from its start time
    until its closing time, both of the event's zone."""

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

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["online_play"].initial = True
        self.fields["start_at"].label = _("Opens at")

    def clean(self):
        data = super().clean()
        ends = data.get("ends_at")
        if ends is not None:
            wall = timezone.make_naive(ends, timezone.get_current_timezone())
            data["ends_at"] = timezone.make_aware(wall, zone(data["time_zone"]))
        return data
