import pytest

from practice import services
from tests.factories import UserFactory
from tests.practice.conftest import play_grand_slam

pytestmark = pytest.mark.django_db(transaction=True)


def test_smoke(mp_event):
    user = UserFactory()
    session = services.practice_create(user=user, event_id=mp_event.pk)
    row = play_grand_slam(user, session)
    assert (row.contract, row.declarer, row.tricks, row.ns_score) == ("7S", "S", 13, 1510)
    assert row.points == 75.0
