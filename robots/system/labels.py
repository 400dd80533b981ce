"""The labels several of the system's rules share (docs/rules.md § Robots), English and
marked for translation (Django translates them where they are shown)."""

from __future__ import annotations

__all__ = [
    "ACCEPT", "GAME", "INVITE", "NAME", "NATURAL", "RAISE", "SLAM", "STOP", "TAKEOUT",
    "TO_PLAY", "WEAK", "_", "counted_in", "plain",
]  # fmt: skip


def _(text: str) -> str:  # a marker for makemessages: translated where it is shown
    return text


def plain(text: str) -> str:
    """The texts untranslated: English (what an alert stores)."""
    return text


def counted_in(gettext):
    """Where ``ngettext`` counts a text in the language ``gettext`` gives: English for
    ``plain``, else the active language (Django's ``gettext``)."""
    from contextlib import nullcontext

    from django.utils import translation

    return translation.override(None) if gettext is plain else nullcontext()


NAME = _(
    "2/1-flavoured Standard American: five-card majors, 15–17 1NT, splinters, control bids,"
    " RKCB 1430"
)
NATURAL = _("Natural")
WEAK = _("Weak, to play")
TO_PLAY = _("To play")
INVITE = _("Invitational")
ACCEPT = _("Accepts the invitation")
GAME = _("Game")
SLAM = _("Slam")
TAKEOUT = _("Takeout double")
STOP = _("Natural, a stopper in their suit")
RAISE = _("Raise")
