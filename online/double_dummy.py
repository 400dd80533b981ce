"""A board cut during the play, scored double dummy (``docs/rules.md`` § Online play, the
clock: a director setting, *default* off): the declaring side's tricks are the tricks it
has already won plus what double-dummy play of the rest gives it, from the position the
cut stopped: the cards still in the hands, the trick being played with its cards faced,
and the seat whose card is next.

No Django; the solver is endplay's DDS, entered through ``scoring.solver`` (one thread at
a time), which is why this lives beside the services and not in the pure engine
(``tableplay`` imports no endplay).
"""

from __future__ import annotations

from scoring.solver import position_deal, solve_board
from tableplay.cards import seat_next, side
from tableplay.engine import BoardResult, Table

__all__ = ["cut_result_double_dummy", "cut_tricks_double_dummy"]


def cut_tricks_double_dummy(table: Table) -> int | None:
    """The declaring side's tricks for the whole board, after the tricks it has won, the
    rest played double dummy; None when the board has no contract to play (cut in the
    auction, or passed out)."""
    contract = table.contract
    if contract is None or contract.is_passed_out or table.declarer is None:
        return None
    declaring = side(table.declarer)
    won = table.tricks_won(declaring)
    left = table.tricks_left
    if left == 0:
        return won
    trick = table.current_trick
    if trick:
        leader = trick[0][0]
    else:  # the last trick's winner, or declarer's left-hand opponent to the opening lead
        leader = table.trick_winners[-1] if table.trick_winners else seat_next(table.declarer)
    # the trick's cards faced: out of the hands, onto the trick
    deal = position_deal(table.remaining, leader, [card for _, card in trick], contract.strain)
    next_seat = seat_next(leader, len(trick))
    best = max((score for _card, score in solve_board(deal)), default=0)
    # ``best``: the tricks of the side whose card is next, of the tricks left (the one
    # being played included).
    return won + (best if side(next_seat) == declaring else left - best)


def cut_result_double_dummy(table: Table) -> BoardResult | None:
    """The board's result scored double dummy, as a played board's (status ``"cut_dd"``),
    or None when there is nothing to score that way (no contract)."""
    tricks = cut_tricks_double_dummy(table)
    if tricks is None:
        return None
    return table._result("cut_dd", tricks)
