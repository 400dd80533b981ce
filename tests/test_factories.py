"""Every model has a factory, and each builds and saves a consistent row."""

from __future__ import annotations

import pytest
from django.apps import apps

from tests import factories as f
from tournaments.deals import deal_validate

pytestmark = pytest.mark.django_db

FACTORIES = [
    f.UserFactory,
    f.EventFactory,
    f.SwissSettingsFactory,
    f.EntryFactory,
    f.EntryMemberFactory,
    f.RoundFactory,
    f.BoardFactory,
    f.TableFactory,
    f.TableSeatFactory,
    f.ResultFactory,
    f.ResultCorrectionFactory,
    f.StandingFactory,
    f.EventLogFactory,
    f.MasterPointEntryFactory,
    f.IdempotencyKeyFactory,
    f.ScorecardEmailFactory,
    f.TeamFactory,
    f.TeamMemberFactory,
    f.TeamsSettingsFactory,
    f.TeamEntryFactory,
    f.MatchFactory,
    f.LineupFactory,
    f.PoolSettingsFactory,
    f.PoolBoardFactory,
    f.PoolDealFactory,
    f.PoolReadyFactory,
    f.PoolResultFactory,
    f.PoolScoreFactory,
    f.MovementSettingsFactory,
    f.PlayerRateFactory,
    f.RateWeekFactory,
    f.RateHistoryFactory,
    f.DisconnectionFactory,
    f.SubstitutedBoardFactory,
    f.TierChangeFactory,
    f.LeadAnalysisFactory,
    f.SchedulerTickFactory,
    f.ImportedFileFactory,
    f.ImportJobFactory,
]


@pytest.mark.parametrize("factory", FACTORIES, ids=lambda c: c.__name__)
def test_each_factory_builds_and_saves_a_row(factory) -> None:
    obj = factory()
    model = factory._meta.model
    assert obj.pk is not None
    fresh = model.objects.get(pk=obj.pk)
    fresh.full_clean(exclude=["password"])  # every field and constraint holds
    obj.save()  # and it saves again


def test_every_model_of_the_project_has_a_factory() -> None:
    made = {c._meta.model for c in FACTORIES}
    ours = {
        m
        for app in ("accounts", "tournaments", "ratings")
        for m in apps.get_app_config(app).get_models()
    }
    assert not {m.__name__ for m in ours - made}


def test_an_event_comes_with_its_settings() -> None:
    event = f.EventFactory(swiss_settings__num_rounds=5)
    event.refresh_from_db()
    assert event.num_rounds == 5 and event.boards_total == 10
    assert event.director.is_staff


def test_a_scheduler_tick_is_one_named_heartbeat(client) -> None:
    fresh, old = f.SchedulerTickFactory(), f.SchedulerTickFactory(minutes_ago=30)
    assert fresh.name != old.name and fresh.runs >= 1 and fresh.last_run_at > old.last_run_at
    ticks = client.get("/health/").json()["ticks"]
    assert ticks[old.name]["seconds_ago"] >= 30 * 60 and ticks[fresh.name]["seconds_ago"] < 60


def test_related_rows_share_their_event() -> None:
    result = f.ResultFactory()
    table = result.table
    assert result.board.event == table.event == table.round.event
    assert table.ns.event == table.ew.event == table.event
    assert deal_validate(result.board.deal) == result.board.deal
    entry = f.EntryFactory(members=2)
    assert [m.position for m in entry.members.all()] == [1, 2]
    assert {m.event_id for m in entry.members.all()} == {entry.event_id}
