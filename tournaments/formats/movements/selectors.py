"""Movement cards of a Mitchell or Howell event (``docs/rules.md`` § Movements): for
each pair, where it sits, which way, against whom and with which board set each round.
Who sits where is public; the cards read the movement fixed at the start (three
queries whatever the field)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch

from tournaments.models import Entry, EntryMember, Event

from .format import movement_of, pair_numbers

MOVEMENT_KINDS = (Event.Kind.MITCHELL, Event.Kind.HOWELL)


@dataclass(frozen=True)
class CardRow:
    """One round of a pair's card; ``table`` None: the pair sits out."""

    round: int
    table: int | None
    direction: str | None
    opponent: Entry | None
    board_set: int | None
    first_board: int | None
    last_board: int | None


@dataclass(frozen=True)
class PairCard:
    entry: Entry
    number: int
    field: str
    rows: list[CardRow]

    def row(self, number: int) -> CardRow | None:
        return next((r for r in self.rows if r.round == number), None)


def movement_cards_get(*, event: Event, entry_ids: set[int] | None = None) -> list[PairCard]:
    """The cards of every pair (or of ``entry_ids``), by pair number; empty until the
    movement is fixed (round 1)."""
    movement = movement_of(event) if event.kind in MOVEMENT_KINDS else None
    if movement is None:
        return []
    numbers = pair_numbers(event)
    entries = {
        e.pk: e
        for e in Entry.objects.filter(pk__in=numbers).prefetch_related(
            Prefetch("members", queryset=EntryMember.objects.select_related("player"))
        )
    }
    entry_of = {n: entries[pk] for pk, n in numbers.items() if pk in entries}
    per = event.boards_per_round
    cards = []
    for pk, number in sorted(numbers.items(), key=lambda item: item[1]):
        if entry_ids is not None and pk not in entry_ids:
            continue
        rows = [
            CardRow(
                round=line.round,
                table=line.table,
                direction=line.direction,
                opponent=entry_of.get(line.opponent),
                board_set=line.board_set,
                first_board=(line.board_set - 1) * per + 1 if line.board_set else None,
                last_board=line.board_set * per if line.board_set else None,
            )
            for line in movement.card(number)
        ]
        cards.append(PairCard(entries[pk], number, entries[pk].field, rows))
    return cards


def movement_next_get(*, event: Event, entry_ids: set[int]) -> CardRow | None:
    """Where the user's pair goes in the round after the current one (None: no round
    left, not a movement, or not the user's event)."""
    if event.status in (Event.Status.FINISHED, Event.Status.CANCELLED):
        return None
    cards = movement_cards_get(event=event, entry_ids=entry_ids)
    return cards[0].row(event.current_round + 1) if cards else None
