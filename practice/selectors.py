"""What a player may practise, and their sessions (``docs/rules.md`` § Robots,
*Practice*).

An event's boards may be practised once the event has finished; a scoring pool's
boards once they are retired (or the pool has closed). Team events are not offered: a
team's board is compared with one other room, not with a field. On top of that every
board passes the one visibility rule (``tournaments/selectors/visibility.py``), so a
board the player may not see yet is never dealt to them.
"""

from __future__ import annotations

from django.db.models import Count, Q

from accounts.models import User
from tournaments.formats import format_for
from tournaments.models import Board, Event
from tournaments.selectors.visibility import boards_hidden

from .models import PracticeBoard, PracticeSession

#: At most this many boards in one session (the first ones, by number, when none named).
MAX_BOARDS = 36


def practice_offered(event: Event) -> bool:
    """Whether the event's boards may be practised at all (no query)."""
    fmt = format_for(event)
    if fmt.results_file == "teams":
        return False
    return event.status == Event.Status.FINISHED or fmt.scores_on_arrival


def practice_boards(*, user: User, event: Event) -> list[Board]:
    """The boards of ``event`` ``user`` may practise now, by number (two or three
    queries): dealt, visible to the user, and past play (retired, in a pool)."""
    if not practice_offered(event):
        return []
    boards = Board.objects.filter(event=event).exclude(deal="").order_by("number")
    if event.status != Event.Status.FINISHED:  # a pool still open: its retired boards
        boards = boards.filter(pool__retired=True)
    hidden = boards_hidden(user=user, event=event)
    return [b for b in boards if b.pk not in hidden]


def practice_events(*, user: User) -> list[Event]:
    """The events with boards to practise: finished pairs events and pools with retired
    boards, the latest first (a short list for the practice page)."""
    events = (
        Event.objects.filter(
            Q(status=Event.Status.FINISHED, boards__isnull=False) | Q(boards__pool__retired=True)
        )
        .distinct()
        .order_by("-start_at", "-pk")[:60]
    )
    return [e for e in events if practice_offered(e)][:30]


def sessions_of(*, user: User) -> list[PracticeSession]:
    """The user's sessions, the latest first, with how many boards are done and the
    total of their scores (one query)."""
    return list(
        PracticeSession.objects.filter(player=user)
        .select_related("event")
        .annotate(
            n_boards=Count("boards"),
            n_done=Count("boards", filter=Q(boards__status=PracticeBoard.Status.OVER)),
        )[:50]
    )


def session_get(*, user: User, session_id: int) -> PracticeSession | None:
    """The user's own session (None: no such session of theirs)."""
    return (
        PracticeSession.objects.filter(pk=session_id, player=user)
        .select_related("event", "player")
        .first()
    )


def current_board(session: PracticeSession) -> PracticeBoard | None:
    """The board in play: the first not over; the last one once all are over."""
    rows = PracticeBoard.objects.filter(session=session).select_related("board")
    return (
        rows.filter(status=PracticeBoard.Status.PLAYING).order_by("position").first()
        or rows.order_by("-position").first()
    )


def session_summary(session: PracticeSession) -> dict:
    """The session board by board (the player's result, the field's results and the
    practice score; the field only of boards played, so it spoils nothing) and the
    total: three queries."""
    from .scoring import fields_of, points_text, session_total

    rows = list(PracticeBoard.objects.filter(session=session).select_related("board"))
    over = [r for r in rows if r.status == PracticeBoard.Status.OVER]
    fields = fields_of(r.board_id for r in over)
    method = session.event.method
    boards = []
    for r in rows:
        done = r.status == PracticeBoard.Status.OVER
        boards.append(
            {
                "row": r,
                "number": r.board.number,
                "done": done,
                "text": points_text(r.points, method) if done else "",
                "field": fields.get(r.board_id, []) if done else [],
            }
        )
    total = session_total([r.points for r in over if r.points is not None], method)
    return {
        "boards": boards,
        "done": len(over),
        "left": len(rows) - len(over),  # the page lists the played boards, and counts these
        "total": total,
        "total_text": points_text(total, method) if total is not None else "",
        "matchpoints": method == Event.Method.MP,
        "datum_imps": method == Event.Method.IMP,
    }
