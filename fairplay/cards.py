"""A board's analysed play seat by seat (``docs/rules.md`` § Accuracy and fair play):
from a result's stored play and its cards' double-dummy costs (``analysis``), what each
seat did on lead, as declarer and in defence.

* the **opening lead** is the first card; it is DD-correct when it cost nothing;
* **declarer's cards** include dummy's, counted to the declarer's seat;
* **defenders' cards** leave out the opening lead;
* an **error** is a card that cost a trick or more (a card costing two is one error).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tableplay.cards import partner, seat_next
from tableplay.records import play_tricks, trump_of

SEATS = "NESW"


@dataclass
class SeatPlay:
    """What one seat did on one board."""

    lead: bool | None = None  # None: not on lead; True: the lead cost nothing
    declarer_cards: int = 0
    declarer_errors: int = 0
    defender_cards: int = 0
    defender_errors: int = 0


@dataclass
class BoardPlay:
    declarer: str
    seats: dict[str, SeatPlay] = field(default_factory=dict)

    def side(self, side: str) -> SeatPlay:
        """The two seats of ``side`` ("NS", "EW") together."""
        out = SeatPlay()
        for seat in side:
            one = self.seats[seat]
            if one.lead is not None:
                out.lead = one.lead
            out.declarer_cards += one.declarer_cards
            out.declarer_errors += one.declarer_errors
            out.defender_cards += one.defender_cards
            out.defender_errors += one.defender_errors
        return out


def played_seats(contract: str, declarer: str, play: str) -> list[str]:
    """The seat of each card of a stored play, in the order played."""
    tricks = play_tricks(play, trump_of(contract))
    return [seat for trick in tricks for seat, _card in trick.cards]


def board_play(
    *, contract: str, declarer: str, play: str, card_costs: list[int]
) -> BoardPlay | None:
    """Each seat's figures on the board of a stored play; None when there is no play to
    read (passed out, no contract, no analysis)."""
    if not contract or contract.upper() == "PASS" or declarer not in SEATS or not card_costs:
        return None
    return seats_play(
        declarer=declarer, seats=played_seats(contract, declarer, play), card_costs=card_costs
    )


def seats_play(*, declarer: str, seats: list[str], card_costs: list[int]) -> BoardPlay | None:
    """Each seat's figures from the seat of each card, in the order played."""
    if declarer not in SEATS or not seats or seats[0] != seat_next(declarer, 1):
        return None
    out = BoardPlay(declarer=declarer, seats={s: SeatPlay() for s in SEATS})
    dummy = partner(declarer)
    for i, (seat, cost) in enumerate(zip(seats, card_costs, strict=False)):
        error = 1 if cost > 0 else 0
        if i == 0:
            out.seats[seat].lead = cost == 0
        elif seat in (declarer, dummy):
            out.seats[declarer].declarer_cards += 1
            out.seats[declarer].declarer_errors += error
        else:
            out.seats[seat].defender_cards += 1
            out.seats[seat].defender_errors += error
    return out
