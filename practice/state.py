"""What the player's seat is sent at a practice table: the online table's view
(``tableplay.table_view``, the one filter of what a seat may see) with the practice
board's place in the session and, once it is over, its practice score."""

from __future__ import annotations

from tableplay import Table, table_view

from .models import PracticeBoard, PracticeSession
from .scoring import points_text


def group_name(session_id: int) -> str:
    """The channel-layer group of a session's socket (``practice.consumers``)."""
    return f"practice-{session_id}"


def practice_view(session: PracticeSession, row: PracticeBoard, table: Table) -> dict:
    """The board as the player's seat may see it (the shape of online play's table view,
    docs/online-play.md, so the table page draws it), plus ``session`` and ``practice``."""
    view = table_view(table, session.seat)
    over = row.status == PracticeBoard.Status.OVER
    return {
        "event": session.event_id,
        "table": None,
        "session": session.pk,
        "board": row.board_id,
        "board_number": row.board.number,
        "seat": session.seat,
        **view,
        "ends_at": None,
        "next": _next(session, row) if over else None,
        "connected": None,
        "practice": (
            {
                "points": row.points,
                "text": points_text(row.points, session.event.method),
                "field_size": row.field_size,
            }
            if over
            else None
        ),
    }


def _next(session: PracticeSession, row: PracticeBoard) -> dict:
    """After a board: the next one of the session, or that the session is over."""
    following = (
        PracticeBoard.objects.filter(session=session, position__gt=row.position)
        .select_related("board")
        .order_by("position")
        .first()
    )
    if following is None:
        return {"round_over": True}
    return {"board": following.board_id, "board_number": following.board.number}
