"""Mitchell and Howell events on the pages and in the API: the director creates one,
everyone reads the movement cards, my-table says where to go next."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.conftest import api_client
from tests.factories import UserFactory
from tournaments import services
from tournaments.models import Entry, Event


def start_field(event, pairs):
    for _ in range(pairs):
        a, b = UserFactory(), UserFactory()
        entry = services.entry_register(event=event, player=a, partner=b)
        services.entry_confirm(entry=entry, player=b)
    services.event_start(event=event, rng=random.Random(1))
    event.refresh_from_db()
    return list(Entry.objects.filter(event=event).order_by("registration_order"))


def form(**extra):
    data = {
        "name": "Tuesday Mitchell",
        "start_at": (timezone.localtime() + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M"),
        "num_rounds": 5,
        "boards_per_round": 3,
        "round_minutes": 21,
        "gap_minutes": 2,
        "method": "mp",
        "finish_threshold": "0.70",
        "kind": "mitchell",
        "mp_factoring": "neuberg",
    }
    data.update(extra)
    return data


def test_director_creates_a_mitchell_on_the_page(client, director):
    client.force_login(director)
    page = client.get(reverse("tournaments:movement_event_create"))
    assert page.status_code == 200 and "arrow_switch" in page.content.decode()
    response = client.post(reverse("tournaments:movement_event_create"), form(arrow_switch="on"))
    assert response.status_code == 302
    event = Event.objects.get(name="Tuesday Mitchell")
    assert event.kind == "mitchell" and event.method == "mp"
    assert event.settings.arrow_switch and event.settings.mp_factoring == "neuberg"
    assert (event.num_rounds, event.boards_per_round) == (5, 3)


def test_the_movement_form_refuses_an_arrow_switched_howell(client, director):
    client.force_login(director)
    response = client.post(
        reverse("tournaments:movement_event_create"), form(kind="howell", arrow_switch="on")
    )
    assert response.status_code == 200
    assert "Only a Mitchell has an arrow switch." in response.content.decode()
    assert not Event.objects.exists()


@pytest.mark.django_db
def test_a_player_cannot_create_a_movement_event(client):
    client.force_login(UserFactory())
    response = client.post(reverse("tournaments:movement_event_create"), form())
    assert response.status_code == 403 and not Event.objects.exists()


def test_movement_cards_page(client, make_event, django_assert_max_num_queries):
    """Who sits where is public: an anonymous visitor reads every pair's card."""
    event = make_event(pairs=0, kind=Event.Kind.HOWELL, method="mp", num_rounds=5)
    before = client.get(reverse("tournaments:movement_cards", args=[event.pk]))
    assert "fixed when round 1 starts" in before.content.decode()
    entries = start_field(event, 8)
    with django_assert_max_num_queries(12):
        page = client.get(reverse("tournaments:movement_cards", args=[event.pk]))
    html = page.content.decode()
    assert page.status_code == 200
    assert html.count('class="card movement-card') == 8
    # pair 1's card: round 1 at table 1 against the pair the movement says
    first = entries[0]
    t1 = (
        event.rounds.get(number=1).tables.get(ns=first)
        if event.rounds.get(number=1).tables.filter(ns=first).exists()
        else event.rounds.get(number=1).tables.get(ew=first)
    )
    opponent = t1.ew if t1.ns == first else t1.ns
    card = html.split('data-pair="1"')[1].split("</section>")[0]
    row1 = card.split("<tbody>")[1].split("</tr>")[0]
    assert f"<td>{t1.number}</td>" in row1
    assert opponent.members.first().player.name in row1
    assert f"<td>{t1.board_set}</td>" in row1


def test_movement_cards_are_for_movements_only(client, make_event):
    event = make_event(pairs=4)
    assert client.get(reverse("tournaments:movement_cards", args=[event.pk])).status_code == 404


def test_my_table_says_where_to_go_next(client, make_event):
    event = make_event(pairs=0, kind=Event.Kind.MITCHELL, method="mp", num_rounds=3)
    entries = start_field(event, 6)  # 3 tables
    ew = entries[3]  # EW pair 4 at table 1 in round 1, table 2 in round 2
    client.force_login(ew.members.first().player)
    response = client.get(reverse("tournaments:my_table", args=[event.pk]))
    assert [b.number for b in response.context["seat"].boards] == [1, 2]  # its set only
    html = response.content.decode()
    assert "Round 2: where to go" in html
    assert "Table 2, EW, board set 3" in html  # set 3 moved down from table 3 to 2
    body = api_client(ew.members.first().player).get(f"/api/events/{event.pk}/my-table/").json()
    assert body["table"]["number"] == 1 and body["side"] == "EW"
    assert [b["number"] for b in body["boards"]] == [1, 2]  # set 1: boards 1 and 2
    assert body["next"] == {
        "round": 2, "table": 2, "direction": "EW", "opponent": entries[1].pk, "set": 3,
        "boards": [5, 6],
    }  # fmt: skip


@pytest.mark.django_db
def test_api_creates_a_howell_and_reads_its_cards(director):
    client = api_client(director)
    response = client.post(
        "/api/events/",
        {
            "name": "API Howell",
            "start_at": (timezone.now() + timedelta(hours=2)).isoformat(),
            "num_rounds": 7,
            "boards_per_round": 2,
            "method": "mp",
            "kind": "howell",
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    event = Event.objects.get(name="API Howell")
    assert event.kind == "howell" and event.settings.mp_factoring == "neuberg"
    assert client.get(f"/api/events/{event.pk}/movement/").json()["pairs"] == []
    start_field(event, 8)
    detail = api_client().get(f"/api/events/{event.pk}/").json()
    assert detail["movement"] == {"arrow_switch": False, "mp_factoring": "neuberg", "tables": 4}
    body = api_client().get(f"/api/events/{event.pk}/movement/").json()
    assert body["kind"] == "howell" and body["tables"] == 4 and body["rounds"] == 7
    assert len(body["pairs"]) == 8
    card = body["pairs"][0]
    assert card["pair"] == 1 and card["field"] is None and len(card["rounds"]) == 7
    line = card["rounds"][0]
    assert set(line) == {"round", "table", "direction", "opponent", "set", "boards"}


@pytest.mark.django_db
def test_api_refuses_bad_movement_options(director):
    client = api_client(director)
    base = {
        "name": "Bad",
        "start_at": (timezone.now() + timedelta(hours=2)).isoformat(),
        "num_rounds": 3,
        "boards_per_round": 2,
    }
    for extra in ({"kind": "howell", "arrow_switch": True}, {"kind": "pool"}):
        response = client.post("/api/events/", {**base, **extra}, format="json")
        assert response.status_code == 400
    assert not Event.objects.exists()


def play_round(event, number, tricks=10):
    from tests.conftest import held_lead
    from tournaments.models import Board

    for t in event.rounds.get(number=number).tables.all():
        for b in Board.objects.filter(event=event, board_set=t.board_set):
            ns = t.ns.members.first().player
            r = services.result_submit(
                table_id=t.pk, board_id=b.pk, user=ns, contract="4S", declarer="N",
                tricks=tricks + t.number % 2, lead=held_lead(b, "N"),
            )  # fmt: skip
            services.result_confirm(result_id=r.pk, user=t.ew.members.first().player)


def test_event_page_of_a_mitchell_hides_travelling_sets_and_groups_by_set(
    client, make_event, django_assert_max_num_queries
):
    event = make_event(pairs=0, kind=Event.Kind.MITCHELL, method="mp", num_rounds=3)
    start_field(event, 8)  # 4 tables, 3 rounds: every set is still travelling
    play_round(event, 1)
    services.round_close(event=event, number=1)
    url = reverse("tournaments:event_detail", args=[event.pk])
    with django_assert_max_num_queries(20):
        html = client.get(url).content.decode()
    assert "Scores by board" not in html  # no set has finished its travels
    play_round(event, 2)
    services.round_close(event=event, number=2)
    play_round(event, 3)
    services.round_close(event=event, number=3)
    with django_assert_max_num_queries(20):
        html = client.get(url).content.decode()
    assert "Scores by board" in html
    assert "Set 1" in html and "Set 4" in html and "Round 2" not in html
    assert html.count('<span class="badge field">NS</span>') == 4
    assert html.count('<span class="badge field">EW</span>') == 4


def test_a_travelling_board_stays_hidden_until_its_set_has_finished(client, make_event):
    from tournaments.models import Board

    event = make_event(pairs=0, kind=Event.Kind.MITCHELL, method="mp", num_rounds=3)
    entries = start_field(event, 6)  # 3 tables: set 1 goes to tables 1, 3, 2
    play_round(event, 1)
    services.round_close(event=event, number=1)
    board = Board.objects.get(event=event, number=1)
    later = entries[0]  # NS pair 1 played set 1 in round 1: it sees the board
    client.force_login(later.members.first().player)
    url = reverse("tournaments:board_detail", args=[event.pk, board.number])
    assert client.get(url).context["visible"]
    third = entries[2]  # NS pair 3 plays set 1 in round 2: still secret to it
    client.force_login(third.members.first().player)
    assert not client.get(url).context["visible"]
    play_round(event, 2)
    services.round_close(event=event, number=2)
    assert client.get(url).context["visible"]  # pair 3 has played it now
    client.force_login(entries[1].members.first().player)
    assert not client.get(url).context["visible"]  # pair 2 plays set 1 in round 3
    play_round(event, 3)
    services.round_close(event=event, number=3)
    client.logout()
    assert client.get(url).context["visible"]  # the event is over: everyone sees it


@pytest.mark.parametrize("kind", [Event.Kind.MITCHELL, Event.Kind.HOWELL])
def test_every_page_of_a_movement_event_answers(client, make_event, director, kind):
    """The pages Swiss pairs have (director, console, hand records, pair, board, edit,
    exports) work for a movement, running and finished."""
    event = make_event(pairs=0, kind=kind, method="mp", num_rounds=3)
    entries = start_field(event, 8)
    client.force_login(director)
    pages = [
        reverse("tournaments:event_detail", args=[event.pk]),
        reverse("tournaments:event_director", args=[event.pk]),
        reverse("tournaments:event_edit", args=[event.pk]),
        reverse("tournaments:director_console", args=[event.pk]),
        reverse("tournaments:hand_records", args=[event.pk, 1]),
        reverse("tournaments:pair_detail", args=[event.pk, entries[0].pk]),
        reverse("tournaments:board_detail", args=[event.pk, 1]),
        reverse("tournaments:movement_cards", args=[event.pk]),
        reverse("tournaments:standings_fragment", args=[event.pk]),
        f"/api/events/{event.pk}/",
        f"/api/events/{event.pk}/standings/",
        f"/api/events/{event.pk}/export/results.pbn",
        f"/api/events/{event.pk}/export/usebio.xml",
        f"/api/events/{event.pk}/export/hands.pbn",
    ]
    for url in pages:
        assert client.get(url).status_code == 200, url
    for number in (1, 2, 3):
        play_round(event, number)
        services.round_close(event=event, number=number)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    for url in pages[:1] + pages[5:]:
        assert client.get(url).status_code == 200, url


def test_the_director_edits_a_movement_before_the_start(client, make_event, director):
    event = make_event(pairs=0, kind=Event.Kind.HOWELL, method="mp", num_rounds=5)
    client.force_login(director)
    url = reverse("tournaments:event_edit", args=[event.pk])
    page = client.get(url).content.decode()
    assert 'name="mp_factoring"' in page and 'name="bye_score"' not in page
    data = form(name="Renamed Howell", kind=None, num_rounds=7, mp_factoring="played")
    data.pop("kind")
    data["start_at"] = timezone.localtime(event.start_at).strftime("%Y-%m-%dT%H:%M")
    assert client.post(url, data).status_code == 302
    event.refresh_from_db()
    assert (event.name, event.num_rounds, event.settings.mp_factoring) == (
        "Renamed Howell", 7, "played",
    )  # fmt: skip
    response = client.post(url, {**data, "arrow_switch": "on"})
    assert "Only a Mitchell has an arrow switch." in response.content.decode()
    event.refresh_from_db()
    assert not event.settings.arrow_switch
