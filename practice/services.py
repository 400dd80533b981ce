"""The player's side of a practice table (``docs/rules.md`` § Robots, *Practice*): a
session made, looked at, and acted on.

The player's calls, cards, claims and answers go through :func:`practice_act`; the three
robots act in a Celery task (``practice.turns``); both through the one apply path,
``practice.play.practice_apply``. An action is checked in this order: who asks (the
session's own player, else ``not_seated``), what it is (``bad_action``), then the
engine's own refusals after the board's stored actions are replayed, with online play's
codes and words (``online.services.play_refusal``). Nothing of the event is written,
ever.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import User
from online.services import play_refusal
from robots.explain_api import view_call_explain
from tableplay import SEATS, Action
from tournaments.errors import BridgeError, PermissionDeniedError
from tournaments.models import Event

from .models import PracticeBoard, PracticeSession
from .play import board_table, practice_apply, session_changed_on_commit
from .receivers import practice_robots_resume
from .selectors import MAX_BOARDS, current_board, practice_boards, session_get
from .state import practice_view

#: What the player may do at a practice table (no director: a rejected claim plays on).
PLAYER_KINDS = ("call", "card", "claim", "accept", "reject", "undo")


def practice_create(
    *, user: User, event_id: int, numbers: list[int] | None = None, seat: str = "S"
) -> PracticeSession:
    """A new session of ``user`` on boards of ``event_id`` (``numbers``: which boards;
    None: every board they may practise, up to ``MAX_BOARDS``), the player in ``seat``."""
    if not user.is_authenticated or user.is_robot:
        raise PermissionDeniedError(_("Only a player may practise."), code="permission_denied")
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        error = BridgeError(_("No such event."), code="not_found")
        error.status = 404
        raise error
    if seat not in SEATS:
        raise BridgeError(_("Choose a seat: N, E, S or W."), code="bad_seat")
    boards = practice_boards(user=user, event=event)
    if numbers:
        wanted = set(numbers)
        boards = [b for b in boards if b.number in wanted]
        if len(boards) != len(wanted):
            raise BridgeError(
                _("Some of those boards cannot be practised (yet)."), code="not_practisable"
            )
    if not boards:
        raise BridgeError(_("This event has no boards to practise."), code="not_practisable")
    if len(boards) > MAX_BOARDS:
        if numbers:
            raise BridgeError(
                ngettext(
                    "At most %(n)s board a session.", "At most %(n)s boards a session.", MAX_BOARDS
                )
                % {"n": MAX_BOARDS},
                code="too_many",
            )
        boards = boards[:MAX_BOARDS]
    with transaction.atomic(durable=True):
        session = PracticeSession.objects.create(player=user, event=event, seat=seat)
        PracticeBoard.objects.bulk_create(
            PracticeBoard(session=session, board=b, position=i) for i, b in enumerate(boards, 1)
        )
        session_changed_on_commit(session.pk)  # the robots to act first, if any
    return session


def practice_state_get(*, user: User, session_id: int) -> dict:
    """The session's board in play (or its last one) as the player's seat sees it. A
    robot due while none plays is woken again first (``practice.receivers``: nothing stays
    stuck); with in-process tasks the answer shows what the robots did."""
    session = _session(user, session_id)
    row = current_board(session)
    table = board_table(row)
    if practice_robots_resume(session, row, table):
        row = current_board(session)
        table = board_table(row)
    return practice_view(session, row, table)


def session_for(*, user: User, session_id: int) -> PracticeSession:
    """The user's own session (another's: ``not_seated``; none: ``not_found``)."""
    return _session(user, session_id)


def _session(user: User, session_id: int) -> PracticeSession:
    """The user's own session; another player's is refused ``not_seated`` (403, as a
    seat at another table), before anything about it is said; none: ``not_found``."""
    session = session_get(user=user, session_id=session_id) if user.is_authenticated else None
    if session is not None:
        return session
    if PracticeSession.objects.filter(pk=session_id).exists():
        raise play_refusal("not_seated")
    error = play_refusal("not_found")
    error.message = _("No such practice table.")
    raise error


def practice_act(
    *, user: User, session_id: int, version: int, kind: str, value="", alert: str = ""
) -> dict:
    """The player's call, card, claim, answer or undo on the session's board in play;
    returns the board as their seat sees it after the action."""
    session = _session(user, session_id)  # who asks, before anything else
    if kind not in PLAYER_KINDS:
        raise play_refusal("bad_action")
    value = str(value).strip()[:8] if isinstance(value, str | int) else ""
    alert = alert.strip()[:500] if isinstance(alert, str) else ""
    row = current_board(session)
    practice_apply(row_id=row.pk, version=version, action=Action(kind, session.seat, value, alert))
    # the board as it stands now: with in-process tasks the robots have answered already
    row = PracticeBoard.objects.select_related("board").get(pk=row.pk)
    return practice_view(session, row, board_table(row))


def practice_call_explain(*, user: User, session_id: int, index: int) -> dict:
    """What the ``index``-th call of the board in play shows, when a robot (any seat but
    the player's) made it: online play's rule of asking (``view_call_explain``)."""
    session = _session(user, session_id)
    view = practice_state_get(user=user, session_id=session_id)
    return view_call_explain(view, index, robots=set(SEATS) - {session.seat})
