"""The factories of the ``ratings`` app's models: master points, the Rate and its weeks,
disconnections, tier changes and the lead analysis."""

import factory
from django.utils import timezone

from ratings.models import (
    Disconnection,
    LeadAnalysis,
    MasterPointEntry,
    PlayerRate,
    RateHistory,
    RateWeek,
    SubstitutedBoard,
    TierChange,
)
from tests.factories.accounts import UserFactory
from tests.factories.tournaments import BoardFactory, EventFactory, TableFactory


class MasterPointEntryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = MasterPointEntry

    player = factory.SubFactory(UserFactory)
    event = factory.SubFactory(EventFactory)
    kind = MasterPointEntry.Kind.AWARD
    amount = 3
    reason = "Event award"


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


class SubstitutedBoardFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = SubstitutedBoard

    player = factory.SubFactory(UserFactory)
    table = factory.SubFactory(TableFactory)
    board = factory.SubFactory(BoardFactory, round=factory.SelfAttribute("..table.round"))
    seat = "S"


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
