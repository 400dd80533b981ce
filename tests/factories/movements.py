"""The factories of the movement format's models (``tournaments/formats/movements/``): a
Mitchell or Howell event with its settings."""

import factory

from tests.factories.tournaments import ScheduledEventFactory
from tournaments.models import Event, MovementSettings


class MovementSettingsFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = MovementSettings

    event = factory.SubFactory(
        "tests.factories.movements.MovementEventFactory", movement_settings=None
    )
    num_rounds = 3
    boards_per_round = 2


class MovementEventFactory(ScheduledEventFactory):
    """A Mitchell pairs event in registration (``kind="howell"`` for a Howell)."""

    class Meta:
        model = Event

    name = factory.Sequence(lambda n: f"Club Mitchell {n}")
    kind = Event.Kind.MITCHELL
    method = Event.Method.MP
    movement_settings = factory.RelatedFactory(
        MovementSettingsFactory, factory_related_name="event"
    )
