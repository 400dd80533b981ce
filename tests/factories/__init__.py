"""factory-boy factories, one per model. Each builds a consistent row with the least it
needs (its parents are built too); tests that exercise the rules go through the services
instead (``make_event`` in tests/conftest.py)."""

from datetime import timedelta

import factory
from django.utils import timezone

from accounts.models import User
from ratings.models import (
    Disconnection,
    LeadAnalysis,
    MasterPointEntry,
    PlayerRate,
    RateHistory,
    RateWeek,
    TierChange,
)
from tournaments.models import (
    Board,
    Entry,
    EntryMember,
    Event,
    EventLog,
    IdempotencyKey,
    ImportedFile,
    ImportJob,
    Lineup,
    Match,
    MovementSettings,
    PoolBoard,
    PoolDeal,
    PoolReady,
    PoolResult,
    PoolScore,
    PoolSettings,
    Result,
    ResultCorrection,
    Round,
    SchedulerTick,
    ScorecardEmail,
    Standing,
    SwissSettings,
    Table,
    TableSeat,
    Team,
    TeamEntry,
    TeamMember,
    TeamsSettings,
)

# A valid deal (North holds the spades, East the hearts, ...), from North.
DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    display_name = factory.Faker("name")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.org")
    password = factory.django.Password("bridge-pass-123")


class SwissSettingsFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = SwissSettings

    event = factory.SubFactory("tests.factories.EventFactory", swiss_settings=None)
    num_rounds = 3
    boards_per_round = 2
    round_minutes = 24
    gap_minutes = 3
    seed = 7


class EventFactory(factory.django.DjangoModelFactory):
    """A Swiss pairs event in registration, with its settings (``swiss_settings__...``
    sets them, e.g. ``EventFactory(swiss_settings__num_rounds=5)``)."""

    class Meta:
        model = Event
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"Club Swiss {n}")
    kind = Event.Kind.SWISS_PAIRS
    director = factory.SubFactory(UserFactory, is_staff=True)
    start_at = factory.LazyFunction(lambda: timezone.now() + timedelta(hours=1))
    method = Event.Method.XIMP
    swiss_settings = factory.RelatedFactory(SwissSettingsFactory, factory_related_name="event")


class EntryFactory(factory.django.DjangoModelFactory):
    """A confirmed entry; ``EntryFactory(members=2)`` adds a pair of members."""

    class Meta:
        model = Entry
        skip_postgeneration_save = True

    event = factory.SubFactory(EventFactory)
    status = Entry.Status.CONFIRMED
    registration_order = factory.Sequence(lambda n: n + 1)

    @factory.post_generation
    def members(self, create, extracted, **kwargs):
        for position in range(1, (extracted or 0) + 1 if create else 1):
            EntryMemberFactory(entry=self, position=position)


class EntryMemberFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = EntryMember

    entry = factory.SubFactory(EntryFactory)
    event = factory.SelfAttribute("entry.event")
    player = factory.SubFactory(UserFactory)
    position = 1
    confirmed_at = factory.LazyFunction(timezone.now)


class RoundFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Round

    event = factory.SubFactory(EventFactory)
    number = factory.Sequence(lambda n: n + 1)
    status = Round.Status.OPEN
    starts_at = factory.LazyFunction(timezone.now)
    ends_at = factory.LazyAttribute(lambda r: r.starts_at + timedelta(minutes=24))


class BoardFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Board

    round = factory.SubFactory(RoundFactory)
    event = factory.SelfAttribute("round.event")
    number = factory.Sequence(lambda n: n + 1)
    dealer = "N"
    vulnerability = "None"
    deal = DEAL


class TableFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Table

    round = factory.SubFactory(RoundFactory)
    event = factory.SelfAttribute("round.event")
    number = factory.Sequence(lambda n: n + 1)
    ns = factory.SubFactory(EntryFactory, event=factory.SelfAttribute("..event"))
    ew = factory.SubFactory(EntryFactory, event=factory.SelfAttribute("..event"))


class TableSeatFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = TableSeat

    table = factory.SubFactory(TableFactory)
    seat = "N"
    player = factory.SubFactory(UserFactory)


class ResultFactory(factory.django.DjangoModelFactory):
    """4S by North making ten tricks, entered by NS and not yet confirmed."""

    class Meta:
        model = Result

    table = factory.SubFactory(TableFactory)
    board = factory.SubFactory(
        BoardFactory,
        round=factory.SelfAttribute("..table.round"),
        event=factory.SelfAttribute("..table.event"),
    )
    status = Result.Status.PLAYED
    contract = "4S"
    declarer = "N"
    tricks = 10
    lead = "HA"
    ns_score = 420
    entered_by = factory.SubFactory(UserFactory)
    entered_side = "NS"


class ResultCorrectionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ResultCorrection

    result = factory.SubFactory(ResultFactory)
    changed_by = factory.SubFactory(UserFactory, is_staff=True)
    old_value = factory.LazyFunction(lambda: {"contract": "4S", "tricks": 10})
    new_value = factory.LazyFunction(lambda: {"contract": "4S", "tricks": 11})
    reason = "Wrong number of tricks"


class StandingFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Standing

    entry = factory.SubFactory(EntryFactory)
    round_number = 1
    points = 2.5
    total = 2.5
    boards_played = 2
    place = 1


class EventLogFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = EventLog

    event = factory.SubFactory(EventFactory)
    action = "event_pause"
    actor = factory.SelfAttribute("event.director")


class MasterPointEntryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = MasterPointEntry

    player = factory.SubFactory(UserFactory)
    event = factory.SubFactory(EventFactory)
    kind = MasterPointEntry.Kind.AWARD
    amount = 3
    reason = "Event award"


class ScorecardEmailFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ScorecardEmail

    event = factory.SubFactory(EventFactory)
    player = factory.SubFactory(UserFactory)


class IdempotencyKeyFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = IdempotencyKey

    user = factory.SubFactory(UserFactory)
    key = factory.Sequence(lambda n: f"key-{n}")
    endpoint = "POST /api/results/"
    request_hash = "0" * 64
    response_status = 201
    response_body = "{}"
    created_at = factory.LazyFunction(timezone.now)


class TeamFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Team

    name = factory.Sequence(lambda n: f"Team {n}")
    captain = factory.SubFactory(UserFactory)


class TeamMemberFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = TeamMember

    team = factory.SubFactory(TeamFactory)
    player = factory.SubFactory(UserFactory)
    position = factory.Sequence(lambda n: n + 1)


class TeamsSettingsFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = TeamsSettings

    event = factory.SubFactory("tests.factories.TeamsEventFactory", teams_settings=None)
    num_rounds = 3
    boards_per_round = 8
    round_minutes = 60
    gap_minutes = 5


class TeamsEventFactory(factory.django.DjangoModelFactory):
    """A Swiss teams event in registration, with its settings."""

    class Meta:
        model = Event
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"Club Teams {n}")
    kind = Event.Kind.TEAMS_SWISS
    director = factory.SubFactory(UserFactory, is_staff=True)
    start_at = factory.LazyFunction(lambda: timezone.now() + timedelta(hours=1))
    method = Event.Method.IMP
    teams_settings = factory.RelatedFactory(TeamsSettingsFactory, factory_related_name="event")


class TeamEntryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = TeamEntry

    entry = factory.SubFactory(EntryFactory, event=factory.SubFactory(TeamsEventFactory))
    event = factory.SelfAttribute("entry.event")
    team = factory.SubFactory(TeamFactory)


class MatchFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Match

    event = factory.SubFactory(TeamsEventFactory)
    round = factory.SubFactory(RoundFactory, event=factory.SelfAttribute("..event"))
    number = factory.Sequence(lambda n: n + 1)
    home = factory.SubFactory(EntryFactory, event=factory.SelfAttribute("..event"))
    away = factory.SubFactory(EntryFactory, event=factory.SelfAttribute("..event"))


class LineupFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Lineup

    event = factory.SubFactory(TeamsEventFactory)
    round_number = 1
    entry = factory.SubFactory(EntryFactory, event=factory.SelfAttribute("..event"))
    open_first = factory.SubFactory(UserFactory)
    open_second = factory.SubFactory(UserFactory)
    closed_first = factory.SubFactory(UserFactory)
    closed_second = factory.SubFactory(UserFactory)
    submitted_by = factory.SelfAttribute("open_first")
    submitted_at = factory.LazyFunction(timezone.now)


# -- the scoring pool ----------------------------------------------------------------------


class MovementSettingsFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = MovementSettings

    event = factory.SubFactory("tests.factories.MovementEventFactory", movement_settings=None)
    num_rounds = 3
    boards_per_round = 2


class MovementEventFactory(factory.django.DjangoModelFactory):
    """A Mitchell pairs event in registration (``kind="howell"`` for a Howell)."""

    class Meta:
        model = Event
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"Club Mitchell {n}")
    kind = Event.Kind.MITCHELL
    director = factory.SubFactory(UserFactory, is_staff=True)
    start_at = factory.LazyFunction(lambda: timezone.now() + timedelta(hours=1))
    method = Event.Method.MP
    movement_settings = factory.RelatedFactory(
        MovementSettingsFactory, factory_related_name="event"
    )


class PoolSettingsFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = PoolSettings

    event = factory.SubFactory("tests.factories.PoolEventFactory", pool_settings=None)
    ends_at = factory.LazyAttribute(lambda s: s.event.start_at + timedelta(days=7))


class PoolEventFactory(factory.django.DjangoModelFactory):
    """A scoring pool event in registration, with its settings."""

    class Meta:
        model = Event
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"Club Pool {n}")
    kind = Event.Kind.POOL
    director = factory.SubFactory(UserFactory, is_staff=True)
    start_at = factory.LazyFunction(lambda: timezone.now() + timedelta(hours=1))
    method = Event.Method.IMP
    pool_settings = factory.RelatedFactory(PoolSettingsFactory, factory_related_name="event")


class PoolBoardFactory(factory.django.DjangoModelFactory):
    """A library board of a pool (a ``Board`` with no round) and its counters."""

    class Meta:
        model = PoolBoard

    board = factory.SubFactory(BoardFactory, round=None, event=factory.SubFactory(PoolEventFactory))
    event = factory.SelfAttribute("board.event")


class PoolDealFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = PoolDeal

    table = factory.SubFactory(TableFactory, round__event=factory.SubFactory(PoolEventFactory))
    event = factory.SelfAttribute("table.event")
    board = factory.SubFactory(BoardFactory, round=None, event=factory.SelfAttribute("..event"))
    player = factory.SubFactory(UserFactory)
    seat = "N"


class PoolReadyFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = PoolReady

    event = factory.SubFactory(PoolEventFactory)
    player = factory.SubFactory(UserFactory)
    since = factory.LazyFunction(timezone.now)


class PoolResultFactory(factory.django.DjangoModelFactory):
    """A result's place in the arrival order, still provisional."""

    class Meta:
        model = PoolResult

    result = factory.SubFactory(
        ResultFactory, table__round__event=factory.SubFactory(PoolEventFactory)
    )
    event = factory.SelfAttribute("result.table.event")
    board = factory.SelfAttribute("result.board")
    seq = factory.Sequence(lambda n: n + 1)


class PoolScoreFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = PoolScore

    result = factory.SubFactory(
        ResultFactory, table__round__event=factory.SubFactory(PoolEventFactory)
    )
    event = factory.SelfAttribute("result.table.event")
    entry = factory.SelfAttribute("result.table.ns")
    player = factory.SubFactory(UserFactory)
    seat = "N"
    imps = 3
    scored_at_seq = 6


class PlayerRateFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = PlayerRate

    player = factory.SubFactory(UserFactory)
    rate = 50.0
    weight = 0.0


class RateWeekFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = RateWeek

    week = factory.Sequence(lambda n: f"{2000 + n // 50}-W{n % 50 + 1:02d}")
    computed_at = factory.LazyFunction(timezone.now)


class RateHistoryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = RateHistory

    player = factory.SubFactory(UserFactory)
    week = factory.SubFactory(RateWeekFactory)
    rate_before = 50.0
    weight_before = 0.0
    boards = 4
    week_rate = 60.0
    rate_after = 60.0
    weight_after = 3.6


class DisconnectionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Disconnection

    player = factory.SubFactory(UserFactory)
    event = factory.SubFactory(EventFactory)
    board = factory.SubFactory(BoardFactory, round__event=factory.SelfAttribute("...event"))
    reason = "Lost the connection"
    weekly_points = -16.0


class TierChangeFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = TierChange

    player = factory.SubFactory(UserFactory)
    from_tier = 0
    to_tier = 1
    master_points = 3


class LeadAnalysisFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = LeadAnalysis

    board = factory.SubFactory(BoardFactory)
    strain = "NT"
    leader = "E"
    tricks = factory.LazyFunction(lambda: {"HA": 13, "H2": 13})
    best = 13


class SchedulerTickFactory(factory.django.DjangoModelFactory):
    """A scheduler's heartbeat (``schedule.events_advance`` writes the real ones): run
    ``minutes_ago`` minutes ago (default now)."""

    class Meta:
        model = SchedulerTick

    class Params:
        minutes_ago = 0

    name = factory.Sequence(lambda n: f"beat-{n}")
    last_run_at = factory.LazyAttribute(lambda o: timezone.now() - timedelta(minutes=o.minutes_ago))
    runs = 1
    transitions = 0


class ImportedFileFactory(factory.django.DjangoModelFactory):
    """The fingerprint of a file that became an event (``interchange.importers``)."""

    class Meta:
        model = ImportedFile

    event = factory.SubFactory(EventFactory, source="usebio")
    sha256 = factory.Sequence(lambda n: f"{n:064x}")


class ImportJobFactory(factory.django.DjangoModelFactory):
    """A director's background import (``interchange.jobs``), queued by default."""

    class Meta:
        model = ImportJob

    director = factory.SubFactory(UserFactory, is_staff=True)
    name = "Club night"
    data = b"<USEBIO/>"
