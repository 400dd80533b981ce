"""The factories of the event engine's models (``tournaments``): an event (Swiss pairs by
default) and its entries, rounds, boards, tables, results and standings, its log, and the
rows of the scheduler, the idempotent API and the file imports."""

from datetime import timedelta

import factory
from django.utils import timezone

from tests.factories.accounts import UserFactory
from tournaments.models import (
    Board,
    Entry,
    EntryMember,
    Event,
    EventLog,
    IdempotencyKey,
    ImportedFile,
    ImportJob,
    Result,
    ResultCorrection,
    Round,
    SchedulerTick,
    ScorecardEmail,
    Standing,
    SwissSettings,
    Table,
    TableSeat,
)

# A valid deal (North holds the spades, East the hearts, ...), from North.
DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


class ScheduledEventFactory(factory.django.DjangoModelFactory):
    """What every format's event factory shares: a staff director, and a start in an hour.
    A subclass names the model (``Event``), its kind, method, name and settings."""

    class Meta:
        abstract = True
        skip_postgeneration_save = True

    director = factory.SubFactory(UserFactory, is_staff=True)
    start_at = factory.LazyFunction(lambda: timezone.now() + timedelta(hours=1))


class SwissSettingsFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = SwissSettings

    event = factory.SubFactory("tests.factories.tournaments.EventFactory", swiss_settings=None)
    num_rounds = 3
    boards_per_round = 2
    round_minutes = 24
    gap_minutes = 3
    seed = 7


class EventFactory(ScheduledEventFactory):
    """A Swiss pairs event in registration, with its settings (``swiss_settings__...``
    sets them, e.g. ``EventFactory(swiss_settings__num_rounds=5)``)."""

    class Meta:
        model = Event

    name = factory.Sequence(lambda n: f"Club Swiss {n}")
    kind = Event.Kind.SWISS_PAIRS
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
