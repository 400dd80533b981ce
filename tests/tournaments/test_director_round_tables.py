"""The director's page of a running round lists the round table by table (issue #32,
item 16): each table's number, its North–South pair, its East–West pair and where its
board stands (online: the board, the auction or the play's trick; at physical tables,
how many boards have a result), in a bounded number of queries whatever the field."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.conftest import held_lead, player
from tests.online.conftest import online  # noqa: F401 - an online Swiss table, round 1 open
from tests.tableplay.helpers import legal_cards
from tournaments import selectors, services

pytestmark = pytest.mark.django_db


def table_rows(html: str) -> dict[str, dict[str, str]]:
    """The round's table rows by number: each cell's text by its label."""
    body = html.split('id="console-tables"')[1].split("</table>")[0]
    rows = {}
    for row in re.findall(r'<tr class="console-row"[^>]*>(.*?)</tr>', body, re.S):
        cells = re.findall(r'<td[^>]*data-label="([^"]+)"[^>]*>(.*?)</td>', row, re.S)
        text = {label: " ".join(re.sub(r"<[^>]+>", " ", cell).split()) for label, cell in cells}
        rows[text["Table"].split()[0]] = text
    return rows


def names(entry) -> list[str]:
    return [m.player.name for m in entry.members.order_by("position")]


def director_page(client, event):
    return client.get(reverse("tournaments:event_director", args=[event.pk])).content.decode()


def test_each_table_of_the_round_with_its_pairs_and_results_entered(client, make_event, director):
    event = make_event(pairs=5, start=True)  # four tables... and a bye
    rnd = event.rounds.get(number=1)
    t1 = rnd.tables.get(number=1)
    board = event.boards.filter(round=rnd).order_by("number").first()
    services.result_submit(
        table_id=t1.pk, board_id=board.pk, user=player(t1.ns), contract="3NT", declarer="N",
        tricks=9, lead=held_lead(board, "N"),
    )  # fmt: skip
    client.force_login(director)
    rows = table_rows(director_page(client, event))
    tables = list(rnd.tables.order_by("number"))
    assert list(rows) == [str(t.number) for t in tables]
    for t in tables:
        row = rows[str(t.number)]
        assert all(name in row["NS"] for name in names(t.ns))
        if t.is_bye:
            assert row["EW"] == "Bye"
        else:
            assert all(name in row["EW"] for name in names(t.ew))
            assert not any(name in row["EW"] for name in names(t.ns))
    assert rows["1"]["Now"] == "1 of 2 boards entered"
    assert rows["2"]["Now"] == "0 of 2 boards entered"


def _play_to_trick(online, cards: int) -> None:  # noqa: F811
    dealer = online.engine().to_play
    seat = dealer
    for call in ("1NT", "P", "P", "P"):
        online.act(seat, "call", call)
        seat = "NESW"[("NESW".index(seat) + 1) % 4]
    for _ in range(cards):
        engine = online.engine()
        online.act(engine.actor, "card", legal_cards(engine)[0])


def test_online_where_each_tables_board_stands(client, online, director):  # noqa: F811
    event = online.event
    client.force_login(director)
    rows = table_rows(director_page(client, event))
    assert rows["1"]["Now"] == "Board 1 of 1–2, not started"
    online.act(online.engine().to_play, "call", "P")
    now = table_rows(director_page(client, event))["1"]["Now"]
    assert now == "Board 1 of 1–2, in the auction"
    for _ in range(3):  # three passes more: board 1 is passed out, board 2 is next
        online.act(online.engine().to_play, "call", "P")
    now = table_rows(director_page(client, event))["1"]["Now"]
    assert now == "Board 2 of 1–2, not started 1 of 2 played"
    _play_to_trick(online, 5)  # board 2: one trick played, the second led
    rows = table_rows(director_page(client, event))
    assert rows["1"]["Now"] == "Board 2 of 1–2, in the play, trick 2"
    assert rows["2"]["Now"] == "Board 1 of 1–2, not started"


def test_the_round_table_by_table_reads_a_bounded_number_of_rows(
    client, make_event, director, django_assert_max_num_queries
):
    counts = []
    for pairs in (4, 12):
        event = make_event(pairs=pairs, start=True, online_play=True, name=f"Field {pairs}")
        client.force_login(director)
        with django_assert_max_num_queries(20) as captured:
            html = director_page(client, event)
        assert len(table_rows(html)) == pairs // 2
        counts.append(len(captured.captured_queries))
        with django_assert_max_num_queries(12):
            console = selectors.console_get(event=event)
        assert all(row.stand.state == "not_started" for row in console.rows)
    assert counts[0] == counts[1], counts  # not one query more a table
