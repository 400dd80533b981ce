"""The event log in words (``EventLog`` rows as translated sentences, not codes)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..formatting import left_out_text, result_words
from ..selectors.events import LEFT_OUT_ACTION


def _sentences() -> dict:
    """Each action's sentence; its ``%(name)s`` fields come from the row's data."""
    return {
        "event_create": _("The event was created."),
        "event_edit": _("The event's settings were changed."),
        "event_cancel": _("The event was cancelled."),
        "round_open": _("Round %(round)s was seated and started."),
        "round_close": _("Round %(round)s closed; unplayed boards were cut."),
        "round_extend": _("Round %(round)s was extended."),
        "event_pause": _("The clock was paused."),
        "event_resume": _("The clock was resumed."),
        "event_finish": _("The event finished and the results were published."),
        "start_failed": _("The event could not start: %(reason)s"),
        "entry_add": _("The director entered a pair."),
        "entry_withdraw": _("A pair withdrew."),
        "entry_reinstate": _("A withdrawn pair was taken back."),
        "entry_sit_out": _("A pair was set to sit out, or back in."),
        "team_enter": _("A team was entered."),
        "lineup_submit": _("A line-up was handed in for round %(round)s."),
        "board_unlock": _("Board %(board)s was confirmed at table %(table)s."),
        "board_not_played": _("Board %(board)s was reported not played at table %(table)s."),
        "result_dispute": _("Board %(board)s at table %(table)s is disputed: “%(reason)s”"),
        "result_correct": _("The director corrected board %(board)s at table %(table)s."),
        "deals_import": _("The director loaded the deals from a PBN file."),
        "deals_ahead": _("Round %(round)s was dealt ahead for the hand records."),
        "hcp_par_table": _("The director changed the HCP-par expected-score table."),
        "entry_disconnection": _("A pair's disconnection was recorded: 20 IMPs off."),
        "entry_disconnection_undo": _("A pair's disconnection was taken back."),
        "online_claim_ruled": _(
            "The director ruled a claim at table %(table)s, board %(board)s: %(tricks)s."
        ),
        "online_substitute": _(
            "At table %(table)s, %(player)s took seat %(seat)s in place of %(replaced)s."
        ),
        "online_disconnection_cancel": _(
            "The director cancelled %(player)s's disconnection at table %(table)s, board %(board)s."
        ),
    }


#: Lines left out of an import named one by one on the page; the log has them all.
LEFT_OUT_SHOWN = 10


def left_out_more_text(more: int) -> str:
    return ngettext(
        "%(n)d more line was left out of the import: the event's log lists it.",
        "%(n)d more lines were left out of the import: the event's log lists them.",
        more,
    ) % {"n": more}


def log_sentence(row) -> str:
    """The row in words, in the active language."""
    if row.action == LEFT_OUT_ACTION:
        return left_out_text(row.data or {})
    data = {"round": row.round_number or "", **(row.data or {})}
    template = _sentences().get(row.action)
    if template is None:
        return row.action.replace("_", " ")
    try:
        text = template % {k: v for k, v in data.items()}
    except (KeyError, TypeError, ValueError):
        text = template.split("%(")[0].rstrip(" :")
    if row.action == "result_correct" and "new" in data:  # docs/rules.md § Entry and confirmation
        text = _(
            "The director corrected board %(board)s at table %(table)s: now %(new)s; "
            "before: %(old)s."
        ) % {
            "board": data.get("board", ""),
            "table": data.get("table", ""),
            "new": result_words(data["new"]),
            "old": result_words(data.get("old") or {}),
        }
        if data.get("reason"):
            text += " " + _("Reason: “%(reason)s”") % {"reason": data["reason"]}
    if row.action == "round_close" and data.get("cut"):
        text += " " + ngettext("%(n)d board was cut.", "%(n)d boards were cut.", data["cut"]) % {
            "n": data["cut"]
        }
    return text
