"""The pages' form of a Mitchell or Howell event (``docs/rules.md`` § Movements): the
common event settings, the movement, the arrow switch and the matchpoint factoring."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.forms import EventForm
from tournaments.models import Event, MovementSettings


class MovementEventForm(EventForm):
    """A Mitchell or Howell pairs event (``docs/rules.md`` § Movements): the movement,
    its rounds and boards per round, the arrow switch and the matchpoint factoring."""

    heading = _("New Mitchell or Howell pairs event")
    intro = _(
        "Registration opens at once and closes at the start time. The movement is fixed "
        "at the start from the pairs entered, in registration order; the movement cards "
        "show every pair where to go."
    )
    layout = (
        ("name",),
        ("start_at", "time_zone"),
        ("kind", "method"),
        ("mp_factoring", "arrow_switch"),
        ("num_rounds", "boards_per_round"),
        ("round_minutes", "gap_minutes"),
        ("finish_threshold",),
    )

    kind = forms.ChoiceField(
        label=_("Movement"),
        choices=[
            (Event.Kind.MITCHELL, Event.Kind.MITCHELL.label),
            (Event.Kind.HOWELL, Event.Kind.HOWELL.label),
        ],
        initial=Event.Kind.MITCHELL,
    )
    arrow_switch = forms.BooleanField(
        label=_("Arrow switch (one winner)"),
        required=False,
        help_text=_("Mitchell only: the tables turn in the last quarter of the rounds."),
    )
    mp_factoring = forms.ChoiceField(
        label=_("Boards played fewer times"),
        choices=MovementSettings.Factoring.choices,
        initial=MovementSettings.Factoring.NEUBERG,
    )
    bye_score = None  # a pair sitting out scores nothing

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["method"].initial = Event.Method.MP
        self.fields["num_rounds"].help_text = _(
            "At most what the movement plays for the pairs entered at the start."
        )

    def clean(self):
        data = super().clean()
        if (
            "kind" in self.fields
            and data.get("arrow_switch")
            and data.get("kind") != Event.Kind.MITCHELL
        ):
            self.add_error("arrow_switch", _("Only a Mitchell has an arrow switch."))
        return data


class MovementEventEditForm(MovementEventForm):
    """Editing a movement: its kind stays (a Mitchell does not become a Howell)."""

    kind = None  # (the service refuses an arrow switch on a Howell)
