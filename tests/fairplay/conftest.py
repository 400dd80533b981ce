"""Analysed boards built by hand: results with their play and each card's cost
(``analysis.BoardAnalysis``), as the worker stores them.

The factories' deal gives North the spades, East the hearts, South the diamonds and
West the clubs, so two tricks of aces and kings are a legal play:

* ``PLAY_N``, 4S by North, East leads: the cards' seats are E S W N | N E S W;
* ``PLAY_E``, 4H by East, South leads: S W N E | E S W N.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache

from analysis.models import BoardAnalysis
from tests.factories import EntryFactory, EntryMemberFactory, ResultFactory


@pytest.fixture(autouse=True)
def _empty_cache():
    """The robots' weekly figures are cached, and ids repeat from one test to the next."""
    cache.clear()
    yield
    cache.clear()


PLAY_N = "E:HA DA CA SA HK DK CK SK"
PLAY_E = "S:DA CA SA HA DK CK SK HK"


def analysed(table, board, *, declarer="N", costs, ns_score=None, **kwargs):
    """A played result of ``board`` at ``table`` with its cards' ``costs``."""
    contract, play = ("4S", PLAY_N) if declarer == "N" else ("4H", PLAY_E)
    if ns_score is None:
        ns_score = 420 if declarer == "N" else -420
    result = ResultFactory(
        table=table, board=board, contract=contract, declarer=declarer, tricks=10,
        lead=play[2:4], ns_score=ns_score, play=play, **kwargs,
    )  # fmt: skip
    BoardAnalysis.objects.create(result=result, card_costs=list(costs))
    return result


def pair(event, first=None, second=None):
    """A confirmed pair of ``event`` (new players unless given): its entry."""
    entry = EntryFactory(event=event)
    for position, player in ((1, first), (2, second)):
        extra = {"player": player} if player is not None else {}
        EntryMemberFactory(entry=entry, position=position, **extra)
    return entry
