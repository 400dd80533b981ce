"""A board played online keeps its alerts in its stored auction, as PBN notes; the board
page marks each alerted call with its explanation, and the PBN results file writes the
notes as [Note "1:text"] and reads them back (docs/rules.md § Online play, alerts in the
record)."""

from __future__ import annotations

from datetime import date

import pytest
from django.urls import reverse

from tableplay.cards import partner, seat_next
from tournaments import services as tournament_services
from tournaments.interchange import (
    BoardRecord,
    EventRecord,
    PairRecord,
    ResultLine,
    pbn_results_parse,
    results_pbn_write,
)
from tournaments.models import Result

pytestmark = pytest.mark.django_db


def _alerted_board(online) -> Result:
    """1NT (alerted "15-17") by the dealer, all pass; declarer claims seven, accepted."""
    dealer = online.engine().to_play
    online.act(dealer, "call", "1NT", alert="15-17")
    for step in (1, 2, 3):
        online.act(seat_next(dealer, step), "call", "P")
    leader = seat_next(dealer)
    online.act(leader, "card", online.engine().remaining[leader][0])
    online.act(dealer, "claim", 7)
    online.act(leader, "accept")
    online.act(partner(leader), "accept")
    return Result.objects.get(table=online.table)


def test_a_finished_board_keeps_its_alert_as_a_note(online):
    result = _alerted_board(online)
    dealer = result.auction[0]
    assert result.auction == f"{dealer}:1NT =1= Pass Pass Pass\n1:15-17"
    assert result.status == Result.Status.PLAYED


def test_the_board_page_marks_the_alerted_call_with_its_explanation(online, client):
    result = _alerted_board(online)
    tournament_services.round_close(event=online.event, number=1, open_next=False)
    response = client.get(
        reverse("tournaments:board_detail", args=[online.event.pk, result.board.number])
    )
    html = response.content.decode()
    assert 'class="alerted"' in html and 'title="15-17"' in html
    assert html.count('class="alerted"') == 1  # the passes are not alerted


def test_the_pbn_file_writes_the_notes_after_the_auction():
    event = EventRecord(
        id=1, name="Online Pairs", date=date(2026, 12, 6), method="imp", boards_total=1,
        boards_per_round=1,
    )  # fmt: skip
    deal = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
    board = BoardRecord(number=1, dealer="N", vulnerability="None", deal=deal)
    auction = 'N:2C =1= Pass 2D =2= Pass 7NT Pass Pass Pass\n1:strong\n2:waiting "relay"'
    alerted = ResultLine(1, 11, "7NT", "N", 13, "", 1520, 1.0, -1.0, round=1, table=1,
                         auction=auction)  # fmt: skip
    plain = ResultLine(2, 12, "7NT", "N", 13, "", 1520, 1.0, -1.0, round=1, table=2,
                       auction="N:7NT Pass Pass Pass")  # fmt: skip
    pairs = [PairRecord(n, [f"Player {n}"]) for n in (1, 2, 11, 12)]
    text = results_pbn_write(event=event, boards=[board], results={1: [alerted, plain]},
                             pairs=pairs)  # fmt: skip
    games = text.split("\n\n")
    one = next(g for g in games if '[Table "1"]' in g).splitlines()
    start = one.index('[Auction "N"]')
    assert one[start + 1 : start + 5] == [
        "2C =1= Pass 2D =2= Pass",
        "7NT Pass Pass Pass",
        '[Note "1:strong"]',
        '[Note "2:waiting \\"relay\\""]',
    ]
    two = next(g for g in games if '[Table "2"]' in g)
    assert "[Note" not in two and "=1=" not in two  # a record without notes as before
    # read back: the same record, notes included
    read = {r["table"]: r["auction"] for r in pbn_results_parse(text)["boards"][1]["results"]}
    assert read == {1: auction, 2: "N:7NT Pass Pass Pass"}


def test_another_program_s_notes_of_the_play_or_with_no_text_are_left_out():
    from tournaments.interchange.pbn.games import pbn_parse
    from tournaments.interchange.pbn.results import game_record

    text = "\n".join([
        '[Board "1"]', '[Auction "S"]', "1NT =1= Pass 2H =3= Pass", "2S AP",
        '[Note "1:15-17"]', '[Note "2:a good lead"]', '[Play "W"]', "HA =2= H2 H3 H4", "*",
    ])  # fmt: skip
    (game,) = pbn_parse(text)
    assert game_record(game, "Auction") == "S:1NT =1= Pass 2H Pass 2S AP\n1:15-17"
    assert game_record(game, "Play") == "W:HA H2 H3 H4"
