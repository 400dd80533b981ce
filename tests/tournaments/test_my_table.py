"""The my-table form shows every refusal on the page."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.conftest import held_lead, player
from tournaments import services
from tournaments.models import Result, Round

pytestmark = pytest.mark.django_db


# --- 3. the my-table form says why it refused ------------------------------------------------


@pytest.fixture
def seated(make_event):
    event = make_event(pairs=4, start=True)
    table = event.rounds.get(number=1).tables.get(number=1)
    board = event.boards.get(number=1)
    return event, table, board


def result_post(board_value, prefix_pk, **fields):
    data = {"contract": "4S", "declarer": "N", "tricks": "10", "lead": held_lead(prefix_pk, "N")}
    data.update(fields)
    return {"board": board_value, **{f"b{prefix_pk}-{k}": v for k, v in data.items()}}


@pytest.mark.parametrize("value", ["", "abc", "٣", "99999999"])
def test_my_table_shows_why_a_bad_board_is_refused(value, client, seated):
    event, table, board = seated
    client.force_login(player(table.ns))
    response = client.post(
        reverse("tournaments:my_table", args=[event.pk]), result_post(value, board.pk)
    )
    assert response.status_code == 200
    assert "That board is not played at your table." in response.content.decode()
    assert not Result.objects.filter(table=table).exists()


def test_my_table_shows_why_a_second_entry_of_a_board_is_refused(client, seated):
    event, table, board = seated
    url = reverse("tournaments:my_table", args=[event.pk])
    client.force_login(player(table.ns))
    assert client.post(url, result_post(board.pk, board.pk)).status_code == 302
    client.force_login(player(table.ew))
    response = client.post(url, result_post(board.pk, board.pk, contract="3NT", tricks="9"))
    assert response.status_code == 200
    assert f"Board {board.number} already has a result at this table: 4S by N" in (
        response.content.decode()
    )
    assert Result.objects.get(table=table, board=board).contract == "4S"


def test_my_table_shows_why_an_entry_after_the_round_is_refused(client, seated):
    event, table, board = seated
    url = reverse("tournaments:my_table", args=[event.pk])
    client.force_login(player(table.ns))
    # The scheduled end has passed, the cut has not run yet: the page still has the form.
    Round.objects.filter(pk=table.round_id).update(ends_at=timezone.now() - timedelta(seconds=1))
    response = client.post(url, result_post(board.pk, board.pk))
    assert "Round 1 has ended; results can no longer be entered." in response.content.decode()
    # Once the round is closed the board is cut and the page shows no form for it.
    services.round_close(event=event, number=1, open_next=False)
    response = client.post(url, result_post(board.pk, board.pk))
    assert response.status_code == 200
    assert "Board 1 was cut at the end of the round" in response.content.decode()
    assert not Result.objects.filter(table=table, status=Result.Status.PLAYED).exists()


def test_my_table_without_a_seat_says_so_when_posting(client, make_event):
    from tests.factories import UserFactory

    event = make_event(pairs=4, start=True)
    client.force_login(UserFactory())
    response = client.post(reverse("tournaments:my_table", args=[event.pk]), {"board": "1"})
    assert response.status_code == 200
    assert "You have no table in this round." in response.content.decode()
