"""A Swiss pairs event's ``mp_factoring`` (docs/rules.md § Comparing results): a board
played at fewer of its tables (one cut) is matchpointed over the results played
(*default*) or rescaled to every table by Neuberg's formula. Worked by hand below."""

from __future__ import annotations

import pytest

from tests.conftest import api_client, held_lead, player
from tournaments import services
from tournaments.models import Result

pytestmark = pytest.mark.django_db


def play_but_one(event, tricks_by_table):
    """Round 1: board 1 is played at the tables in ``tricks_by_table`` (4S by North),
    the other table's board 1 is cut; board 2 is played everywhere (10 tricks)."""
    rnd = event.rounds.get(number=1)
    for table in rnd.tables.filter(ew__isnull=False).order_by("number"):
        for board in rnd.boards.order_by("number"):
            tricks = tricks_by_table.get(table.number) if board.number == 1 else 10
            if tricks is None:
                continue
            r = services.result_submit(
                table_id=table.pk, board_id=board.pk, user=player(table.ns), contract="4S",
                declarer="N", tricks=tricks, lead=held_lead(board, "N"),
            )  # fmt: skip
            services.result_confirm(result_id=r.pk, user=player(table.ew))
    services.round_close(event=event, number=1)
    return {
        r.table.number: (r.ns_points, r.ew_points)
        for r in Result.objects.filter(board__event=event, board__number=1, status="played")
    }


def test_the_default_is_the_percentage_over_the_results_played(make_event):
    event = make_event(pairs=6, start=True, method="mp")
    assert event.settings.mp_factoring == "played"
    # 420 beats nothing (0%), 450 beats 420 (100%): two results, top 2
    points = play_but_one(event, {1: 10, 2: 11})
    assert points == {1: (0.0, 100.0), 2: (100.0, 0.0)}


def test_neuberg_rescales_a_board_played_at_two_of_three_tables(make_event):
    event = make_event(pairs=6, start=True, method="mp", mp_factoring="neuberg")
    # MP over the two played: 0 and 2. Neuberg to 3 tables: (MP + 1) * 3 / 2 - 1 gives
    # 0.5 and 3.5 on a top of 2 * (3 - 1) = 4: 12.5% and 87.5%.
    points = play_but_one(event, {1: 10, 2: 11})
    assert points == {1: (12.5, 87.5), 2: (87.5, 12.5)}
    # a board played at every table is the same either way: 420 at all three, 50% each
    full = Result.objects.filter(board__event=event, board__number=2)
    assert {r.ns_points for r in full} == {50.0}


def test_the_setting_is_in_the_api_and_checked(director):
    from datetime import timedelta

    from django.utils import timezone

    body = {"name": "Factored", "start_at": (timezone.now() + timedelta(hours=2)).isoformat(),
            "num_rounds": 3, "boards_per_round": 2, "method": "mp"}  # fmt: skip
    made = api_client(director).post("/api/events/", {**body, "mp_factoring": "neuberg"},
                                     format="json")  # fmt: skip
    assert made.status_code == 201 and made.json()["mp_factoring"] == "neuberg"
    plain = api_client(director).post("/api/events/", body, format="json").json()
    assert plain["mp_factoring"] == "played"
    bad = api_client(director).post("/api/events/", {**body, "mp_factoring": "guess"},
                                    format="json")  # fmt: skip
    assert bad.status_code == 400
