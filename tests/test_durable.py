"""The state changes that pages, the API, tasks and commands start are durable
transactions (``docs/rules.md`` § Concurrency): each commits when it returns, and one
called inside another transaction refuses to run instead of being silently joined."""

from __future__ import annotations

import inspect

import pytest
from django.db import transaction

from ladders import services as ladder_services
from online import services as online_services
from ratings import services as rating_services
from ratings.services import rate as rate_services
from ratings.services import standing as standing_services
from tournaments import services
from tournaments.formats.pool import services as pool
from tournaments.formats.teams import services as teams
from tournaments.interchange.deals import event_deals_import
from tournaments.models import Event
from tournaments.services import schedule
from tournaments.services.mail import scorecards_send

DURABLE = [
    services.table_sit,
    services.result_reject,
    services.result_not_played,
    services.result_correct,
    services.round_close,  # the opening or the finish that follows is part of it
    pool.pool_clock_step,
    pool.pool_sitting_close,
    event_deals_import,
    schedule.event_resume,  # pause and extend catch up with the clock before theirs
    services.entry_register,
    services.entry_confirm,
    services.entry_decline,
    services.entry_add,
    services.entry_withdraw,
    services.entry_reinstate,
    services.entry_set_sitting_out,
    teams.team_create,
    teams.team_update,
    teams.lineup_submit,
    services.event_update,
    services.event_cancel,
    services.event_hcp_par_table_set,
    pool.pool_join,
    pool.pool_leave,
    ladder_services.challenge_issue,
    ladder_services.challenge_accept,
    ladder_services.challenge_decline,
    ladder_services.challenge_cancel,
    ladder_services.challenge_decide,
    ladder_services.challenge_forfeit_due,
    ladder_services.ladder_create,
    ladder_services.ladder_settings_set,
    ladder_services.ladder_teams_add,
    ladder_services.ladder_team_remove,
    ladder_services.ladder_position_set,
    rating_services.master_points_deduct,
    rate_services.weekly_points_refresh,
    rate_services.rate_week_compute,
    standing_services.tier_change_email_send,
    online_services.play_act,
]


class Anything:
    """An argument that is never looked at: the transaction is refused first."""

    pk = id = ladder_id = event_id = round_id = 1
    is_robot = False  # a player, not a robot account (refused before any transaction)

    def __getattr__(self, name):
        return self


def _arguments(service) -> dict:
    return {
        name: Anything()
        for name, p in inspect.signature(service).parameters.items()
        if p.default is inspect.Parameter.empty
    }


@pytest.mark.django_db
@pytest.mark.parametrize("service", DURABLE, ids=lambda s: s.__name__)
def test_a_top_level_state_change_refuses_to_run_inside_another_transaction(service):
    with pytest.raises(RuntimeError, match="durable"), transaction.atomic():
        service(**_arguments(service))


@pytest.mark.django_db
def test_a_scorecard_is_sent_in_a_durable_transaction_of_its_own(make_event):
    """Each player's row and email commit together; called inside another transaction,
    the sending refuses to run (not logged as a failed send and skipped)."""
    event = make_event(pairs=4)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    with pytest.raises(RuntimeError, match="durable"), transaction.atomic():
        scorecards_send(event_id=event.pk)
