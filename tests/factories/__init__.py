"""factory-boy factories, one per model. Each builds a consistent row with the least it
needs (its parents are built too); tests that exercise the rules go through the services
instead (``make_event`` in tests/conftest.py).

One module per app (``accounts``, ``ratings``) and, in ``tournaments``, one for the event
engine and one per format package (``teams``, ``movements``, ``pool``); every factory is
importable from here, ``from tests.factories import EventFactory``."""

from tests.factories.accounts import UserFactory
from tests.factories.movements import (
    MovementEventFactory,
    MovementSettingsFactory,
)
from tests.factories.pool import (
    PoolBoardFactory,
    PoolDealFactory,
    PoolEventFactory,
    PoolReadyFactory,
    PoolResultFactory,
    PoolScoreFactory,
    PoolSettingsFactory,
)
from tests.factories.ratings import (
    DisconnectionFactory,
    LeadAnalysisFactory,
    MasterPointEntryFactory,
    PlayerRateFactory,
    RateHistoryFactory,
    RateWeekFactory,
    SubstitutedBoardFactory,
    TierChangeFactory,
)
from tests.factories.teams import (
    LineupFactory,
    MatchFactory,
    TeamEntryFactory,
    TeamFactory,
    TeamMemberFactory,
    TeamsEventFactory,
    TeamsSettingsFactory,
)
from tests.factories.tournaments import (
    DEAL,
    BoardFactory,
    EntryFactory,
    EntryMemberFactory,
    EventFactory,
    EventLogFactory,
    IdempotencyKeyFactory,
    ImportedFileFactory,
    ImportJobFactory,
    ResultCorrectionFactory,
    ResultFactory,
    RoundFactory,
    ScheduledEventFactory,
    SchedulerTickFactory,
    ScorecardEmailFactory,
    StandingFactory,
    SwissSettingsFactory,
    TableFactory,
    TableSeatFactory,
)

__all__ = [
    "BoardFactory",
    "DEAL",
    "DisconnectionFactory",
    "SubstitutedBoardFactory",
    "EntryFactory",
    "EntryMemberFactory",
    "EventFactory",
    "EventLogFactory",
    "IdempotencyKeyFactory",
    "ImportJobFactory",
    "ImportedFileFactory",
    "LeadAnalysisFactory",
    "LineupFactory",
    "MasterPointEntryFactory",
    "MatchFactory",
    "MovementEventFactory",
    "MovementSettingsFactory",
    "PlayerRateFactory",
    "PoolBoardFactory",
    "PoolDealFactory",
    "PoolEventFactory",
    "PoolReadyFactory",
    "PoolResultFactory",
    "PoolScoreFactory",
    "PoolSettingsFactory",
    "RateHistoryFactory",
    "RateWeekFactory",
    "ResultCorrectionFactory",
    "ResultFactory",
    "RoundFactory",
    "ScheduledEventFactory",
    "SchedulerTickFactory",
    "ScorecardEmailFactory",
    "StandingFactory",
    "SwissSettingsFactory",
    "TableFactory",
    "TableSeatFactory",
    "TeamEntryFactory",
    "TeamFactory",
    "TeamMemberFactory",
    "TeamsEventFactory",
    "TeamsSettingsFactory",
    "TierChangeFactory",
    "UserFactory",
]
