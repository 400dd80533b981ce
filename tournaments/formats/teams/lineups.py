"""Where a team's line-up seats its players (``docs/rules.md`` § Teams): the home team
sits NS in the open room and EW in the closed room, the away team the other way round."""

from __future__ import annotations

from ...models import Lineup, Match, TableSeat

#: The seats of a line-up's pairs: (open room, closed room) for the home and away team.
LINEUP_SEATS = {"home": (("N", "S"), ("E", "W")), "away": (("E", "W"), ("N", "S"))}
SIDE_SEATS = {"NS": ("N", "S"), "EW": ("E", "W")}


def lineup_seats(match: Match, lineup: Lineup) -> list[TableSeat]:
    """The four seats ``lineup`` gives its team at ``match``'s two tables."""
    role = "home" if lineup.entry_id == match.home_id else "away"
    (open_seats, closed_seats) = LINEUP_SEATS[role]
    return [
        TableSeat(table_id=table_id, seat=seat, player_id=player_id)
        for table_id, seats, pair in (
            (match.open_table_id, open_seats, lineup.open_pair),
            (match.closed_table_id, closed_seats, lineup.closed_pair),
        )
        for seat, player_id in zip(seats, pair, strict=True)
    ]
