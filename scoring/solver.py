"""The one door to the double-dummy solver (endplay's DDS), for every caller in the house:
the robots' play and answers and their judged slams, the cut's double-dummy option, the
deals' analysis, the opening-lead analysis, the analysis of every card of the play, the
HCP-par builder and the benchmarks.

DDS keeps its working memory in the library, one slot per thread index, and endplay
always passes index 0: two threads of one process inside it at once corrupt that memory
and the process dies of a segmentation fault (docs/rules.md § Concurrency, the solver). So
each call holds a process-wide lock for as long as it is in the library, and a caller
gets a plain answer that needs the library no more. Separate processes (Celery workers,
the builder's pool) each have their own library and their own lock.

The lock is held only for one call (about 1–150 ms; a batch of :func:`solve_targets`,
up to about 0.2 s); a robot counts the wait against its
time budget like the solve itself. endplay is imported on the first call, so that
``import scoring`` stays light. (endplay's ``Deal.legal_moves`` enters DDS too: the house
does not call it outside the tests, which check that with the rest.)
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence

from scoring.notation import RANKS, SEATS

__all__ = [
    "calc_dd_table",
    "par",
    "position_deal",
    "solve_best",
    "solve_board",
    "solve_target",
    "solve_targets",
    "solver_load",
]

#: Held while a thread is inside DDS; no call into DDS is made without it.
_DDS = threading.Lock()


def solve_board(deal) -> list[tuple]:
    """[(card, tricks)]: each card the player on lead in ``deal`` (an endplay ``Deal``
    with ``first`` and ``trump`` set) may play, with the tricks its side then takes
    double dummy of the tricks left (the one being played included)."""
    from endplay import dds

    with _DDS:
        return list(dds.solve_board(deal))


def solve_best(deal) -> int:
    """The most tricks the side of the player to move in ``deal`` takes double dummy of
    the tricks left (the one being played included): DDS searches for one best card only,
    about half the time of :func:`solve_board`'s every card (the analysis of the play)."""
    from endplay import dds
    from endplay.dds.solve import SolveMode

    with _DDS:
        return max((int(t) for _, t in dds.solve_board(deal, SolveMode.OptimalOne)), default=0)


def solver_load() -> None:
    """Load the library now (its first import takes about half a second), so that a
    caller that times its solves does not count the import."""
    from endplay import dds  # noqa: F401


def solve_target(deal, target: int) -> bool:
    """Whether the side of the player to move in ``deal`` can take ``target`` of the
    tricks left double dummy: DDS searches for one card reaching the target only, a few
    milliseconds on a full deal (the robots' judged slams ask it of many layouts)."""
    from endplay import dds
    from endplay.dds.solve import SolveMode

    with _DDS:
        found = dds.solve_board(deal, SolveMode.TargetOne, target)
        return any(int(t) >= target for _, t in found)


def solve_targets(deals, target: int) -> list[bool]:
    """:func:`solve_target` of each of ``deals`` in one call: DDS shares them out among
    its threads (about twice as fast on two cores)."""
    from endplay.dds.solve import SolveMode, solve_all_boards

    with _DDS:
        found = solve_all_boards(list(deals), SolveMode.TargetOne, target)
        return [any(int(t) >= target for _, t in one) for one in found]


def calc_dd_table(deal):
    """The double-dummy table of ``deal`` (an endplay ``DDTable``: tricks per strain
    and declarer)."""
    from endplay import dds

    with _DDS:
        return dds.calc_dd_table(deal)


def par(table, vul, dealer):
    """The par results of a double-dummy ``table`` (an endplay ``ParList``)."""
    from endplay import dds

    with _DDS:
        return dds.par(table, vul, dealer)


def position_deal(
    hands: Mapping[str, Sequence[str]], leader: str, trick: Sequence[str], strain: str
):
    """The endplay ``Deal`` of a position in the play, for :func:`solve_board`: ``hands``
    the cards each seat holds now ("SA", …), ``leader`` the seat that led the trick being
    played (or leads the next one), ``trick`` that trick's cards so far in order, and
    ``strain`` the contract's ("S", "H", "D", "C" or "NT"). The trick's cards are given
    back to their hands and played again, faced, on the solver's side: the one position
    the cut's double-dummy score and the robots' play and answers solve."""
    from endplay.types import Card, Deal, Denom, Player

    holding = {seat: list(hands[seat]) for seat in SEATS}
    start = SEATS.index(leader)
    for offset, card in enumerate(trick):
        holding[SEATS[(start + offset) % 4]].append(card)
    pbn = "N:" + " ".join(
        ".".join(
            "".join(sorted((c[1] for c in holding[seat] if c[0] == suit), key=RANKS.index))
            for suit in "SHDC"
        )
        for seat in SEATS
    )
    deal = Deal(pbn)
    deal.trump = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs}.get(
        strain, Denom.nt
    )
    deal.first = Player.find(leader)
    for card in trick:
        deal.play(Card(card))
    return deal
