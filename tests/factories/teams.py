"""The factories of the team format's models (``tournaments/formats/teams/``): teams and
their members, a team event with its settings, its entries, matches and line-ups."""

import factory
from django.utils import timezone

from tests.factories.accounts import UserFactory
from tests.factories.tournaments import EntryFactory, RoundFactory, ScheduledEventFactory
from tournaments.models import (
    Event,
    Lineup,
    Match,
    Team,
    TeamEntry,
    TeamMember,
    TeamsSettings,
)


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

    event = factory.SubFactory("tests.factories.teams.TeamsEventFactory", teams_settings=None)
    num_rounds = 3
    boards_per_round = 8
    round_minutes = 60
    gap_minutes = 5


class TeamsEventFactory(ScheduledEventFactory):
    """A Swiss teams event in registration, with its settings."""

    class Meta:
        model = Event

    name = factory.Sequence(lambda n: f"Club Teams {n}")
    kind = Event.Kind.TEAMS_SWISS
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
