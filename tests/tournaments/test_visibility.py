"""SPEC 9 on the pages: a board's deal and the other tables' results stay hidden from a
player until they have played it or its round has ended; finished events are public."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import held_lead, player
from tests.factories import UserFactory
from tournaments import services
from tournaments.models import EventLog, Result

DEAL_MARK = 'class="compass"'
HIDDEN_MARK = 'id="not-visible"'


@pytest.fixture
def running(make_event):
    """Round 1 open; table 2 has played board 1 (7NT making: +1520, confirmed), table 1
    has not."""
    event = make_event(pairs=4, start=True, num_rounds=2)
    rnd = event.rounds.get(number=1)
    table1, table2 = rnd.tables.order_by("number")
    board = event.boards.get(number=1)
    result = services.result_submit(
        table_id=table2.pk,
        board_id=board.pk,
        user=player(table2.ns),
        contract="7NT",
        declarer="N",
        tricks=13,
        lead=held_lead(board.pk, "N"),
    )
    services.result_confirm(result_id=result.pk, user=player(table2.ew))
    return event, table1, table2, board


def board_page(client, event, number=1) -> str:
    response = client.get(reverse("tournaments:board_detail", args=[event.pk, number]))
    assert response.status_code == 200
    return response.content.decode()


def test_a_player_who_has_not_played_the_board_sees_neither_deal_nor_results(client, running):
    event, table1, _, _ = running
    client.force_login(player(table1.ns))
    html = board_page(client, event)
    assert HIDDEN_MARK in html
    assert DEAL_MARK not in html and 'id="results"' not in html
    assert "1520" not in html and "HCP" not in html


def test_anonymous_and_unseated_users_cannot_see_a_board_in_play(client, running):
    event, _, _, _ = running
    assert HIDDEN_MARK in board_page(client, event)
    client.force_login(UserFactory())
    html = board_page(client, event)
    assert HIDDEN_MARK in html and "1520" not in html


def test_after_playing_it_the_player_sees_the_deal_and_other_results(client, running):
    event, table1, _, board = running
    entered = services.result_submit(
        table_id=table1.pk,
        board_id=board.pk,
        user=player(table1.ew),
        contract="4S",
        declarer="E",
        tricks=10,
        lead=held_lead(board.pk, "E"),
    )
    services.result_confirm(result_id=entered.pk, user=player(table1.ns))
    client.force_login(player(table1.ns, 2))
    html = board_page(client, event)
    assert DEAL_MARK in html and "♠" in html
    assert "+1520" in html  # the other table's result
    # ... but not yet board 2, which this table has not played
    assert HIDDEN_MARK in board_page(client, event, 2)


def test_the_table_that_played_sees_it_and_the_director_always(client, running, director):
    event, _, table2, _ = running
    client.force_login(player(table2.ew))
    assert DEAL_MARK in board_page(client, event)
    client.force_login(director)
    assert DEAL_MARK in board_page(client, event, 2)


def test_after_the_round_closes_everyone_sees_the_board(client, running):
    event, _, _, _ = running
    services.round_close(event=event, number=1)
    html = board_page(client, event)  # anonymous
    assert DEAL_MARK in html and "+1520" in html
    client.force_login(UserFactory())
    assert DEAL_MARK in board_page(client, event, 2)


def test_event_grid_shows_only_closed_rounds(client, running):
    event, _, _, _ = running
    url = reverse("tournaments:event_detail", args=[event.pk])
    board1 = reverse("tournaments:board_detail", args=[event.pk, 1])
    assert board1 not in client.get(url).content.decode()
    services.round_close(event=event, number=1)
    html = client.get(url).content.decode()
    assert board1 in html
    assert reverse("tournaments:board_detail", args=[event.pk, 3]) not in html  # round 2 open


def test_pair_page_hides_an_open_round_from_other_players(client, running):
    event, _, table2, _ = running
    url = reverse("tournaments:pair_detail", args=[event.pk, table2.ns_id])
    html = client.get(url).content.decode()
    assert "+1520" not in html and "in play" in html
    client.force_login(player(table2.ns, 2))
    assert "+1520" in client.get(url).content.decode()


def test_my_table_shows_only_my_tables_results(client, running):
    event, table1, _, _ = running
    client.force_login(player(table1.ns))
    html = client.get(reverse("tournaments:my_table", args=[event.pk])).content.decode()
    assert "1520" not in html


def test_anonymous_users_see_finished_events(client, make_event):
    event = make_event(pairs=2, start=True, num_rounds=1, boards_per_round=1)
    table = event.rounds.get(number=1).tables.get()
    board = event.boards.get()
    services.result_submit(
        table_id=table.pk,
        board_id=board.pk,
        user=player(table.ns),
        contract="3NT",
        declarer="S",
        tricks=10,
        lead=held_lead(board.pk, "S"),
    )
    services.round_close(event=event, number=1)
    event.refresh_from_db()
    assert event.status == "finished" and Result.objects.filter(board=board).count() == 1
    html = client.get(reverse("tournaments:event_detail", args=[event.pk])).content.decode()
    assert reverse("tournaments:board_detail", args=[event.pk, 1]) in html
    html = board_page(client, event)
    assert DEAL_MARK in html and "+430" in html
    pair = client.get(reverse("tournaments:pair_detail", args=[event.pk, table.ns_id]))
    assert "+430" in pair.content.decode()


def test_a_sides_own_entry_unlocks_nothing_until_the_opponents_confirm(client, running):
    """Peeking by a fake entry: a side that enters "pass" for a board it has not played
    sees neither the deal nor the other results, until the opponents (or the director)
    confirm that result; who unlocked what is in the audit trail."""
    event, table1, _, board = running
    fake = services.result_submit(
        table_id=table1.pk, board_id=board.pk, user=player(table1.ns), contract="PASS"
    )
    for seat in (player(table1.ns), player(table1.ns, 2), player(table1.ew)):
        client.force_login(seat)
        html = board_page(client, event)
        assert HIDDEN_MARK in html and "+1520" not in html and DEAL_MARK not in html
        client.logout()
    services.result_confirm(result_id=fake.pk, user=player(table1.ew))
    client.force_login(player(table1.ns))
    html = board_page(client, event)
    assert DEAL_MARK in html and "+1520" in html
    unlock = EventLog.objects.get(event=event, action="board_unlock", data__table=table1.number)
    assert unlock.data == {"table": table1.number, "board": board.number, "result": fake.pk}
    assert unlock.actor == player(table1.ew)


def test_a_directors_entry_unlocks_the_board_for_the_table(client, running, director):
    event, table1, _, board = running
    services.result_submit(
        table_id=table1.pk,
        board_id=board.pk,
        user=director,
        contract="3NT",
        declarer="N",
        tricks=9,
        lead=held_lead(board.pk, "N"),
    )
    client.force_login(player(table1.ew))
    assert DEAL_MARK in board_page(client, event)
    assert EventLog.objects.filter(event=event, action="board_unlock", actor=director).exists()


@pytest.mark.django_db
def test_hidden_travellers_unlock_nothing_until_the_round_ends(make_event):
    from tournaments.models import Event as EventModel
    from tournaments.selectors.visibility import board_visible as visible
    from tournaments.selectors.visibility import boards_hidden as hidden_for

    event = make_event(pairs=4, start=True)
    EventModel.objects.filter(pk=event.pk).update(traveller_hidden=True)
    event.refresh_from_db()
    table = event.rounds.get(number=1).tables.get(number=1)
    board = event.boards.get(number=1)
    ns, ew = player(table.ns), player(table.ew)
    r = services.result_submit(
        table_id=table.pk, board_id=board.pk, user=ns, contract="3NT", declarer="N",
        tricks=9, lead=held_lead(board, "N"),
    )  # fmt: skip
    services.result_confirm(result_id=r.pk, user=ew)
    assert not visible(user=ns, board=board, event=event)
    assert board.pk in hidden_for(user=ns, event=event)
    services.round_close(event=event, number=1, open_next=False)
    event.refresh_from_db()
    assert visible(user=ns, board=event.boards.get(number=1), event=event)
