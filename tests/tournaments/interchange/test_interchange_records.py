"""Each line's auction and play in the PBN results file (docs/rules.md § Files): written
as PBN 2.1 writes them (§ 3.5 Auction, § 3.6 Play) in a game of the line's own table
after the board's score table, and read back to the same line; another reader (endplay)
reads the same play."""

from __future__ import annotations

import random
from datetime import date

import pytest
from endplay.parsers import pbn as endplay_pbn

from tableplay.records import auction_record, play_record, play_tricks
from tests.tableplay.helpers import play_random_board, random_deal
from tests.tournaments.interchange.test_results_import import exported
from tournaments.interchange import (
    BoardRecord,
    EventRecord,
    PairRecord,
    ResultLine,
    pbn_results_parse,
    results_pbn_write,
)
from tournaments.interchange.importers.dispatch import event_results_import
from tournaments.models import Result
from tournaments.simulation import SimulationConfig, simulate_swiss_event

EVENT = EventRecord(
    id=1, name="Online Pairs", date=date(2026, 12, 6), method="imp", boards_total=1,
    boards_per_round=1,
)  # fmt: skip


def played_line(rng: random.Random, deal: str, table: int, *, cards: int | None = None):
    """A line of a random legal board on ``deal`` (its first ``cards`` cards: a claim)."""
    while True:
        board = play_random_board(rng, deal)
        if board.declarer is not None and board.dealer == "N":
            break
    contract = board.contract
    text = f"{contract.level}{contract.strain}" + "X" * contract.doubled
    played = [c.value for c in board.cards][:cards]
    leader = board.cards[0].seat
    line = ResultLine(
        table, table + 10, text, board.declarer, 7, played[0], 100, 1.0, -1.0,
        round=1, table=table,
        auction=auction_record(board.dealer, [c.value for c in board.calls]),
        play=play_record(leader, played, contract.strain),
    )  # fmt: skip
    return line, [(c.seat, c.value) for c in board.cards][:cards]


def test_each_lines_auction_and_play_are_written_and_read_back():
    rng = random.Random(3)
    deal = random_deal(rng)
    board = BoardRecord(number=1, dealer="N", vulnerability="None", deal=deal)
    first, first_cards = played_line(rng, deal, 1)
    # the same contract, declarer and result at table 2: only its table tells them apart
    second, _ = played_line(rng, deal, 2, cards=22)
    second = ResultLine(**{**second.__dict__, "contract": first.contract,
                           "declarer": first.declarer, "tricks": first.tricks})  # fmt: skip
    passed = ResultLine(3, 13, "PASS", "", None, "", 0, 0.0, 0.0, round=1, table=3,
                        auction="N:AP")  # fmt: skip
    cut = ResultLine(4, 14, "", "", None, "", None, None, None, round=1, table=4,
                     not_played=True, auction="N:1C X")  # fmt: skip
    plain = ResultLine(5, 15, "3NT", "S", 9, "", 400, 2.0, -2.0, round=1, table=5)
    lines = [first, second, passed, cut, plain]
    pairs = [PairRecord(n, [f"Player {n}"]) for n in range(1, 16)]

    text = results_pbn_write(event=EVENT, boards=[board], results={1: lines}, pairs=pairs)

    data = pbn_results_parse(text)
    read = {line["table"]: (line["auction"], line["play"]) for line in data["boards"][1]["results"]}
    assert read == {line.table: (line.auction, line.play) for line in lines}
    assert data["left_out"] == [] and len(data["boards"][1]["results"]) == 5
    games = text.split("\n\n")
    table_one = next(g for g in games if '[Table "1"]' in g).splitlines()
    start = table_one.index('[Auction "N"]') + 1
    auction = table_one[start : next(i for i in range(start, 99) if table_one[i][0] == "[")]
    assert {len(row.split()) for row in auction[:-1]} == {4}  # four calls a line
    assert " ".join(auction) == first.auction.partition(":")[2]
    assert '[Play "' in "\n".join(table_one) and "*" not in table_one  # 13 tricks played
    table_two = next(g for g in games if '[Table "2"]' in g).splitlines()
    assert table_two[-1] == "*" and "-" in table_two[-2].split()  # 22 cards: a claim
    table_four = next(g for g in games if '[Table "4"]' in g).splitlines()
    assert table_four[-2:] == ['[Auction "N"]', "1C X *"]  # cut during the auction
    assert '[Table "5"]' not in text  # a line without a record has no game of its own

    # another reader plays the same cards in the same order from PBN's rows
    boards = endplay_pbn.loads(text)
    other = next(b for b in boards if b.info.get("Table") == "1")
    assert [c.suit.name[0].upper() + c.rank.abbr for c in other.play] == [c for _, c in first_cards]
    assert len(other.auction) == len(first.auction.partition(":")[2].split())


def test_a_file_without_records_is_unchanged():
    board = BoardRecord(
        number=1, dealer="N", vulnerability="None", deal=random_deal(random.Random(1))
    )
    line = ResultLine(1, 2, "3NT", "S", 9, "", 400, 2.0, -2.0, round=1, table=1)

    text = results_pbn_write(event=EVENT, boards=[board], results={1: [line]}, pairs=[])

    assert "[Auction" not in text and "[Play" not in text and text.count('[Board "1"]') == 1


@pytest.mark.django_db
def test_an_exported_events_auctions_and_play_come_back_with_their_lines(db):
    event = simulate_swiss_event(SimulationConfig(pairs=4, rounds=1, boards_per_round=2, seed=5))
    rng = random.Random(7)
    stored = {}
    for result in Result.objects.filter(board__event=event, status=Result.Status.PLAYED):
        board = play_random_board(rng, result.board.deal)
        if board.declarer is None:
            continue
        trump = board.contract.strain
        result.auction = auction_record(board.dealer, [c.value for c in board.calls])
        result.play = play_record(board.cards[0].seat, [c.value for c in board.cards], trump)
        result.save(update_fields=["auction", "play"])
        stored[(result.board.number, result.table.number)] = (result.auction, result.play)
        assert [s for t in play_tricks(result.play, trump) for s, _ in t.cards][0] == board.cards[
            0
        ].seat
    assert stored

    imported = event_results_import(data=exported(event, "pbn"))

    back = {
        (r.board.number, r.table.number): (r.auction, r.play)
        for r in Result.objects.filter(board__event=imported).select_related("board", "table")
        if r.auction or r.play
    }
    assert back == stored
