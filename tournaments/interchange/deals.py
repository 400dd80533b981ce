"""The deal import (``docs/rules.md`` § Files): a PBN file's deals become the event's
preset boards, with the file's dealer and vulnerability where they differ from the
board-number cycle. The PBN text is read by the pure ``pbn`` codec; this module checks
every game, and stores the deals in one transaction, all or nothing.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

import scoring
from accounts.models import User

from ..deals import DealError, deal_validate
from ..errors import BridgeError, ConflictError
from ..formats import format_for
from ..lock_objects import event_for_update
from ..models import Event, Round
from ..numbers import ascii_int
from ..permissions import director_required
from ..services.audit import log_action
from .pbn import PbnError, dealer_parse, pbn_parse, vulnerability_parse
from .rows import deal_problem, problems_text


def _deals_read(text: str, boards_total: int) -> tuple[dict[int, str], dict[int, dict]]:
    """Board number → deal from PBN text, and the file's dealer and vulnerability where
    they differ from the cycle; one BridgeError listing every problem, grouped.

    A results file repeats a board's deal once per table: the same deal under a number
    is one board, a different deal is refused (docs/rules.md § Files).
    """
    try:
        games = pbn_parse(text)
    except PbnError as exc:
        raise BridgeError(_("Not a PBN file: %(error)s") % {"error": exc}, code="pbn") from exc
    deals: dict[int, str] = {}
    conditions: dict[int, dict] = {}
    problems: list[tuple[int | None, str]] = []
    codes: list[str] = []

    def problem(code: str, number: int | None, message: str) -> None:
        codes.append(code)
        problems.append((number, message))

    for game in games:
        if "Deal" not in game.tags:
            continue
        board = game.tags.get("Board", "").strip()
        number = ascii_int(board, signed=False)
        if number is None:
            message = (
                _("The deal of the game at line %(line)d has no board number.")
                if not board
                else _(
                    "The game at line %(line)d has board “%(board)s”: a board number is "
                    "written with the digits 0-9."
                )
            )
            problem("board_number", None, message % {"line": game.line, "board": board})
            continue
        if not 1 <= number <= boards_total:
            problem(
                "board_number", number,
                _("this event has boards 1 to %(total)d.") % {"total": boards_total},
            )  # fmt: skip
            continue
        try:
            deal = deal_validate(game.tags["Deal"])
        except DealError as error:
            problem("bad_deal", number, deal_problem(error) + ".")
            deals.setdefault(number, "")  # seen: a second copy is no new board
            continue
        if number in deals:
            if deals[number] and deals[number] != deal:
                problem("duplicate_board", number, _("two different deals have this number."))
            continue
        deals[number] = deal
        found = _conditions_read(game.tags, number)
        if isinstance(found, str):
            problem("bad_conditions", number, found)
        elif found:
            conditions[number] = found
    if problems:
        raise BridgeError(problems_text(problems), code=codes[0])
    if not deals:
        raise BridgeError(_("The file has no deals."), code="no_deals")
    return deals, conditions


def _conditions_read(tags: dict[str, str], number: int) -> dict | str:
    """The game's [Dealer] and [Vulnerable] where they differ from board ``number``'s
    cycle (``{}``: as the cycle, or not given); a message when one is unreadable."""
    found = {}
    dealer_text, vul_text = tags.get("Dealer", "").strip(), tags.get("Vulnerable", "").strip()
    if dealer_text:
        dealer = dealer_parse(dealer_text)
        if dealer is None:
            return _("the dealer “%(dealer)s” is not N, E, S or W.") % {"dealer": dealer_text}
        if dealer != scoring.board_dealer(number):
            found["dealer"] = dealer
    if vul_text:
        vulnerability = vulnerability_parse(vul_text)
        if vulnerability is None:
            return _("the vulnerability “%(vul)s” is not None, NS, EW or All.") % {"vul": vul_text}
        if vulnerability != scoring.board_vulnerability(number):
            found["vulnerability"] = vulnerability
    return found


def event_deals_import(*, event: Event, text: str, actor: User | None = None) -> dict[str, str]:
    """Store the deals of a PBN file as the event's boards: ``{board number: deal}``.

    All or nothing: any bad deal, board number outside the event or two different deals
    under one number refuse the whole file (the same deal repeated, once per table of a
    results file, is one board). The file's dealer and vulnerability are kept where they
    differ from the board-number cycle. Boards missing from the file are shuffled as usual. Refused
    once round 1 has started (dealt boards never change). ``actor`` None: a command.
    """
    with transaction.atomic(durable=True):
        event = event_for_update(event.pk)
        if actor is not None:
            director_required(user=actor, event=event)
        if (
            event.status != Event.Status.REGISTRATION
            or event.current_round > 0
            or Round.objects.filter(event=event).exists()
        ):
            raise ConflictError(
                _("Round 1 has started: the deals can no longer change."), code="started"
            )
        deals, conditions = _deals_read(text, format_for(event).boards_numbered(event=event))
        settings = event.settings
        settings.preset_deals = {str(n): deals[n] for n in sorted(deals)}
        settings.preset_conditions = {str(n): conditions[n] for n in sorted(conditions)}
        settings.save(update_fields=["preset_deals", "preset_conditions"])
        log_action(
            event=event, actor=actor, action="deals_import",
            data={"boards": sorted(deals), "conditions": sorted(conditions)},
        )  # fmt: skip
    return settings.preset_deals
