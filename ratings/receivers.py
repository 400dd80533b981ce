import contextlib

from django.conf import settings
from django.dispatch import receiver

from tournaments.dispatch import dispatch_on_commit
from tournaments.errors import ConflictError
from tournaments.signals import (
    board_substituted,
    event_finished,
    player_disconnected,
    player_disconnection_cancelled,
)

from .models import SubstitutedBoard
from .services import master_points_award_event
from .services.disconnections import disconnection_cancel, disconnection_record


@receiver(event_finished, dispatch_uid="ratings.award_master_points")
def award_master_points(sender, *, event, entries, fields, **kwargs) -> None:
    master_points_award_event(event=event, entries=entries, fields=fields)


@receiver(event_finished, dispatch_uid="ratings.analyse_leads")
def analyse_leads_later(sender, *, event, **kwargs) -> None:
    if settings.RATE_ANALYSE_LEADS_ON_FINISH:
        dispatch_on_commit("ratings.tasks.analyse_leads", event.pk)


@receiver(player_disconnected, dispatch_uid="ratings.record_disconnection")
def record_disconnection(sender, *, event, player, board, reason, **kwargs) -> None:
    """The table service saw a player's disconnection on a board: its penalty, once."""
    # the director may have recorded it already: once per player and board
    with contextlib.suppress(ConflictError):
        disconnection_record(player=player, event=event, board=board, reason=reason)


@receiver(player_disconnection_cancelled, dispatch_uid="ratings.cancel_disconnection")
def cancel_disconnection(sender, *, event, player, board, **kwargs) -> None:
    disconnection_cancel(player=player, event=event, board=board)


@receiver(board_substituted, dispatch_uid="ratings.record_substituted_board")
def record_substituted_board(sender, *, player, board, table, seat, **kwargs) -> None:
    """A substitute played the board in ``player``'s seat: stored once, so the week's
    field leaves it out of their Rate (``ratings/field.py``)."""
    SubstitutedBoard.objects.get_or_create(
        player=player, board=board, defaults={"table": table, "seat": seat}
    )
