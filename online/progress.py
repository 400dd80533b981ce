"""Where the board in play at each of many tables stands, for the director's page of the
event (``tournaments.extensions.board_in_play_readers``; ``docs/rules.md`` § Online
play, the director): the auction, the play and its trick, or a claim waiting. Two
queries whatever the number of tables; each board is replayed by the engine."""

from __future__ import annotations

from tournaments.extensions import BoardInPlay

from .models import BoardPlay, PlayAction
from .state import snapshot_table


def boards_in_play_read(*, event, tables) -> dict[int, BoardInPlay]:
    plays = list(
        BoardPlay.objects.filter(table__in=tables, status=BoardPlay.Status.PLAYING)
        .select_related("board")
        .order_by()
    )
    actions: dict[int, list] = {}
    for play_id, seat, kind, value, alert in (
        PlayAction.objects.filter(play__in=plays)
        .order_by("play_id", "seq")
        .values_list("play_id", "seat", "kind", "value", "alert")
    ):
        actions.setdefault(play_id, []).append([seat, kind, value, alert])
    found = {}
    for play in plays:
        acts = actions.get(play.pk, [])
        board = play.board
        engine = snapshot_table(
            {
                "deal": board.deal, "dealer": board.dealer, "vulnerability": board.vulnerability,
                "undo_allowed": event.undo_allowed, "base_version": play.base_version,
                "actions": acts,
            }
        )  # fmt: skip
        if engine.claim is not None:
            phase, trick = "claim", 0
        elif engine.phase == "play":  # the trick being played, as the console counts it
            phase, trick = "play", min(len(engine.trick_winners) + 1, 13)
        else:
            phase, trick = engine.phase, 0
        found[play.table_id] = BoardInPlay(board_id=board.pk, phase=phase, trick=trick)
    return found
