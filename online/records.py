"""A finished board's auction and play as a result keeps them (``Result.auction`` and
``Result.play``): the engine's calls and cards written by ``tableplay.records``, the one
reading and writing of those texts that the PBN files and the board page's replay share."""

from __future__ import annotations

from tableplay import Table
from tableplay.cards import seat_next
from tableplay.records import auction_record as _auction_text
from tableplay.records import play_record as _play_text

__all__ = ["auction_record", "play_record"]


def auction_record(table: Table) -> str:
    return _auction_text(
        table.dealer, [call.value for call in table.calls], [call.alert for call in table.calls]
    )


def play_record(table: Table) -> str:
    if not table.cards:
        return ""
    strain = table.contract.strain
    trump = strain if strain in ("S", "H", "D", "C") else None
    return _play_text(seat_next(table.declarer), [card.value for card in table.cards], trump)
