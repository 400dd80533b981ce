"""What a robot's call shows, for an opponent who asks and for its alerts (docs/rules.md
§ Robots, its bidding system). Pure: the auction before the call and the call, never a
hand; read from the same rules the robot bids by (:mod:`robots.system`), so the two
cannot drift. The texts are English and marked for translation; :func:`meaning_render`
takes the translating function (Django's ``gettext`` where it is shown)."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import ngettext

from robots.system import Meaning, call_meaning
from robots.system.labels import _, counted_in, plain

__all__ = ["call_explain", "meaning_render", "meaning_text", "points_text"]


SUIT_NAMES = {"S": _("spades"), "H": _("hearts"), "D": _("diamonds"), "C": _("clubs")}
POINTS_RANGE = _("%(low)s–%(high)s points")
POINTS_LEAST = _("%(low)s or more points")
CARDS_RANGE = _("%(low)s–%(high)s %(suit)s")
CARDS_LEAST = _("%(low)s or more %(suit)s")
CARDS_MOST = _("at most %(high)s %(suit)s")
CARDS_EXACT = _("exactly %(low)s %(suit)s")
BALANCED = _("balanced")
ARTIFICIAL = _("artificial")
FORCING = _("forcing")
NOT_COVERED = _("Not part of the system")
SEPARATOR = _(", ")


_plain = plain


def points_text(points: tuple[int, int], gettext: Callable[[str], str] = _plain) -> list[str]:
    """The points a call shows, as text ([] when it shows nothing of them)."""
    low, high = points
    if (low, high) == (0, 37):
        return []
    if high >= 37:
        return [gettext(POINTS_LEAST) % {"low": low}]
    if low <= 0:
        with counted_in(gettext):
            text = ngettext("at most %(high)s point", "at most %(high)s points", high)
        return [text % {"high": high}]
    return [gettext(POINTS_RANGE) % {"low": low, "high": high}]


def meaning_render(meaning: Meaning, gettext: Callable[[str], str] = _plain) -> str:
    """The explanation of ``meaning``: its rule's label, then the points, the suit
    lengths and the flags the rule shows, in the language of ``gettext``."""
    rule = meaning.rule
    if rule is None:
        return gettext(NOT_COVERED)
    parts = [gettext(rule.label)] + points_text(meaning.hcp, gettext)
    if rule.balanced:
        parts.append(gettext(BALANCED))
    for suit in "SHDC":
        lo, hi = meaning.lengths.get(suit, (0, 13))
        if rule.balanced and (lo, hi) == (2, 5):
            continue
        values = {"low": lo, "high": hi, "suit": gettext(SUIT_NAMES[suit])}
        if lo == hi:
            parts.append(gettext(CARDS_EXACT) % values)
        elif lo > 0 and hi < 13:
            parts.append(gettext(CARDS_RANGE) % values)
        elif lo > 0:
            parts.append(gettext(CARDS_LEAST) % values)
        elif hi < 13:
            parts.append(gettext(CARDS_MOST) % values)
    if rule.artificial:
        parts.append(gettext(ARTIFICIAL))
    if rule.forcing:
        parts.append(gettext(FORCING))
    return gettext(SEPARATOR).join(parts)


def meaning_text(calls: list[str], dealer: str, call: str, gettext=_plain) -> str:
    """What ``call`` after ``calls`` (from ``dealer``) shows, as text."""
    return meaning_render(call_meaning(calls, dealer, call), gettext)


def call_explain(auction: list[tuple[str, str]], seat: str, call: str, gettext=_plain) -> str:
    """What ``call`` by ``seat`` after ``auction`` (the calls before it, as (seat, call))
    shows, in the language of ``gettext``."""
    calls = [c for _s, c in auction]
    dealer = auction[0][0] if auction else seat
    return meaning_text(calls, dealer, call, gettext)
