"""The playing table's page: a shell that ``online/static/online/table.js`` fills from the
table's messages (docs/online-play.md), over the WebSocket or, when that fails, by
polling the REST door every 2 s.

Who may open it (docs/rules.md § Online play): a player holding one of the table's seats,
and the event's director (who watches it as a spectator: the whole table). Anyone else
gets a 403, before anything of the table is read.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, render
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from tournaments.formats import format_for
from tournaments.models import Table
from tournaments.timezones import zone_label

from .chat import CHAT_MAX_CHARS
from .extensions import seat_notice, table_looked_at
from .seats import seat_names, seat_players
from .selectors import table_seat_get, table_watch_refusal


def _made(n: int) -> str:
    return ngettext(
        "%(contract)s by %(seat)s, %(n)s trick", "%(contract)s by %(seat)s, %(n)s tricks", n
    )


def _minutes_left(n: int) -> str:
    return ngettext("%(n)s minute left in the round.", "%(n)s minutes left in the round.", n)


def _explain_url(event_id: int, table_id: int) -> str | None:
    """Where an opponent asks what a robot's call shows (the robots app's endpoint;
    None without it)."""
    try:
        return reverse("api-table-explain", args=[event_id, table_id])
    except NoReverseMatch:
        return None


def _strings() -> dict[str, str]:
    """Every text the script shows, translated here (the catalogue is the site's)."""
    return {**_table_strings(), **_action_strings(), **_error_strings()}


def _table_strings() -> dict[str, str]:
    """The table and the bidding box."""
    return {
        # seats and phases
        "N": _("North"),
        "E": _("East"),
        "S": _("South"),
        "W": _("West"),
        "you": _("You"),
        "dummy": _("Dummy"),
        "declarer": _("Declarer"),
        "your_turn": _("Your turn"),
        "your_turn_dummy": _("Your turn: play from dummy"),
        "your_turn_next": _("Your turn on board %(n)s: tap Next board"),
        "waiting_for": _("Waiting for %(seat)s"),
        "waiting_for_gone": _("Waiting for %(seat)s (disconnected)"),
        "cards_left": _("Cards left: %(n)s"),
        "disconnected": _("disconnected"),
        "board": _("Board %(n)s"),
        "dealer": _("Dealer"),
        "vul_None": _("None vulnerable"),
        "vul_NS": _("NS vulnerable"),
        "vul_EW": _("EW vulnerable"),
        "vul_All": _("All vulnerable"),
        "by": _("by %(seat)s"),
        "tricks": _("Tricks"),
        "passed_out": _("Passed out"),
        "auction": _("Auction"),
        "trick": _("Trick %(n)s"),
        # the bidding box
        "pass": pgettext("a call", "Pass"),
        "double": _("Double"),
        "redouble": _("Redouble"),
        "alert": _("Alert"),
        "alert_explain": _("Explain your call (shown to the opponents)"),
        "alerted": _("Alerted: %(text)s"),
        "no_explanation": _("(no explanation)"),
        "ask_robot": _("Ask what this robot's call shows"),
        "robot_explains": _("The robot explains: %(text)s"),
        "system_card": _("The robots' system card"),
        "C": _("Clubs"),
        "D": _("Diamonds"),
        "H": _("Hearts"),
        "SP": _("Spades"),
        "NT": _("No trump"),
    }


def _action_strings() -> dict[str, str]:
    """Claims, undo, results, the clock and the connection."""
    return {
        "claim": _("Claim"),
        "claim_how_many": _("Tricks for your side of the %(n)s left"),
        "claim_send": _("Claim %(n)s"),
        "claim_waits": _("%(seat)s claims %(n)s of the remaining tricks."),
        "claim_rejected": _("The claim is rejected: the director has been called."),
        "rule_how_many": _("Your ruling: the declaring side's tricks in all"),
        "rule_send": _("Ruling: the declaring side takes %(n)s"),
        "play_on": _("Play on"),
        "undo": _("Undo"),
        "undo_waits": _("%(seat)s asks to take back their last call or card."),
        "accept": _("Accept"),
        "reject": _("Reject"),
        "waiting_answer": _("Waiting for the opponents' answer."),
        "cancel": _("Cancel"),
        # results and moving on
        "result": _("Result"),
        "no_board": _("No board to play at this table now."),
        # counted: the script picks _one for 1, _other otherwise
        "made_one": _made(1),
        "made_other": _made(2),
        "score_ns": _("NS %(score)s"),
        "cut": _("The board was cut by the clock."),
        "next_board": _("Next board"),
        "board_ended": _("Board %(n)s is over: its result is on my table."),
        "next_is": _("Next: board %(n)s"),
        "round_over": _("The round is over."),
        "go_to_my_table": _("Go to my table"),
        "minutes_left_one": _minutes_left(1),
        "minutes_left_other": _minutes_left(2),
        "ends_at": _("Round ends at %(t)s"),
        # connection
        "connecting": _("Connecting…"),
        "live": pgettext("the table's connection", "Live"),
        "polling": _("Reconnecting… (the table refreshes every 2 s)"),
        "load_failed": _("The table could not be loaded. Retrying…"),
        "spectator": _("You are watching this table."),
        **_next_strings(),
    }


def _next_strings() -> dict[str, str]:
    """The seat names' robot mark, where a seat goes when the round is over, the chat."""
    return {
        "robot": _("robot"),
        "go_table": _("Round %(round)s: table %(table)s, %(direction)s."),
        "go_to_table": _("Go to table %(table)s"),
        "go_wait": _("Round %(round)s starts at %(time)s."),
        "go_bye": _("Round %(round)s: your pair sits out (a bye)."),
        "go_over": _("The event is over: see the standings."),
        "standings": _("Standings"),
        "back_to_pool": _("Back to the pool"),
        "chat_offline": _("Chat works while the table is live; reconnecting…"),
        "err_chat_off": _("Chat is turned off in this event."),
    }


def _error_strings() -> dict[str, str]:
    """The error codes of docs/online-play.md, in words."""
    return {
        "err_out_of_turn": _("It is not your turn."),
        "err_illegal_call": _("That call is not allowed now."),
        "err_not_in_hand": _("That card is not in the hand."),
        "err_revoke": _("You must follow suit."),
        "err_claim_too_many": _("You cannot claim more tricks than remain."),
        "err_not_yours": _("That is not yours to answer."),
        "err_board_over": _("This board is over."),
        "err_stale": _("The table had moved on; it is up to date now. Try again."),
        "err_not_seated": _("You do not hold that seat."),
        "err_round_over": _("The round is over: play has ended."),
        "err_bad_message": _("The table did not understand that."),
        "err_too_large": _("The table did not understand that."),
        "err_too_fast": _("Too fast: wait a moment and try again."),
        "err_claim_waiting": _("A claim waits for its answer."),
        "err_undo_waiting": _("A request to undo waits for its answer."),
        "err_bad_action": _("The table did not understand that."),
        "err_alert_text": _("Write what your alerted call means, or turn the alert off."),
        "err_unknown": _("That was refused."),
    }


def _refusal_text(refusal: str) -> str:
    """The table page's 403, saying why (``table_watch_refusal``)."""
    if refusal == "player":
        return _(
            "You do not sit at this table. A player of the event watches no other table "
            "while the event is on."
        )
    if refusal == "anonymous":
        return _("Log in to open this table.")
    return _(
        "Spectators may not watch this event's tables: only the table's players and the "
        "event's directors open it."
    )


@login_required
def table_page(request: HttpRequest, event_id: int, table_id: int) -> HttpResponse:
    table = get_object_or_404(
        Table.objects.select_related("event", "round"),
        pk=table_id,
        event_id=event_id,
        round__isnull=False,
    )
    event = table.event
    # Permissions first: a seat's player or the event's director, else 403 (the seat
    # rule of the REST and WebSocket doors: online.selectors).
    seat = table_seat_get(table=table, user=request.user)
    if seat is None and (notice := seat_notice(request, table)):  # e.g. a robot plays it
        return render(
            request, "online/table_notice.html", {"event": event, "table": table, "notice": notice}
        )
    if seat is None and (refusal := table_watch_refusal(table=table, user=request.user)):
        raise PermissionDenied(_refusal_text(refusal))
    if not event.online_play:
        raise Http404(_("This event is not played online."))
    table_looked_at(table)  # e.g. robots that stopped play on
    ends_at = table.round.ends_at if table.round_id else None
    players = seat_names(seat_players(event, [table])[table.pk])
    config = {
        "event": event.pk,
        "table": table.pk,
        "seat": seat,
        "api": reverse("api-table-play", args=[event.pk, table.pk]),
        "explain": _explain_url(event.pk, table.pk),
        "system_card": reverse("robots:system"),  # docs/rules.md § Robots
        "ws": f"/ws/events/{event.pk}/tables/{table.pk}/",  # online/routing.py
        "csrf": get_token(request),
        "my_table": reverse("tournaments:my_table", args=[event.pk]),
        "time_zone": event.time_zone,
        "zone_label": zone_label(event.time_zone, ends_at or timezone.now()),
        "names": {seat: row["name"] for seat, row in players.items()},
        "players": players,  # as the table's view says it (docs/online-play.md)
        "strings": _strings(),
    }
    # docs/rules.md § Online play, chat: the table's four players only, when it is on
    chat = seat is not None and event.chat_allowed
    context = {"event": event, "table": table, "seat": seat, "ends_at": ends_at}
    if seat is not None:  # typed entry: the director's fallback, behind a link
        context["typed_entry"] = reverse(format_for(event).my_table_entry_url, args=[event.pk])
    context.update(config=config, chat=chat, chat_max=CHAT_MAX_CHARS)
    return render(request, "online/table.html", context)
