"""HTML pages: content, forms through the services, director permissions, query counts."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.db.models import Q
from django.template import Context, Template
from django.urls import reverse
from django.utils import timezone

from tests.conftest import held_lead, player
from tests.factories import UserFactory
from tournaments import services
from tournaments.models import Entry, Event, Result, ResultCorrection, Round

CONTRACTS = [("4S", "N", 10), ("3NT", "S", 9), ("4S", "N", 9), ("2H", "E", 8), ("6S", "N", 12)]


def play_round(event, number, *, skip_tables=()):
    """Enter (and confirm) a result at every table and board of a round, varied by table."""
    rnd = event.rounds.get(number=number)
    for table in rnd.tables.filter(ew__isnull=False).order_by("number"):
        if table.number in skip_tables:
            continue
        for board in rnd.boards.order_by("number"):
            contract, declarer, tricks = CONTRACTS[(table.number + board.number) % len(CONTRACTS)]
            result = services.result_submit(
                table_id=table.pk,
                board_id=board.pk,
                user=player(table.ns),
                contract=contract,
                declarer=declarer,
                tricks=tricks,
                lead=held_lead(board, declarer),
            )
            services.result_confirm(result_id=result.pk, user=player(table.ew))


def finish(event):
    for number in range(1, event.num_rounds + 1):
        play_round(event, number)
        services.round_close(event=event, number=number)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    return event


@pytest.fixture
def finished_event(make_event):
    return finish(make_event(pairs=4, start=True, num_rounds=2, name="Spring Swiss"))


# --- Event index and event page -------------------------------------------------------


def test_event_index_lists_events_with_their_winner(client, finished_event, make_event):
    make_event(pairs=2, name="Autumn Swiss")
    winner = Entry.objects.get(event=finished_event, rank=1)
    response = client.get(reverse("tournaments:event_list"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Spring Swiss" in html and "Autumn Swiss" in html
    assert reverse("tournaments:event_detail", args=[finished_event.pk]) in html
    for name in (player(winner, 1).name, player(winner, 2).name):
        assert name in html


def test_event_index_search_by_name_and_date(client, make_event):
    make_event(pairs=2, name="Spring Swiss")
    later = make_event(pairs=2, name="Summer Pairs", start_at=timezone.now() + timedelta(days=5))
    html = client.get(reverse("tournaments:event_list"), {"q": "summer"}).content.decode()
    assert "Summer Pairs" in html and "Spring Swiss" not in html
    day = timezone.localtime(later.start_at).date().isoformat()
    html = client.get(reverse("tournaments:event_list"), {"date": day}).content.decode()
    assert "Summer Pairs" in html and "Spring Swiss" not in html


def test_new_event_button_only_for_directors(client, director, make_event):
    urls = [reverse("tournaments:event_create"), reverse("tournaments:pool_create")]
    html = client.get(reverse("tournaments:event_list")).content.decode()
    assert not any(url in html for url in urls)
    client.force_login(director)
    html = client.get(reverse("tournaments:event_list")).content.decode()
    assert all(url in html for url in urls)


def test_event_page_shows_standings_and_a_grid_linking_to_boards(client, finished_event):
    response = client.get(reverse("tournaments:event_detail", args=[finished_event.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    entries = list(Entry.objects.filter(event=finished_event))
    for entry in entries:
        assert reverse("tournaments:pair_detail", args=[finished_event.pk, entry.pk]) in html
        assert reverse("ratings:player_detail", args=[player(entry).username]) in html
    for number in (1, 2, 3, 4):
        assert reverse("tournaments:board_detail", args=[finished_event.pk, number]) in html
    first = Entry.objects.get(event=finished_event, rank=1)
    assert f"{first.total:.2f}" in html
    assert "Final standings" in html and "✓" in html


def test_mp_totals_are_percentages(client, make_event):
    event = finish(make_event(pairs=4, start=True, num_rounds=1, method=Event.Method.MP))
    html = client.get(reverse("tournaments:event_detail", args=[event.pk])).content.decode()
    first = Entry.objects.get(event=event, rank=1)
    assert f"{first.total:.2f}%" in html


def test_a_negative_total_is_red_on_the_standings_grid_and_pair_page(client, make_event):
    event = finish(make_event(pairs=4, start=True, num_rounds=2))
    loser = Entry.objects.filter(event=event).order_by("total").first()
    assert loser.total < 0
    page = client.get(reverse("tournaments:event_detail", args=[event.pk])).content.decode()
    url = reverse("tournaments:pair_detail", args=[event.pk, loser.pk])
    assert f'<a class="neg" href="{url}">' in page  # the standings' total
    assert re.search(r'<td class="num strong neg">-[\d.]+</td></tr>', page)  # the grid's
    pair = client.get(url).content.decode()
    assert re.search(r'<dd class="big num neg">-[\d.]+</dd>', pair)
    winner = Entry.objects.filter(event=event).order_by("-total").first()
    assert (
        'class="big num neg"'
        not in client.get(
            reverse("tournaments:pair_detail", args=[event.pk, winner.pk])
        ).content.decode()
    )


def test_the_neg_filter():
    template = Template("{% load bridgehall %}[{{ a|neg }}][{{ b|neg }}][{{ c|neg }}][{{ d|neg }}]")
    assert template.render(Context({"a": -3, "b": "-0.50", "c": "2.00", "d": "–"})) == (
        "[neg][neg][][]"
    )


def test_the_score_grid_shows_whole_names_and_each_rounds_opponents(client, make_event):
    event = finish(make_event(pairs=4, start=True, num_rounds=2))
    first = Entry.objects.filter(event=event).order_by("registration_order").first()
    first.members.first().player.__class__.objects.filter(
        pk=first.members.first().player_id
    ).update(display_name="Bartholomew Featherstonehaugh-Cholmondeley")
    page = client.get(reverse("tournaments:event_detail", args=[event.pk])).content.decode()
    grid = page[page.index('<table class="data grid">') :]
    assert "Bartholomew Featherstonehaugh-Cholmondeley" in grid
    # round 1 seats 1 v 2 and 3 v 4 by registration order: pair 1's first column is #2
    row = next(r for r in grid.split("<tr") if "Featherstonehaugh" in r)
    opponents = re.findall(
        r'<td class="num opp rs"><a href="[^"]+" title="against">#(\d+)</a>', row
    )
    assert opponents[0] == "2" and len(opponents) == 2
    assert grid.count('class="num opp rs"') >= 2 * 4 + 2  # every pair, every round, headers


def test_event_page_query_count_is_bounded(client, make_event, django_assert_max_num_queries):
    event = make_event(pairs=30, start=True, num_rounds=2, boards_per_round=3)
    play_round(event, 1)
    services.round_close(event=event, number=1)
    url = reverse("tournaments:event_detail", args=[event.pk])
    with django_assert_max_num_queries(15):
        response = client.get(url)
    assert response.status_code == 200
    client.force_login(player(Entry.objects.filter(event=event).first()))
    with django_assert_max_num_queries(15):
        assert client.get(url).status_code == 200
    with django_assert_max_num_queries(15):
        fragment = client.get(reverse("tournaments:standings_fragment", args=[event.pk]))
    assert fragment.status_code == 200 and b"<html" not in fragment.content


def test_running_event_has_a_clock_and_a_live_fragment(client, make_event):
    event = make_event(pairs=4, start=True)
    html = client.get(reverse("tournaments:event_detail", args=[event.pk])).content.decode()
    rnd = event.rounds.get(number=1)
    assert "data-ends-at" in html and "js/clock.js" in html and "js/live.js" in html
    assert timezone.localtime(rnd.ends_at).strftime("%H:%M") in html
    assert reverse("tournaments:standings_fragment", args=[event.pk]) in html


# --- Registration --------------------------------------------------------------------


def test_register_confirm_and_withdraw_through_the_event_page(client, make_event):
    event = make_event(pairs=0)
    alice, bob = UserFactory(), UserFactory()
    client.force_login(alice)
    url = reverse("tournaments:event_register", args=[event.pk])
    assert client.post(url, {"partner": bob.username}).status_code == 302
    entry = Entry.objects.get(event=event)
    assert entry.status == Entry.Status.PENDING

    client.force_login(bob)
    html = client.get(reverse("tournaments:event_detail", args=[event.pk])).content.decode()
    assert reverse("tournaments:entry_confirm", args=[event.pk, entry.pk]) in html
    client.post(reverse("tournaments:entry_confirm", args=[event.pk, entry.pk]))
    entry.refresh_from_db()
    assert entry.status == Entry.Status.CONFIRMED

    client.post(reverse("tournaments:entry_withdraw", args=[event.pk, entry.pk]))
    entry.refresh_from_db()
    assert entry.status == Entry.Status.WITHDRAWN


def test_register_with_an_unknown_partner_shows_an_error(client, make_event):
    event = make_event(pairs=0)
    client.force_login(UserFactory())
    response = client.post(
        reverse("tournaments:event_register", args=[event.pk]), {"partner": "nobody"}, follow=True
    )
    assert "nobody" in response.content.decode()
    assert not Entry.objects.filter(event=event).exists()


def test_invited_partner_can_decline(client, make_event):
    event = make_event(pairs=0)
    alice, bob = UserFactory(), UserFactory()
    entry = services.entry_register(event=event, player=alice, partner=bob)
    client.force_login(bob)
    client.post(reverse("tournaments:entry_decline", args=[event.pk, entry.pk]))
    entry.refresh_from_db()
    assert entry.status == Entry.Status.DECLINED


# --- Board and pair pages -----------------------------------------------------------


def test_board_page_after_the_round_shows_the_deal_and_every_result(client, make_event):
    event = make_event(pairs=4, start=True)
    play_round(event, 1)
    services.round_close(event=event, number=1)
    board = event.boards.get(number=1)
    board.dd_table = {s: {"N": 10, "E": 3, "S": 10, "W": 3} for s in ("NT", "S", "H", "D", "C")}
    board.par_score, board.par_contracts = 420, "4S N="
    board.save()
    response = client.get(reverse("tournaments:board_detail", args=[event.pk, 1]))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'class="compass"' in html and "♠" in html and "HCP" in html
    assert 'id="results"' in html
    for result in Result.objects.filter(board=board):
        assert f"{result.ns_score:+d}" in html
    assert "Par" in html and "+420" in html
    assert reverse("tournaments:board_detail", args=[event.pk, 2]) in html  # next board


def test_board_page_query_count(client, make_event, django_assert_max_num_queries):
    event = make_event(pairs=30, start=True)
    play_round(event, 1)
    table = event.rounds.get(number=1).tables.get(number=1)
    client.force_login(player(table.ns))
    url = reverse("tournaments:board_detail", args=[event.pk, 1])
    with django_assert_max_num_queries(10):
        response = client.get(url)
    assert 'class="compass"' in response.content.decode()
    client.logout()
    services.round_close(event=event, number=1)
    with django_assert_max_num_queries(10):
        assert client.get(url).status_code == 200


def test_unknown_board_is_404(client, make_event):
    event = make_event(pairs=4, start=True)
    assert client.get(reverse("tournaments:board_detail", args=[event.pk, 99])).status_code == 404


def test_pair_page_shows_the_history_and_a_place_chart(client, finished_event):
    entry = Entry.objects.get(event=finished_event, rank=1)
    response = client.get(reverse("tournaments:pair_detail", args=[finished_event.pk, entry.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Round 1" in html and "Round 2" in html
    assert "<svg" in html and "<polyline" in html
    for standing in entry.standings.all():
        assert f"{standing.total:.2f}" in html
    tables = list(Round.objects.get(event=finished_event, number=1).tables.all())
    opponents = next(
        t.ew if t.ns_id == entry.pk else t.ns for t in tables if entry.pk in (t.ns_id, t.ew_id)
    )
    assert player(opponents).name in html


# --- My table --------------------------------------------------------------------------


@pytest.fixture
def seated(make_event):
    event = make_event(pairs=4, start=True)
    table = event.rounds.get(number=1).tables.get(number=1)
    board = event.boards.get(number=1)
    return event, table, board


def result_post(board, **fields):
    data = {"contract": "4S", "declarer": "N", "tricks": "10", "lead": held_lead(board, "N")}
    data.update(fields)
    return {"board": board.pk, **{f"b{board.pk}-{k}": v for k, v in data.items()}}


def test_my_table_shows_the_seat_boards_and_clock(client, seated):
    event, table, board = seated
    client.force_login(player(table.ew))
    response = client.get(reverse("tournaments:my_table", args=[event.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert player(table.ns).name in html  # the opponents
    assert "EW" in html and "data-ends-at" in html and "js/clock.js" in html
    assert f"b{board.pk}-contract" in html


def test_a_seated_player_enters_a_result_and_the_opponent_confirms(client, seated):
    event, table, board = seated
    url = reverse("tournaments:my_table", args=[event.pk])
    client.force_login(player(table.ns))
    response = client.post(url, result_post(board))
    assert response.status_code == 302
    result = Result.objects.get(table=table, board=board)
    assert result.ns_score == 420 and result.entered_side == "NS" and not result.is_confirmed

    client.force_login(player(table.ew, 2))
    html = client.get(url).content.decode()
    confirm = reverse("tournaments:result_confirm", args=[event.pk, result.pk])
    assert confirm in html
    client.post(confirm)
    result.refresh_from_db()
    assert result.is_confirmed
    assert "confirmed" in client.get(url).content.decode()


def test_the_entering_side_cannot_confirm_its_own_result(client, seated):
    event, table, board = seated
    client.force_login(player(table.ns))
    client.post(reverse("tournaments:my_table", args=[event.pk]), result_post(board))
    result = Result.objects.get(table=table, board=board)
    response = client.post(
        reverse("tournaments:result_confirm", args=[event.pk, result.pk]), follow=True
    )
    result.refresh_from_db()
    assert not result.is_confirmed
    assert "The opponents of the side that entered it" in response.content.decode()


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"contract": "8S"}, "is not a contract"),
        ({"declarer": ""}, "declarer must be"),
        ({"lead": "ZZ"}, "opening lead"),
        ({"tricks": "14"}, "less than or equal to 13"),
    ],
)
def test_a_bad_result_shows_the_error_and_stores_nothing(client, seated, fields, message):
    event, table, board = seated
    client.force_login(player(table.ns))
    response = client.post(
        reverse("tournaments:my_table", args=[event.pk]), result_post(board, **fields)
    )
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Result.objects.filter(table=table).exists()


def test_my_table_without_a_seat_is_friendly(client, make_event):
    event = make_event(pairs=2)
    user = UserFactory()
    client.force_login(user)
    response = client.get(reverse("tournaments:my_table", args=[event.pk]))
    assert response.status_code == 200
    assert "not entered in this event" in response.content.decode()
    assert client.get(reverse("tournaments:my_table_current")).status_code == 200


def test_my_table_needs_a_login(client, seated):
    event, _, _ = seated
    response = client.get(reverse("tournaments:my_table", args=[event.pk]))
    assert response.status_code == 302 and reverse("login") in response["Location"]


def test_header_my_table_goes_to_the_running_event(client, seated):
    event, table, _ = seated
    client.force_login(player(table.ns))
    response = client.get(reverse("tournaments:my_table_current"))
    assert response["Location"] == reverse("tournaments:my_table", args=[event.pk])


def my_table_state(client, event):
    response = client.get(reverse("tournaments:my_table_state", args=[event.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    assert response["Cache-Control"] == "no-store"
    return response.json()


def test_my_table_state_follows_the_round_end_and_the_next_round(client, make_event):
    event = make_event(pairs=4, start=True)
    rnd = event.rounds.get(number=1)
    table = rnd.tables.get(number=2)
    client.force_login(player(table.ew))

    state = my_table_state(client, event)
    assert state["event_status"] == "running"
    assert (state["round"], state["status"], state["table"]) == (1, "open", 2)
    assert state["ends_at"] == state["due"] == rnd.ends_at.isoformat()
    assert state["next_round"] is None and state["next_starts_at"] is None
    page = client.get(reverse("tournaments:my_table", args=[event.pk])).content.decode()
    assert f'data-signature="{state["signature"]}"' in page
    assert reverse("tournaments:my_table_state", args=[event.pk]) in page
    assert "js/mytable.js" in page

    services.round_close(event=event, number=1, open_next=False)  # a timed event's gap
    event.refresh_from_db()
    waiting = my_table_state(client, event)
    assert (waiting["round"], waiting["status"], waiting["table"]) == (1, "closed", 2)
    assert waiting["next_round"] == 2
    assert waiting["next_starts_at"] == waiting["due"] == event.round_start(2).isoformat()
    assert waiting["signature"] != state["signature"]
    page = client.get(reverse("tournaments:my_table", args=[event.pk])).content.decode()
    assert "Round over — waiting for the next round" in page
    assert f'data-signature="{waiting["signature"]}"' in page

    services.round_open(event=event, number=2)
    event.refresh_from_db()
    second = event.rounds.get(number=2)
    seat = second.tables.get(Q(ns=table.ew) | Q(ew=table.ew))
    moved = my_table_state(client, event)
    assert (moved["round"], moved["status"], moved["table"]) == (2, "open", seat.number)
    assert moved["due"] == second.ends_at.isoformat() and moved["next_round"] is None
    assert moved["signature"] not in (state["signature"], waiting["signature"])
    page = client.get(reverse("tournaments:my_table", args=[event.pk])).content.decode()
    assert f'data-signature="{moved["signature"]}"' in page
    assert 'class="clock-status' not in page


def test_my_table_state_after_the_last_round_stops_the_polling(client, make_event):
    event = make_event(pairs=4, start=True, num_rounds=1)
    table = event.rounds.get(number=1).tables.get(number=1)
    client.force_login(player(table.ns))
    services.round_close(event=event, number=1)
    event.refresh_from_db()
    state = my_table_state(client, event)
    assert state["event_status"] == "finished" and state["status"] == "closed"
    assert state["next_round"] is None and state["due"] is None
    page = client.get(reverse("tournaments:my_table", args=[event.pk])).content.decode()
    assert "The event has finished." in page and "data-state-url" not in page


def test_my_table_state_before_the_start_and_for_strangers(client, make_event):
    event = make_event(pairs=2)
    member = player(Entry.objects.filter(event=event).first())
    url = reverse("tournaments:my_table_state", args=[event.pk])
    assert client.get(url).status_code == 403  # not logged in
    client.force_login(member)
    state = my_table_state(client, event)
    assert (state["event_status"], state["round"], state["table"]) == ("registration", 0, None)
    assert state["due"] == event.round_start(1).isoformat()
    assert (
        "data-state-url"
        in client.get(reverse("tournaments:my_table", args=[event.pk])).content.decode()
    )
    client.force_login(UserFactory())  # not entered: nothing to follow
    assert (
        "data-state-url"
        not in client.get(reverse("tournaments:my_table", args=[event.pk])).content.decode()
    )
    assert client.get(reverse("tournaments:my_table_state", args=[9999])).status_code == 404


def test_my_table_state_is_cheap(client, make_event, django_assert_max_num_queries):
    event = make_event(pairs=30, start=True)
    client.force_login(player(event.rounds.get(number=1).tables.get(number=3).ns))
    with django_assert_max_num_queries(6):  # session, user, event, round, table, results
        my_table_state(client, event)


# --- Director pages ----------------------------------------------------------------------


def director_urls(event):
    return [
        ("get", reverse("tournaments:event_director", args=[event.pk])),
        ("get", reverse("tournaments:event_create")),
        ("post", reverse("tournaments:director_start", args=[event.pk])),
        ("post", reverse("tournaments:director_add_pair", args=[event.pk])),
        ("post", reverse("tournaments:director_correct", args=[event.pk])),
        ("post", reverse("tournaments:director_close_round", args=[event.pk, 1])),
    ]


def test_director_pages_are_403_for_players(client, make_event):
    event = make_event(pairs=2)
    client.force_login(UserFactory())
    for method, url in director_urls(event):
        assert getattr(client, method)(url).status_code == 403, url
    event.refresh_from_db()
    assert event.status == Event.Status.REGISTRATION


def test_director_pages_send_anonymous_users_to_log_in(client, make_event):
    event = make_event(pairs=2)
    response = client.get(reverse("tournaments:event_director", args=[event.pk]))
    assert response.status_code == 302 and reverse("login") in response["Location"]


def test_the_event_director_who_is_not_staff_may_direct_it(client, make_event):
    owner = UserFactory()
    event = make_event(pairs=2, director=owner)
    client.force_login(owner)
    assert client.get(reverse("tournaments:event_director", args=[event.pk])).status_code == 200


def test_director_creates_an_event(client, director):
    client.force_login(director)
    response = client.post(
        reverse("tournaments:event_create"),
        {
            "name": "Monday Swiss",
            "start_at": (timezone.localtime() + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M"),
            "num_rounds": 5,
            "boards_per_round": 4,
            "round_minutes": 30,
            "gap_minutes": 5,
            "method": "mp",
            "finish_threshold": "0.70",
            "bye_score": "A=",
        },
    )
    event = Event.objects.get(name="Monday Swiss")
    assert response.status_code == 302
    assert (event.num_rounds, event.boards_per_round, event.method) == (5, 4, "mp")
    assert event.director == director and float(event.settings.finish_threshold) == 0.70


def test_event_form_shows_errors(client, director):
    client.force_login(director)
    response = client.post(reverse("tournaments:event_create"), {"name": "", "num_rounds": 99})
    assert response.status_code == 200
    assert not Event.objects.exists()
    assert "form-error" in response.content.decode()


def test_director_starts_adds_a_late_pair_and_closes_a_round(client, director, make_event):
    event = make_event(pairs=4)
    client.force_login(director)
    client.post(reverse("tournaments:director_start", args=[event.pk]))
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING and event.current_round == 1

    a, b = UserFactory(), UserFactory()
    client.post(
        reverse("tournaments:director_add_pair", args=[event.pk]),
        {"player1": a.username, "player2": b.username},
    )
    late = Entry.objects.get(event=event, members__player=a)
    assert late.late and late.status == Entry.Status.CONFIRMED

    html = client.get(reverse("tournaments:event_director", args=[event.pk])).content.decode()
    assert "Close round 1 now" in html and a.name in html
    client.post(reverse("tournaments:director_close_round", args=[event.pk, 1]))
    assert event.rounds.get(number=1).status == Round.Status.CLOSED
    assert event.rounds.get(number=2).is_open


def test_director_add_pair_errors_are_shown(client, director, make_event):
    event = make_event(pairs=2)
    taken = player(Entry.objects.filter(event=event).first())
    client.force_login(director)
    response = client.post(
        reverse("tournaments:director_add_pair", args=[event.pk]),
        {"player1": taken.username, "player2": UserFactory().username},
    )
    assert response.status_code == 200
    assert "already entered" in response.content.decode()


def test_director_sits_a_pair_out_and_withdraws_it(client, director, make_event):
    event = make_event(pairs=4, start=True)
    entry = Entry.objects.filter(event=event).first()
    client.force_login(director)
    client.post(
        reverse("tournaments:director_sit_out", args=[event.pk, entry.pk]), {"sitting_out": "1"}
    )
    entry.refresh_from_db()
    assert entry.sitting_out
    client.post(
        reverse("tournaments:director_sit_out", args=[event.pk, entry.pk]), {"sitting_out": "0"}
    )
    entry.refresh_from_db()
    assert not entry.sitting_out
    client.post(reverse("tournaments:director_withdraw", args=[event.pk, entry.pk]))
    entry.refresh_from_db()
    assert entry.status == Entry.Status.WITHDRAWN


def test_director_corrects_a_result_and_sees_the_audit(client, director, seated):
    event, table, board = seated
    services.result_submit(
        table_id=table.pk,
        board_id=board.pk,
        user=player(table.ns),
        contract="4S",
        declarer="N",
        tricks=10,
        lead=held_lead(board.pk, "N"),
    )
    client.force_login(director)
    url = reverse("tournaments:director_correct", args=[event.pk])
    response = client.post(
        url,
        {
            "table": 1,
            "board": 1,
            "contract": "4S",
            "declarer": "N",
            "tricks": 9,
            "lead": held_lead(board, "N"),
            "reason": "Revoke",
        },
    )
    assert response.status_code == 302
    correction = ResultCorrection.objects.get()
    assert correction.old_value["ns_score"] == 420 and correction.new_value["ns_score"] == -50
    assert correction.reason == "Revoke" and correction.changed_by == director
    html = client.get(reverse("tournaments:event_director", args=[event.pk])).content.decode()
    assert "Revoke" in html and "-50" in html


def test_director_assigns_adjusted_scores(client, director, seated):
    event, table, board = seated
    client.force_login(director)
    client.post(
        reverse("tournaments:director_correct", args=[event.pk]),
        {"table": 1, "board": 1, "ns_adjustment": "A+", "ew_adjustment": "A-", "reason": "Slow"},
    )
    result = Result.objects.get(table=table, board=board)
    assert result.status == Result.Status.ADJUSTED
    assert (result.ns_adjustment, result.ew_adjustment) == ("A+", "A-")


def test_director_correction_errors_are_shown(client, director, seated):
    event, _, _ = seated
    client.force_login(director)
    url = reverse("tournaments:director_correct", args=[event.pk])
    response = client.post(url, {"table": 9, "board": 1, "contract": "4S"})
    assert "has no table 9" in response.content.decode()
    response = client.post(url, {"table": 1, "board": 1, "contract": "9S"})
    assert "is not a contract" in response.content.decode()
    assert not ResultCorrection.objects.exists()


# --- Accounts and language ------------------------------------------------------------------


def test_login_and_signup_pages(client, db):
    assert client.get(reverse("login")).status_code == 200
    response = client.post(
        reverse("signup"),
        {
            "username": "newbie",
            "display_name": "New Player",
            "email": "n@example.org",
            "password1": "a-long-pass-123",
            "password2": "a-long-pass-123",
        },
    )
    assert response.status_code == 302
    assert "New Player" in client.get(reverse("tournaments:event_list")).content.decode()


def test_language_switch_to_simplified_chinese(client, make_event):
    make_event(pairs=2)
    html = client.get(reverse("tournaments:event_list")).content.decode()
    assert 'action="/i18n/setlang/"' in html and "简体中文" in html
    client.post("/i18n/setlang/", {"language": "zh-hans", "next": "/"})
    html = client.get(reverse("tournaments:event_list")).content.decode()
    assert "赛事" in html and "报名中" in html


def test_director_pauses_resumes_and_extends_the_clock(client, director, make_event):
    event = make_event(pairs=4, start=True)
    rnd = event.rounds.get(number=1)
    url = reverse("tournaments:director_clock", args=[event.pk])
    client.force_login(director)
    client.post(url, {"action": "extend"})
    ends_at = rnd.ends_at
    rnd.refresh_from_db()
    assert rnd.ends_at - ends_at == timedelta(minutes=5)
    client.post(url, {"action": "pause"})
    event.refresh_from_db()
    assert event.paused_at is not None
    html = client.get(reverse("tournaments:event_detail", args=[event.pk])).content.decode()
    assert "Paused" in html
    client.post(url, {"action": "resume"})
    event.refresh_from_db()
    assert event.paused_at is None


def test_between_timed_rounds_the_pages_count_down_to_the_next_round(client, make_event):
    event = make_event(pairs=4, start=True)
    services.round_close(event=event, number=1, open_next=False)
    event.refresh_from_db()
    start = timezone.localtime(event.round_start(2)).strftime("%H:%M")
    html = client.get(reverse("tournaments:event_detail", args=[event.pk])).content.decode()
    assert "Round 2 starts at" in html and start in html
    table = event.rounds.get(number=1).tables.get(number=1)
    client.force_login(player(table.ns))
    html = client.get(reverse("tournaments:my_table", args=[event.pk])).content.decode()
    assert "Round 2 starts at" in html


def test_event_index_lists_running_events_first(client, finished_event, make_event):
    make_event(pairs=4, start=True, name="Live Swiss")
    html = client.get(reverse("tournaments:event_list")).content.decode()
    assert html.index("Live Swiss") < html.index("Spring Swiss")


def test_open_events_are_listed_soonest_first_and_say_registration_open_once(client, make_event):
    later = make_event(pairs=0, name="Later", start_at=timezone.now() + timedelta(days=9))
    sooner = make_event(pairs=0, name="Sooner", start_at=timezone.now() + timedelta(days=2))
    page = client.get(reverse("tournaments:event_list")).content.decode()
    assert page.index(sooner.name) < page.index(later.name)
    cards = page.split('<li class="card event-card')[1:]
    assert len(cards) == 2
    for card in cards:
        assert card.count("Registration open") == 1, card


def test_finished_events_are_listed_newest_first(client, make_event):
    old = finish(make_event(pairs=2, start=True, num_rounds=1, name="Old night"))
    new = finish(make_event(pairs=2, start=True, num_rounds=1, name="New night"))
    Event.objects.filter(pk=old.pk).update(start_at=timezone.now() - timedelta(days=30))
    page = client.get(reverse("tournaments:event_list")).content.decode()
    assert page.index(new.name) < page.index(old.name)


def test_my_table_shows_a_paused_clock_and_redraws_on_resume(client, make_event, director):
    from tournaments.services import schedule

    event = make_event(pairs=4, start=True)
    table = event.rounds.get(number=1).tables.get(number=1)
    client.force_login(player(table.ns))
    running = my_table_state(client, event)
    schedule.event_pause(event=event, director=director)
    paused = my_table_state(client, event)
    assert paused["paused"] and paused["due"] is None
    assert paused["signature"] != running["signature"]
    page = client.get(reverse("tournaments:my_table", args=[event.pk])).content.decode()
    assert "The director has stopped the clock" in page
    schedule.event_resume(event=event, director=director)
    resumed = my_table_state(client, event)
    assert not resumed["paused"] and resumed["due"] == resumed["ends_at"]
    assert resumed["signature"] not in (running["signature"], paused["signature"])


def test_an_unknown_clock_action_is_reported(client, make_event, director):
    event = make_event(pairs=4, start=True)
    client.force_login(director)
    url = reverse("tournaments:event_director", args=[event.pk]) + "clock/"
    response = client.post(url, {"action": "explode"}, follow=True)
    assert "Choose pause, resume or extend." in response.content.decode()
    event.refresh_from_db()
    assert event.paused_at is None


def test_the_director_extends_the_round_by_the_minutes_given(client, make_event, director):
    from datetime import timedelta

    event = make_event(pairs=4, start=True)
    rnd = event.rounds.get(number=1)
    before = rnd.ends_at
    client.force_login(director)
    url = reverse("tournaments:director_clock", args=[event.pk])
    page = client.post(url, {"action": "extend", "minutes": "12"}, follow=True).content.decode()
    assert "The round has 12 more minutes." in page
    rnd.refresh_from_db()
    assert rnd.ends_at == before + timedelta(minutes=12)
    page = client.post(url, {"action": "extend", "minutes": "lots"}, follow=True).content.decode()
    assert "Extend by 1 to 240 minutes." in page
    rnd.refresh_from_db()
    assert rnd.ends_at == before + timedelta(minutes=12)
