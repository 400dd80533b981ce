"""Permissions before state: an outsider is refused (403) whatever state the result, board
or event is in, so a refusal never tells an outsider how another table is doing."""

from __future__ import annotations

import pytest

from tests.conftest import api_client, held_lead, player
from tests.factories import UserFactory
from tournaments import services
from tournaments.errors import PermissionDeniedError
from tournaments.models import Result

pytestmark = pytest.mark.django_db


client_for = api_client


@pytest.fixture
def played(make_event):
    """Round 1 of a running event; table 1 has a result on board 1, entered by NS."""
    event = make_event(pairs=4, start=True)
    rnd = event.rounds.get(number=1)
    table = rnd.tables.get(number=1)
    board = event.boards.get(number=1)
    result = services.result_submit(
        table_id=table.pk,
        board_id=board.pk,
        user=player(table.ns),
        contract="4S",
        declarer="N",
        tricks=10,
        lead=held_lead(board.pk, "N"),
    )
    other = rnd.tables.get(number=2)
    return event, table, board, result, other


def _confirmed(event, table, result):
    services.result_confirm(result_id=result.pk, user=player(table.ew))


def _cut(event, table, result):
    Result.objects.filter(pk=result.pk).update(status=Result.Status.CUT)


def _adjusted(event, table, result):
    Result.objects.filter(pk=result.pk).update(status=Result.Status.ADJUSTED)


def _unconfirmed(event, table, result):
    pass


STATES = [_unconfirmed, _confirmed, _cut, _adjusted]


@pytest.mark.parametrize("state", STATES, ids=lambda f: f.__name__.strip("_"))
@pytest.mark.parametrize("who", ["other_table", "stranger"])
def test_outsider_confirming_gets_403_whatever_the_result_state(who, state, played):
    event, table, board, result, other = played
    state(event, table, result)
    outsider = player(other.ns) if who == "other_table" else UserFactory()
    before = Result.objects.values().get(pk=result.pk)

    with pytest.raises(PermissionDeniedError):
        services.result_confirm(result_id=result.pk, user=outsider)
    response = client_for(outsider).post(f"/api/results/{result.pk}/confirm/")

    assert response.status_code == 403, response.data
    assert response.data["code"] == "not_at_table"
    assert Result.objects.values().get(pk=result.pk) == before


def test_the_entering_side_is_refused_also_once_confirmed(played):
    event, table, board, result, other = played
    _confirmed(event, table, result)
    with pytest.raises(PermissionDeniedError) as err:
        services.result_confirm(result_id=result.pk, user=player(table.ns, 2))
    assert err.value.code == "same_side"


@pytest.mark.parametrize(
    "state", ["entered", "round_closed", "wrong_board"], ids=lambda s: f"state-{s}"
)
def test_outsider_submitting_gets_403_whatever_the_state(state, played):
    event, table, board, result, other = played
    target = board
    if state == "round_closed":
        services.round_close(event=event, number=1, open_next=False)
        target = event.boards.get(number=2)
    elif state == "wrong_board":
        services.round_close(event=event, number=1)
        target = event.boards.get(number=3)  # a board of round 2, not of this table's round
    outsider = UserFactory()
    fields = {"contract": "3NT", "declarer": "S", "tricks": 9, "lead": held_lead(target, "S")}

    with pytest.raises(PermissionDeniedError):
        services.result_submit(table_id=table.pk, board_id=target.pk, user=outsider, **fields)
    response = client_for(outsider).post(
        "/api/results/", {"table": table.pk, "board": target.pk, **fields}, format="json"
    )

    assert response.status_code == 403, response.data
    assert Result.objects.filter(table=table).count() == (1 if state == "entered" else 2)


@pytest.mark.parametrize("state", ["played", "wrong_board"])
def test_non_director_correcting_gets_403_whatever_the_state(state, played):
    event, table, board, result, other = played
    target = board
    if state == "wrong_board":
        services.round_close(event=event, number=1)
        target = event.boards.get(number=3)
    with pytest.raises(PermissionDeniedError):
        services.result_correct(
            table_id=table.pk, board_id=target.pk, director=player(table.ns), contract="PASS"
        )
    response = client_for(player(table.ns)).post(
        "/api/results/correct/",
        {"table": table.pk, "board": target.pk, "contract": "PASS"},
        format="json",
    )
    assert response.status_code == 403
    assert Result.objects.get(pk=result.pk).contract == "4S"


def test_outsider_director_actions_get_403_whatever_the_event_state(make_event):
    """The director services refuse a non-director before looking at the event's state."""
    from tournaments.services import schedule

    event = make_event(pairs=4, start=True)
    services.round_close(event=event, number=1)
    services.round_close(event=event, number=2)
    services.round_close(event=event, number=3)
    event.refresh_from_db()
    assert event.status == event.Status.FINISHED
    outsider = UserFactory()
    entry = event.entries.first()
    calls = [
        lambda: schedule.event_pause(event=event, director=outsider),
        lambda: schedule.event_resume(event=event, director=outsider),
        lambda: schedule.round_extend(event=event, director=outsider, minutes=5),
        lambda: schedule.round_extend(event=event, director=outsider, minutes=9999),
        lambda: services.entry_add(
            event=event, players=UserFactory.create_batch(2), director=outsider
        ),
        lambda: services.entry_withdraw(entry=entry, by=outsider),
        lambda: services.entry_set_sitting_out(entry=entry, sitting_out=True, director=outsider),
    ]
    for call in calls:
        with pytest.raises(PermissionDeniedError):
            call()
