"""A board's auction and play as the PBN standard writes them (the ``Result.auction``
and ``Result.play`` texts the importers store): pure, from the engine's table.

- auction: the dealer, ":", then the calls in order ("Pass", "X", "XX", "1NT"), and
  "AP" when the last three passes close it ("N:1C Pass 1NT AP");
- play: the opening leader, ":", then each trick's cards in seat order from the opening
  leader round the table (not in the order played), "-" for a card not played
  ("W:HT H2 HQ HA ...").
"""

from __future__ import annotations

from tableplay import Table
from tableplay.cards import seat_next

PBN_CALL = {"P": "Pass"}


def auction_record(table: Table) -> str:
    calls = [PBN_CALL.get(c.value, c.value) for c in table.calls]
    if not calls:
        return ""
    if len(calls) >= 4 and calls[-3:] == ["Pass"] * 3 and any(c != "Pass" for c in calls):
        calls = [*calls[:-3], "AP"]
    return f"{table.dealer}:{' '.join(calls)}"


def play_record(table: Table) -> str:
    if not table.tricks:
        return ""
    leader = seat_next(table.declarer)
    order = [seat_next(leader, i) for i in range(4)]
    cards: list[str] = []
    for trick in table.tricks:
        by_seat = dict(trick)
        cards += [by_seat.get(seat, "-") for seat in order]
    return f"{leader}:{' '.join(cards)}"


__all__ = ["auction_record", "play_record"]
