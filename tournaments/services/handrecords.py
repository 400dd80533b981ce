"""The director's hand records of a round, before and during play (``docs/rules.md``
§ Boards): the deals to duplicate or to deal at the tables, as PBN or a printable page.

A round not seated yet has no boards; its deals are dealt ahead here, stored as the
event's preset deals (so the round, when it is seated, plays exactly these cards) and
analysed double-dummy in the background. Only the event's director gets them; players
still see a board only under the visibility rule.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User

from ..deals import deal_analyse, deal_generate
from ..dispatch import dispatch_on_commit
from ..errors import BridgeError
from ..formats import format_for
from ..interchange import BoardRecord, hands_pbn_write
from ..interchange.exports import board_record, event_record
from ..lock_objects import event_for_update
from ..models import Board, Event
from ..permissions import director_required
from .audit import log_action


def round_numbers(event: Event, number: int) -> list[int]:
    """The board numbers of round ``number``, as the event's format plays them."""
    return format_for(event).round_board_numbers(event=event, number=number)


def _check_round(event: Event, number: int) -> None:
    if not 1 <= number <= event.num_rounds:
        raise BridgeError(
            _("Round %(n)d is not a round of this event.") % {"n": number}, code="round"
        )
    if event.status in (Event.Status.FINISHED, Event.Status.CANCELLED):
        raise BridgeError(_("The event is over: use the exports."), code="finished")


def preset_conditions_get(event: Event, n: int) -> tuple[str, str]:
    """Dealer and vulnerability of board ``n`` dealt ahead: its file's (docs/rules.md
    § Files), else the board-number cycle."""
    import scoring

    given = event.settings.preset_conditions.get(str(n), {})
    return (
        given.get("dealer") or scoring.board_dealer(n),
        given.get("vulnerability") or scoring.board_vulnerability(n),
    )


def _preset_record(event: Event, n: int) -> BoardRecord:
    settings = event.settings
    analysis = settings.preset_analysis.get(str(n)) or {}
    dealer, vulnerability = preset_conditions_get(event, n)
    return BoardRecord(
        number=n,
        dealer=dealer,
        vulnerability=vulnerability,
        deal=settings.preset_deals[str(n)],
        dd_table=analysis.get("dd_table"),
        par_score=analysis.get("par_score"),
        par_contracts=analysis.get("par_contracts", ""),
    )


def round_hand_records(*, event: Event, number: int, actor: User) -> list[BoardRecord]:
    """The hand records of round ``number`` for its director: the dealt boards, or
    (before the round is seated) its deals, dealt ahead now if they were not yet."""
    director_required(user=actor, event=event)
    _check_round(event, number)
    numbers = round_numbers(event, number)
    boards = list(Board.objects.filter(event=event, number__in=numbers).order_by("number"))
    if len(boards) == len(numbers):
        return [board_record(b) for b in boards]
    with transaction.atomic():
        event = event_for_update(event.pk)
        dealt = {b.number for b in Board.objects.filter(event=event, number__in=numbers)}
        settings = event.settings
        missing = [n for n in numbers if n not in dealt and str(n) not in settings.preset_deals]
        if missing:
            for n in missing:
                settings.preset_deals[str(n)] = deal_generate()
            settings.save(update_fields=["preset_deals"])
            log_action(
                event=event, actor=actor, action="deals_ahead", round_number=number,
                data={"boards": missing},
            )  # fmt: skip
            dispatch_on_commit("tournaments.tasks.analyse_preset_deals", event.pk, missing)
    boards = {b.number: b for b in Board.objects.filter(event=event, number__in=numbers)}
    return [board_record(boards[n]) if n in boards else _preset_record(event, n) for n in numbers]


def round_hands_pbn(*, event: Event, number: int, actor: User) -> str:
    """Round ``number``'s hand records as PBN 2.1, for a dealing machine."""
    records = round_hand_records(event=event, number=number, actor=actor)
    return hands_pbn_write(event=event_record(event), boards=records)


def preset_deals_analyse(*, event_id: int, numbers: list[int]) -> int:
    """Double-dummy analysis of deals dealt ahead (a background task); kept with the
    preset deals and copied onto the boards when the round is dealt."""
    event = Event.objects.get(pk=event_id)
    deals = {n: event.settings.preset_deals.get(str(n)) for n in numbers}
    done = {}
    for n, deal in deals.items():
        if not deal or str(n) in event.settings.preset_analysis:
            continue
        dealer, vulnerability = preset_conditions_get(event, n)
        a = deal_analyse(deal, dealer=dealer, vulnerability=vulnerability)
        done[str(n)] = {
            "dd_table": a.tricks, "par_score": a.par_score, "par_contracts": a.par_contracts,
            "deal": deal,
        }  # fmt: skip
    if done:
        with transaction.atomic():
            event = event_for_update(event_id)
            settings = event.settings
            for key, value in done.items():
                if settings.preset_deals.get(key) == value["deal"]:  # still that deal
                    settings.preset_analysis[key] = value
            settings.save(update_fields=["preset_analysis"])
    return len(done)
