"""The factories of the movement format's models (``tournaments/formats/movements/``): a
Mitchell or Howell event with its settings."""

from datetime import timedelta

import factory
from django.utils import timezone

from tests.factories.accounts import UserFactory
from tournaments.models import Event, MovementSettings


class MovementSettingsFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = MovementSettings

    event = factory.SubFactory(
        "tests.factories.movements.MovementEventFactory", movement_settings=None
    )
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
