"""The factories of the scoring pool's models (``tournaments/formats/pool/``): a pool event
with its settings, its library boards, deals, waiting players, results and scores."""

from datetime import timedelta

import factory
from django.utils import timezone

from tests.factories.accounts import UserFactory
from tests.factories.tournaments import (
    BoardFactory,
    ResultFactory,
    ScheduledEventFactory,
    TableFactory,
)
from tournaments.models import (
    Event,
    PoolBoard,
    PoolDeal,
    PoolReady,
    PoolResult,
    PoolScore,
    PoolSettings,
)


class PoolSettingsFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = PoolSettings

    event = factory.SubFactory("tests.factories.pool.PoolEventFactory", pool_settings=None)
    ends_at = factory.LazyAttribute(lambda s: s.event.start_at + timedelta(days=7))


class PoolEventFactory(ScheduledEventFactory):
    """A scoring pool event in registration, with its settings."""

    class Meta:
        model = Event

    name = factory.Sequence(lambda n: f"Club Pool {n}")
    kind = Event.Kind.POOL
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
