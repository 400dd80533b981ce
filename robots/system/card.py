"""The robots' system card (docs/rules.md § Robots, *Its bidding system*): every rule of
:mod:`robots.system.rules`, in its order, as the page and the API show it. Built from the
same data the robots bid and explain by, in the language of the ``gettext`` it is given;
with their leads and signals (docs/rules.md § Robots, *Its leads and signals*: the rules
of :mod:`robots.lead` and :mod:`robots.signals`)."""

from __future__ import annotations

import re
from collections.abc import Callable

from django.utils.translation import ngettext

from robots.explain import points_text
from robots.system.base import Rule
from robots.system.checks import CHECKS, CONTEXTS
from robots.system.labels import NAME, _, counted_in, plain
from robots.system.rules import SECTIONS

__all__ = ["system_card"]


OPENING = _("(first call)")
CHEAPEST = _("the cheapest bid in %(suit)s")
JUMP = _("a jump in %(suit)s")
CHEAPEST_NT = _("the cheapest no trump")
NEXT_STEP = _("the next step")
A_SUIT = _("a suit")
THE_FIT = _("the fit")
SHORTNESS = _("counting shortness")
LENGTH = _("counting length")
TOTAL = _("%(low)s or more points between the two hands")
TOTAL_RANGE = _("%(low)s–%(high)s points between the two hands")
CARDS = _("%(low)s–%(high)s cards in %(suit)s")
CARDS_LEAST = _("%(low)s or more cards in %(suit)s")
FIT = _("%(count)s or more cards of it between the two hands")
BALANCED = _("balanced")
LONGEST = _("the longest such suit")
KEYS = {
    "their": _("each of their suits"),
    "unbid": _("each unbid suit"),
    "unbid_majors": _("each unbid major"),
    "S": _("spades"),
    "H": _("hearts"),
    "D": _("diamonds"),
    "C": _("clubs"),
}
LEGEND = _(
    "M: a major; m: a minor; x, y, z: a suit named earlier in the auction; O: their last"
    " suit; P: pass; X: double."
)

#: The card play's section: what the robots lead and signal (robots/lead.py,
#: robots/signals.py say the same in code).
PLAY_TITLE = _("Leads and signals")
PLAY = (
    (
        _("Opening lead against no trumps"),
        _(
            "Partner's suit (four or more cards shown); else the longest suit the"
            " opponents have not shown, the weaker of equal ones."
        ),
    ),
    (
        _("Opening lead against a suit"),
        _(
            "Partner's suit; else ace-king or a sequence of touching honours, a side-suit"
            " singleton, small cards, a suit headed by a king or a queen, in that order; a"
            " suit the opponents have shown only when no other is left; never a card under"
            " an ace (the ace is led)."
        ),
    ),
    (
        _("The card led"),
        _(
            "The ace from ace-king; top of a sequence (KQJ, QJT, JT9, KQT; against a suit"
            " also KQ, QJ, JT); top of an interior sequence (AQJ, AJT, KJT, KT9, QT9: the"
            " second card); top of a doubleton or of three small cards; the lowest from"
            " three to an honour; else fourth best."
        ),
    ),
    (
        _("Returning partner's suit"),
        _(
            "A defender on lead returns the suit its partner led first, unless its analysis"
            " rates it more than a tenth of a trick below the best card."
        ),
    ),
    (
        _("Attitude"),
        _(
            "On partner's lead and on a discard: a high spot card encourages (an ace, a"
            " king or a queen in the suit), the lowest discourages."
        ),
    ),
    (
        _("Count"),
        _(
            "On declarer's lead: high-low shows an even number of cards in the suit, the"
            " lowest an odd number."
        ),
    ),
    (
        _("Which cards signal"),
        _(
            "A defender's spot card (2 to 9) that does not win the trick. A robot signals"
            " among the cards its analysis rates equal, and reads its partner's signals"
            " (declarer reads the defenders') in the layouts it samples, as a preference,"
            " not a certainty."
        ),
    ),
)


def _auction(rule: Rule, gettext: Callable[[str], str]) -> str:
    if rule.when.startswith("@"):
        return gettext(CONTEXTS[rule.when[1:]][1])
    if not rule.when:
        return gettext(OPENING)
    text = re.sub(r"\(\?P<(\w)>[^)]*\)", r"\1", rule.when)
    text = re.sub(r"\(\?!\(\?P=\w\)\)", "", text)
    text = re.sub(r"\(\?:([^)]*)\)\?", r"(\1)", text)
    text = re.sub(r"\[([^\]]+)\]", lambda m: "/".join(m.group(1)), text)
    return re.sub(r"\{(\w)\}", r"\1", text)


def _suit_word(var: str, gettext) -> str:
    return gettext(A_SUIT) if var == "s" else gettext(THE_FIT) if var == "T" else var


def _call(rule: Rule, gettext) -> str:
    call = rule.call
    if call == "cNT":
        return gettext(CHEAPEST_NT)
    if call == "@qask":
        return gettext(NEXT_STEP)
    found = re.fullmatch(r"([cj1-7])\{(\w)\}", call)
    if not found:
        return call
    kind, var = found.groups()
    if kind == "c":
        return gettext(CHEAPEST) % {"suit": _suit_word(var, gettext)}
    if kind == "j":
        return gettext(JUMP) % {"suit": _suit_word(var, gettext)}
    return kind + (var if var not in ("s", "T") else " + " + _suit_word(var, gettext))


def _conditions(rule: Rule, gettext) -> list[str]:
    parts = points_text(rule.hcp, gettext)
    if rule.total is not None:
        total_low, total_high = (int(round(v)) for v in rule.total)
        template = TOTAL if total_high >= 40 else TOTAL_RANGE
        parts.append(gettext(template) % {"low": total_low, "high": total_high})
    if rule.dist:
        parts.append(gettext(SHORTNESS))
    if rule.long:
        parts.append(gettext(LENGTH))
    if rule.balanced:
        parts.append(gettext(BALANCED))
    for key, lo, hi in rule.lengths:
        name = gettext(KEYS[key]) if key in KEYS else _suit_word(key, gettext)
        values = {"low": lo, "high": hi, "suit": name}
        if lo > 0 and hi < 13:
            parts.append(gettext(CARDS) % values)
        elif lo > 0:
            parts.append(gettext(CARDS_LEAST) % values)
        else:
            with counted_in(gettext):
                text = ngettext(
                    "at most %(high)s card in %(suit)s", "at most %(high)s cards in %(suit)s", hi
                )
            parts.append(text % values)
    if rule.fit:
        parts.append(gettext(FIT) % {"count": rule.fit})
    if rule.longest:
        parts.append(gettext(LONGEST))
    parts += [gettext(CHECKS[name][1]) for name in rule.checks]
    return parts


def system_card(gettext: Callable[[str], str] = plain) -> dict:
    """The card: the system's name, a legend, each section's rules in order, each with
    its auction, its call, what it shows and its conditions, and the card play's leads
    and signals (``play``: a title and its items, each a topic and its text)."""
    return {
        "name": gettext(NAME),
        "legend": gettext(LEGEND),
        "sections": [
            {
                "title": gettext(title),
                "rules": [
                    {
                        "auction": _auction(one, gettext),
                        "call": _call(one, gettext),
                        "meaning": gettext(one.label),
                        "conditions": _conditions(one, gettext),
                        "artificial": one.artificial,
                        "forcing": one.forcing,
                        "invitational": one.invite,
                    }
                    for one in rules
                ],
            }
            for title, rules in SECTIONS
        ],
        "play": {
            "title": gettext(PLAY_TITLE),
            "items": [{"topic": gettext(topic), "text": gettext(text)} for topic, text in PLAY],
        },
    }
