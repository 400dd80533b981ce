from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.validators import ASCIIUsernameValidator
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .models import User
from .names import name_key


def _looks_like_another(key: str) -> User | None:
    """A player whose username or name looks like ``key`` (``accounts/names.py``)."""
    if not key:
        return None
    return User.objects.filter(Q(username_key=key) | Q(name_key=key)).first()


class SignupForm(UserCreationForm):
    """Sign-up (``docs/rules.md`` § Players and partners): an ASCII username, a display name, and
    neither may look like another player's username or name (case, accents, Unicode
    look-alikes such as a Cyrillic "ѕ")."""

    class Meta:
        model = User
        fields = ("username", "display_name", "email")
        labels = {"display_name": _("Name shown in results")}
        help_texts = {
            "username": _("Letters, digits and @/./+/-/_ only (no accents). You log in with it."),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["display_name"].required = True
        self.fields["username"].validators.append(ASCIIUsernameValidator())

    def clean_username(self):
        username = super().clean_username()
        if (other := _looks_like_another(name_key(username))) is not None:
            raise forms.ValidationError(
                _("This username looks too much like another player's (%(name)s)."),
                params={"name": other.username},
                code="look_alike",
            )
        return username

    def clean_display_name(self):
        display_name = " ".join(self.cleaned_data.get("display_name", "").split())
        if not display_name:
            raise forms.ValidationError(_("Please give the name results pages show."))
        if (other := _looks_like_another(name_key(display_name))) is not None:
            raise forms.ValidationError(
                _("This name looks too much like another player's (%(name)s)."),
                params={"name": other.name},
                code="look_alike",
            )
        return display_name
