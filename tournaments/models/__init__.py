"""Events, entries, rounds, tables, boards and results.

An ``Event`` has a ``kind``: today Swiss pairs; Mitchell/Howell movements, the scoring
pool and team matches add kinds and reuse ``Entry`` (a pair or a team), ``Round``,
``Table``, ``Board`` and ``Result``. Every score is computed by the pure ``scoring``
package; these models only store what the services computed.
"""

from ..formats.movements.models import MovementSettings
from ..formats.pool.models import (
    PoolBoard,
    PoolDeal,
    PoolReady,
    PoolResult,
    PoolScore,
    PoolSettings,
)
from ..formats.teams.models import Lineup, Match, Team, TeamEntry, TeamMember, TeamsSettings
from .events import Entry, EntryMember, Event
from .idempotency import IdempotencyKey
from .imports import ImportedFile, ImportJob
from .log import EventLog, SchedulerTick
from .mail import ScorecardEmail
from .play import Board, Result, ResultCorrection, Round, Standing, Table, TableSeat
from .settings import RoundSchedule, SwissSettings

__all__ = [
    "Event",
    "Entry",
    "EntryMember",
    "Round",
    "Board",
    "Table",
    "TableSeat",
    "RoundSchedule",
    "SwissSettings",
    "MovementSettings",
    "Result",
    "ResultCorrection",
    "Standing",
    "EventLog",
    "SchedulerTick",
    "IdempotencyKey",
    "ImportedFile",
    "ImportJob",
    "ScorecardEmail",
    "Team",
    "TeamMember",
    "TeamEntry",
    "TeamsSettings",
    "Match",
    "Lineup",
    "PoolSettings",
    "PoolBoard",
    "PoolDeal",
    "PoolReady",
    "PoolResult",
    "PoolScore",
]
