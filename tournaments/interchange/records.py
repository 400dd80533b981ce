"""The plain records the PBN and USEBIO writers take and the readers give back.

They carry no Django objects: ``tournaments.interchange.exports`` builds them from the
database, so the file formats can be written, read and tested without one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

import scoring

#: Event methods (``Event.Method`` values) the formats know.
METHODS = ("ximp", "imp", "mp", "hcp_par")

#: The movements a PBN results file may name in our [Movement] tag (``Event.Kind``
#: values): what the reader keeps of a file's tag. The writers ask the event's format
#: (``EventRecord.movement``), never this list.
MOVEMENT_KINDS = ("mitchell", "howell")


@dataclass(frozen=True)
class EventRecord:
    """What the files say about the event itself."""

    id: int
    name: str
    date: date
    method: str  # "ximp", "imp" or "mp"
    boards_total: int
    boards_per_round: int
    site: str = ""
    kind: str = "swiss_pairs"  # an Event.Kind value
    #: The movement the files name ("mitchell", "howell"): the kind of an event whose
    #: format is a movement (``Format.movement``); "" for any other event.
    movement: str = ""
    #: NS and EW ranked apart (``Format.two_winners``: a Mitchell without the arrow switch).
    two_winners: bool = False
    mp_factoring: str = ""  # "neuberg" or "played" (pairs events)


@dataclass(frozen=True)
class BoardRecord:
    """A board's hand record: number, dealer, vulnerability, deal and its analysis."""

    number: int
    dealer: str  # N, E, S or W
    vulnerability: str  # None, NS, EW or All
    deal: str  # PBN "N:hand hand hand hand"
    dd_table: dict[str, dict[str, int]] | None = None  # {"NT": {"N": 9, ...}, "S": ...}
    par_score: int | None = None  # for NS
    par_contracts: str = ""

    @property
    def cycle_dealer(self) -> str:
        return scoring.board_dealer(self.number)

    @property
    def cycle_vulnerability(self) -> str:
        return scoring.board_vulnerability(self.number)

    @property
    def off_cycle(self) -> bool:
        """Dealer or vulnerability from a file, unlike the board-number cycle."""
        return (self.dealer, self.vulnerability) != (self.cycle_dealer, self.cycle_vulnerability)


@dataclass(frozen=True)
class ResultLine:
    """One table's result on a board (a traveller line), NS point of view.

    A played board has a contract ("4SX", or "PASS" with no declarer, tricks or lead);
    an adjusted one has no contract and an adjustment code ("A+", "A=", "A-") per side
    that has one; a board not played at the table (cut when its round closed) has
    ``not_played``, no contract and no points. ``ew_pair`` is None for a bye.
    """

    ns_pair: int | None
    ew_pair: int | None
    contract: str
    declarer: str
    tricks: int | None
    lead: str
    ns_score: int | None
    ns_points: float | None
    ew_points: float | None
    ns_adjustment: str = ""
    ew_adjustment: str = ""
    room: str = ""  # a team match's "open" or "closed" room
    round: int | None = None  # the round and table it was played at, when known
    table: int | None = None
    # A movement's matchpoints: the points are raw matchpoints on this top (the board's
    # 2·(tables − 1)), not percentages.
    mp_top: int | None = None
    not_played: bool = False
    # The section of an event that had several: each is matchpointed apart.
    section: str = ""
    # The table's record of its auction and play (``Result.auction``, ``Result.play``:
    # PBN's layout, ``tableplay.records``), "" when it has none.
    auction: str = ""
    play: str = ""

    def mp_pair(self, points: float | None, top: int) -> tuple[float | None, float | None]:
        """(raw matchpoints, percentage) of one side's MP points; ``top``: the board's
        top when the points are percentages."""
        if points is None:
            return None, None
        if self.mp_top is not None:
            return points, (100 * points / self.mp_top if self.mp_top else 50.0)
        return points * top / 100, points

    @property
    def is_adjusted(self) -> bool:
        return not self.contract and not self.not_played


@dataclass(frozen=True)
class PairRecord:
    """A pair of the event: number (registration order), players and standing."""

    number: int
    players: list[str] = field(default_factory=list)
    rank: int | None = None  # None: not ranked (running event, or did not finish)
    total: float = 0.0
    boards_played: int = 0
    master_points: int = 0
    name: str = ""  # a team's name
    field: str = ""  # "NS" or "EW": the field it is ranked in (a two-winner Mitchell)

    @property
    def names(self) -> str:
        return " - ".join(self.players)


@dataclass(frozen=True)
class MatchRecord:
    """A team match of one round: home and away team numbers (no away team: a bye),
    their IMPs and VPs, and the two rooms' results by board number."""

    number: int
    round: int
    home: int
    away: int | None
    home_imps: int | None
    away_imps: int | None
    home_vp: float | None
    away_vp: float | None
    results: dict[int, list[ResultLine]] = field(default_factory=dict)
