"""An action finds the board in play through its ``BoardPlay`` (one locked query), and
gives the board ``table_boards_get`` gives, also when a result was typed for the board
in play (the table moves past it, as before)."""

from __future__ import annotations

import pytest

from online.models import BoardPlay, PlayAction
from online.selectors import table_boards_get
from tests.factories.tournaments import ResultFactory
from tournaments.models import Table

pytestmark = pytest.mark.django_db


def _where(online):
    return table_boards_get(
        table=Table.objects.select_related("round__event").get(pk=online.table.pk)
    )


def test_the_board_in_play_takes_the_action(online):
    first = online.engine()
    online.act(first.to_play, "call", "1C")
    online.act(online.engine().to_play, "call", "P")
    play = BoardPlay.objects.get(table=online.table)
    assert play.board == _where(online).current
    assert list(play.actions.order_by("seq").values_list("value", flat=True)) == ["1C", "P"]
    # the board's version is its start's plus its actions (the one-write path writes
    # only the action's row: online.live)
    assert play.base_version == first.version
    assert play.base_version + play.actions.count() == first.version + 2


def test_a_result_typed_for_the_board_in_play_moves_the_table_past_it(online):
    online.act(online.engine().to_play, "call", "1C")
    started = BoardPlay.objects.get(table=online.table)
    version = started.version
    ResultFactory(table=online.table, board=started.board)
    where = _where(online)
    assert where.current is not None and where.current != started.board
    # the next action goes to the board table_boards_get names, not the one in play
    online.act(online.engine().to_play, "call", "1D")
    following = BoardPlay.objects.get(table=online.table, board=where.current)
    assert [a.value for a in following.actions.order_by("seq")] == ["1D"]
    # with two boards in play at the table, the one with no result keeps taking them
    online.act(online.engine().to_play, "call", "P")
    assert following.actions.count() == 2
    assert PlayAction.objects.filter(play=started).count() == 1
    started.refresh_from_db()
    assert started.status == BoardPlay.Status.PLAYING and started.version == version
    assert _where(online).current == where.current
