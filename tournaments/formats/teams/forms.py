"""Team pages' forms: a team and its roster, entering a team in an event, a line-up.

A team event's settings form stays with the other events' settings forms
(``tournaments/forms.py``), which the event's edit page chooses from."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.models import User

from ...forms import PlayerField, PlayersField


class TeamForm(forms.Form):
    name = forms.CharField(label=_("Team name"), max_length=80)
    players = PlayersField(
        label=_("Roster (usernames)"),
        help_text=_("4 to 6 players, one a line; the captain is one of them."),
    )
    captain = PlayerField(label=_("Captain (username)"))


class TeamEnterForm(forms.Form):
    team = forms.ModelChoiceField(label=_("Team"), queryset=None, empty_label=None)

    def __init__(self, *args, teams=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = teams


class LineupForm(forms.Form):
    """Who sits where: two players in the open room, two in the closed room."""

    open_first = forms.ChoiceField(label=_("Open room, first player"))
    open_second = forms.ChoiceField(label=_("Open room, second player"))
    closed_first = forms.ChoiceField(label=_("Closed room, first player"))
    closed_second = forms.ChoiceField(label=_("Closed room, second player"))

    def __init__(self, *args, members=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.players = {str(u.pk): u for u in members}
        choices = [(str(u.pk), u.name) for u in members]
        for name in self.fields:
            self.fields[name].choices = choices

    def cleaned_players(self) -> tuple[list[User], list[User]]:
        d = self.cleaned_data
        pick = self.players.__getitem__
        return (
            [pick(d["open_first"]), pick(d["open_second"])],
            [pick(d["closed_first"]), pick(d["closed_second"])],
        )
