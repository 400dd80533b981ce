"""Double-dummy tables and par, computed once per board and stored."""

from __future__ import annotations

from ..deals import deal_analyse
from ..models import Board


def boards_analyse(*, board_ids: list[int]) -> int:
    """Analyse the boards that have no stored analysis yet; return how many were done."""
    boards = list(Board.objects.filter(pk__in=board_ids, dd_table__isnull=True))
    for board in boards:
        analysis = deal_analyse(board.deal, dealer=board.dealer, vulnerability=board.vulnerability)
        board.dd_table = analysis.tricks
        board.par_score = analysis.par_score
        board.par_contracts = analysis.par_contracts
    Board.objects.bulk_update(boards, ["dd_table", "par_score", "par_contracts"])
    return len(boards)
