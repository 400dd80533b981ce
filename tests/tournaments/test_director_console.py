"""The club night's director tools: the round's hand records before and during play
(the deals a round is then dealt with), the console of every table's boards, the PBN
import on the page, reinstating a withdrawn pair, and the event log in words."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import held_lead, player
from tests.factories import UserFactory
from tournaments import selectors, services
from tournaments.models import Board, Entry, EventLog
from tournaments.services.handrecords import preset_deals_analyse

pytestmark = pytest.mark.django_db


def test_hand_records_before_and_during_the_round_for_the_director_only(
    client, make_event, director
):
    event = make_event(pairs=4, start=True)
    url = reverse("tournaments:hand_records", args=[event.pk, 1])
    pbn = reverse("tournaments:hand_records_pbn", args=[event.pk, 1])
    client.force_login(player(event.entries.first()))
    assert client.get(url).status_code == 403 and client.get(pbn).status_code == 403
    client.force_login(director)
    page = client.get(url)
    assert page.status_code == 200
    board = event.boards.get(number=1)
    assert "Board 1" in page.content.decode() and "HCP" in page.content.decode()
    text = client.get(pbn).content.decode()
    assert f'[Deal "{board.deal}"]' in text  # the round in play, for the director
    # The public export still leaves it out.
    assert board.deal not in client.get(f"/api/events/{event.pk}/export/hands.pbn").content.decode()
    # Round 2 is not seated: its deals are dealt ahead, and the round plays them.
    ahead = client.get(reverse("tournaments:hand_records_pbn", args=[event.pk, 2])).content
    event.refresh_from_db()
    numbers = [str(n) for n in range(event.boards_per_round + 1, 2 * event.boards_per_round + 1)]
    deals = [event.settings.preset_deals[n] for n in numbers]
    assert all(d in ahead.decode() for d in deals)
    assert EventLog.objects.filter(event=event, action="deals_ahead").count() == 1
    again = client.get(reverse("tournaments:hand_records_pbn", args=[event.pk, 2])).content
    assert again == ahead  # dealt once
    preset_deals_analyse(event_id=event.pk, numbers=[int(n) for n in numbers])
    services.round_close(event=event, number=1)
    dealt = Board.objects.filter(event=event, round__number=2).order_by("number")
    assert [b.deal for b in dealt] == deals
    assert all(b.dd_table for b in dealt)  # the analysis came with the deals
    assert client.get(reverse("tournaments:hand_records", args=[event.pk, 9])).status_code == 302


def test_the_api_gives_the_director_the_rounds_hand_records(make_event, director):
    from tests.conftest import api_client

    event = make_event(pairs=4, start=True)
    url = f"/api/events/{event.pk}/rounds/1/hands.pbn"
    assert api_client(UserFactory()).get(url).status_code == 403
    answer = api_client(director).get(url)
    assert answer.status_code == 200 and event.boards.get(number=1).deal in answer.content.decode()
    assert (
        api_client(director).get(f"/api/events/{event.pk}/rounds/99/hands.pbn").status_code == 400
    )


def test_the_console_shows_each_tables_boards_by_state(
    client, make_event, director, django_assert_max_num_queries
):
    event = make_event(pairs=8, start=True)
    rnd = event.rounds.get(number=1)
    t1, t2 = rnd.tables.order_by("number")[:2]
    b1 = event.boards.get(number=1)
    entered = services.result_submit(
        table_id=t1.pk, board_id=b1.pk, user=player(t1.ns), contract="3NT", declarer="N",
        tricks=9, lead=held_lead(b1, "N"),
    )  # fmt: skip
    services.result_reject(result_id=entered.pk, user=player(t1.ew), reason="9 tricks? no")
    other = services.result_submit(
        table_id=t2.pk, board_id=b1.pk, user=player(t2.ns), contract="PASS",
    )  # fmt: skip
    services.result_confirm(result_id=other.pk, user=player(t2.ew))
    with django_assert_max_num_queries(8):
        console = selectors.console_get(event=event)
    states = {
        (row.table.number, c.board.number): c.state for row in console.rows for c in row.cells
    }
    assert states[(1, 1)] == "disputed" and states[(2, 1)] == "confirmed"
    assert states[(3, 1)] == "none" and console.counts["disputed"] == 1
    client.force_login(director)
    page = client.get(reverse("tournaments:event_director", args=[event.pk]))
    html = page.content.decode()
    assert "st-disputed" in html and "?table=1&amp;board=1#correct" in html
    assert "1 disputed board" in html
    # One click from a cell: the correction form has the table and the board.
    page = client.get(reverse("tournaments:event_director", args=[event.pk]) + "?table=1&board=1")
    form = page.context["correction_form"]
    assert form.initial == {"table": 1, "board": 1}
    fragment = client.get(reverse("tournaments:director_console", args=[event.pk]))
    assert fragment.status_code == 200 and "st-disputed" in fragment.content.decode()
    client.force_login(player(t1.ns))
    assert client.get(reverse("tournaments:director_console", args=[event.pk])).status_code == 403
    # Destructive buttons ask first.
    client.force_login(director)
    html = client.get(reverse("tournaments:event_director", args=[event.pk])).content.decode()
    assert html.count("data-confirm=") >= 3


def test_the_director_loads_deals_from_a_pbn_file_on_the_page(client, make_event, director):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tournaments.deals import deal_generate

    event = make_event(pairs=4)
    deal = deal_generate()
    text = f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n\n'
    client.force_login(director)
    url = reverse("tournaments:director_import_deals", args=[event.pk])
    bad = client.post(url, {"pbn": SimpleUploadedFile("x.pbn", b'[Board "1"]\n[Deal "N:AK"]\n')})
    assert bad.status_code == 302
    event.refresh_from_db()
    assert event.settings.preset_deals == {}
    client.post(url, {"pbn": SimpleUploadedFile("deals.pbn", text.encode())})
    event.refresh_from_db()
    assert event.settings.preset_deals == {"1": deal}


def test_a_withdrawn_pair_is_reinstated_before_the_next_round_is_seated(
    client, make_event, director
):
    event = make_event(pairs=6, start=True)
    entry = event.entries.filter(status=Entry.Status.CONFIRMED).first()
    services.entry_withdraw(entry=entry, by=director)
    client.force_login(director)
    page = client.get(reverse("tournaments:event_director", args=[event.pk])).content.decode()
    assert "Reinstate" in page
    client.post(reverse("tournaments:director_reinstate", args=[event.pk, entry.pk]))
    entry.refresh_from_db()
    assert entry.status == Entry.Status.CONFIRMED
    services.entry_withdraw(entry=entry, by=director)
    services.round_close(event=event, number=1)  # round 2 is seated without it
    with pytest.raises(services.results.ConflictError):
        services.entry_reinstate(entry=entry, director=director)
    entry.refresh_from_db()
    assert entry.status == Entry.Status.WITHDRAWN


def test_the_event_log_reads_as_sentences(client, make_event, director):
    event = make_event(pairs=4, start=True)
    client.force_login(director)
    html = client.get(reverse("tournaments:event_director", args=[event.pk])).content.decode()
    assert "Round 1 was seated and started." in html and "The event was created." in html
    assert '<span class="mono">round_open</span>' not in html
    zh = client.get(
        reverse("tournaments:event_director", args=[event.pk]), HTTP_ACCEPT_LANGUAGE="zh-hans"
    ).content.decode()
    assert "Round 1 was seated and started." not in zh
