"""Every state change of a practice table (``docs/rules.md`` § Robots, *Practice*).

The player's calls, cards, claims and answers go through :func:`practice_act`; the three
robots act through :func:`practice_robot_apply` (``practice.turns``, in a Celery task).
An action is checked in this order: who asks (the session's own player, else
``not_seated``), what it is (``bad_action``), then the engine's own refusals after the
board's stored actions are replayed, with online play's codes and words
(``online.services.play_refusal``). The board's row is locked while an action is
applied (``lock_objects``); nothing of the event is written, ever.
"""

from __future__ import annotations

import logging
from datetime import datetime
from functools import partial

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import User
from online.services import play_refusal
from tableplay import DIRECTOR, SEATS, Action, Table, TableError
from tournaments.errors import BridgeError, PermissionDeniedError
from tournaments.models import Event

from .lock_objects import practice_board_for_update
from .models import PracticeBoard, PracticeSession
from .scoring import practice_score
from .selectors import MAX_BOARDS, current_board, practice_boards, session_get
from .state import practice_view

logger = logging.getLogger(__name__)

#: What the player may do at a practice table (no director: a rejected claim plays on).
PLAYER_KINDS = ("call", "card", "claim", "accept", "reject", "undo")


def board_table(row: PracticeBoard) -> Table:
    """The engine's table after the board's stored actions."""
    board = row.board
    table = Table(board.deal, board.dealer, board.vulnerability, undo_allowed=True)
    for seat, kind, value, alert in row.actions:
        table.apply(Action(kind, seat, value, alert))
    return table


def practice_robots_wake(session_id: int) -> None:
    """Have the robots of the session look at its table: a Celery task after the commit
    (in-process tasks, the demo and the tests, run it right then). A turn that fails in
    process is logged and never fails the player's request, whose action is stored: the
    player's next look at the table or the watchdog plays on (``practice.turns``)."""
    from .tasks import practice_robots_play

    if not settings.CELERY_TASK_ALWAYS_EAGER:
        from .turns import resume_hold

        resume_hold(session_id)  # the task is on its way: no look at the table resends it
        practice_robots_play.delay(session_id)
        return
    try:
        practice_robots_play(session_id)
    except Exception:  # noqa: BLE001 - the next look at the table or the watchdog resumes
        logger.exception("the robots of practice session %s failed", session_id)


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
        transaction.on_commit(partial(practice_robots_wake, session.pk))
    return session


def practice_state_get(*, user: User, session_id: int) -> dict:
    """The session's board in play (or its last one) as the player's seat sees it. A
    robot due while none plays is woken again first (``practice.turns``: nothing stays
    stuck); with in-process tasks the answer shows what the robots did."""
    from .turns import practice_robots_resume

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


def practice_apply(*, row_id: int, version: int, action: Action) -> dict:
    """Apply one action (the player's or a robot's) to a practice board under its lock
    and wake the robots after the commit; a rejected claim is followed by the table's own
    "play on". Returns the board as the player's seat sees it."""
    now = timezone.now()
    with transaction.atomic(durable=True):
        row = practice_board_for_update(row_id)
        if row.status != PracticeBoard.Status.PLAYING:
            raise play_refusal("board_over")
        table = board_table(row)
        try:
            table.apply(action, version=version)
        except TableError as error:
            raise play_refusal(error.code) from None
        moves = [action]
        if action.kind in ("call", "card"):  # as the engine reads them: "1NT", "SA"
            moves = [Action(action.kind, action.seat, table.moves[-1].value, table.moves[-1].alert)]
        if table.claim is not None and table.claim.rejected:
            # docs/rules.md § Robots, Practice: no director here; a rejected claim plays on
            table.apply(Action("rule", DIRECTOR, "play"))
            moves.append(Action("rule", DIRECTOR, "play"))
        row.actions = [*row.actions, *([m.seat, m.kind, m.value, m.alert] for m in moves)]
        row.changed_at = now
        if table.phase == "over":
            _board_end(row, table, now=now)
        row.save()
        session = row.session
        transaction.on_commit(partial(practice_robots_wake, session.pk))
    return practice_view(session, row, table)


def _board_end(row: PracticeBoard, table: Table, *, now: datetime) -> None:
    """The board is over: its result and its score against the event's field."""
    outcome = table.result
    session = row.session
    row.status = PracticeBoard.Status.OVER
    row.ended_at = now
    row.contract = outcome.contract or ""
    row.declarer = outcome.declarer or ""
    row.tricks = outcome.tricks
    row.ns_score = outcome.ns_score or 0
    score = practice_score(
        event=session.event, board=row.board, ns_score=row.ns_score, seat=session.seat
    )
    row.points = score.points
    row.field_size = len(score.field)
    row.datum = score.datum
