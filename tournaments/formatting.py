"""Plain-text formatting of stored values, shared by the pages of every app.

``tournaments.views.display`` builds the HTML fragments on top of these; other apps
(``ratings``) import from here, never from ``tournaments.views``.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .models import Event, Result

DASH = "–"


def points_text(value: float | None, method: str, *, total: bool = False) -> str:
    """IMPs with two decimals; matchpoints as a percentage; None (cut board) as a dash."""
    if value is None:
        return DASH
    if method == Event.Method.MP:
        return f"{value:.2f}%" if total else f"{value:.1f}"
    if method == Event.Method.IMP and not total and float(value).is_integer():
        return f"{value:.0f}"
    return f"{value:.2f}"


def more_minutes_text(minutes: int) -> str:
    """The director's message after extending the round: "1 more minute", "5 more
    minutes" (plural forms of the reader's language)."""
    return ngettext(
        "The round has %(n)d more minute.", "The round has %(n)d more minutes.", minutes
    ) % {"n": minutes}


def result_words(snapshot: dict) -> str:
    """A stored result (its fields as a dict, as the audit trail keeps them) as players
    say it: "4S by N, 10 tricks, lead HA (NS +420)", "passed out", "not played", "an
    adjusted score (A+/A-)"; an empty dict is "no result"."""
    status = snapshot.get("status")
    if not snapshot:
        return _("no result")
    if status == Result.Status.CUT:
        return _("not played")
    if status == Result.Status.ADJUSTED:
        codes = f"{snapshot.get('ns_adjustment') or DASH}/{snapshot.get('ew_adjustment') or DASH}"
        return f"{_('an adjusted score')} ({codes})"
    if snapshot.get("contract") == "PASS":
        return _("passed out")
    tricks = snapshot.get("tricks") or 0
    text = ngettext("%(c)s by %(d)s, %(t)d trick", "%(c)s by %(d)s, %(t)d tricks", tricks) % {
        "c": snapshot.get("contract"),
        "d": snapshot.get("declarer"),
        "t": tricks,
    }
    if snapshot.get("lead"):
        text += _(", lead %(l)s") % {"l": snapshot["lead"]}
    score = snapshot.get("ns_score")
    return f"{text} (NS {score:+d})" if score else f"{text} (NS 0)"


def left_out_text(line: dict) -> str:
    """A line of a file left out of its import, in words: where it is, then why."""
    where = [_("Board %(n)s") % {"n": line.get("board")}]
    if line.get("section"):
        where.append(_("section %(s)s") % {"s": line["section"]})
    if line.get("round") is not None:
        where.append(_("round %(n)s") % {"n": line["round"]})
    if line.get("table") is not None:
        where.append(_("table %(n)s") % {"n": line["table"]})
    if line.get("ns") or line.get("ew"):
        where.append(
            _("NS %(ns)s, EW %(ew)s") % {"ns": line.get("ns") or "—", "ew": line.get("ew") or "—"}
        )
    return _("%(where)s was left out of the import: %(reason)s") % {
        "where": ", ".join(where),
        "reason": line.get("reason", ""),
    }
