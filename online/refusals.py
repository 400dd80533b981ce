"""What a player is told when online play refuses an action (the codes of
docs/online-play.md), and the error each refusal raises."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from tournaments.errors import BridgeError, ConflictError, PermissionDeniedError

#: What a player is told for each refusal (the codes of docs/online-play.md).
REFUSALS = {
    "out_of_turn": _("It is not your turn."),
    "illegal_call": _("That call is not allowed now."),
    "not_in_hand": _("That card is not in the hand."),
    "revoke": _("You must follow suit."),
    "claim_too_many": _("You cannot claim more tricks than remain."),
    "not_yours": _("That is not yours to answer."),
    "board_over": _("This board is over."),
    "stale": _("The table has changed since you last saw it: look again."),
    "not_seated": _("You do not sit at this table in that seat."),
    "round_over": _("The round has ended: no more play at this table."),
    "claim_waiting": _("A claim is waiting for its answer."),
    "undo_waiting": _("An undo is waiting for its answer."),
    "undo_off": _("Undo is turned off in this event."),
    "nothing_to_undo": _("Only your own last call or card can be taken back."),
    "nothing_to_answer": _("Nothing is waiting for an answer."),
    "bad_action": _("That is not an action of the table."),
    "bad_message": _("That message is not understood."),
    "not_found": _("No such table in this event."),
    "not_online": _("This event is played at physical tables: enter the results on my-table."),
    "already_answered": _("You have answered this already."),
    "undo_shown": _(
        "That cannot be taken back: what was shown after it (dummy, a claimer's hand) stays shown."
    ),
}
#: Refusals about the table's state, not the request itself: 409 in the API.
CONFLICTS = {"stale", "board_over", "round_over", "not_online"}


def play_refusal(code: str) -> BridgeError:
    """The service's error for a refusal ``code`` (a 4xx of the API, an ``error``
    message of the WebSocket)."""
    message = str(REFUSALS.get(code, REFUSALS["bad_action"]))
    if code == "not_seated":
        return PermissionDeniedError(message, code=code)
    if code in CONFLICTS:
        return ConflictError(message, code=code)
    if code == "not_found":
        error = BridgeError(message, code=code)
        error.status = 404
        return error
    return BridgeError(message, code=code)
