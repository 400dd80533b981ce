"""The board page replays a played board trick by trick (docs/rules.md § Online play,
*The board page*) for whoever may see the board (§ Visibility: the page's one rule)."""

from __future__ import annotations

import json
import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tableplay import Action, Table
from tableplay.records import auction_record, play_record
from tests.conftest import player
from tests.tableplay.helpers import legal_cards
from tournaments import services
from tournaments.deals import deal_hands
from tournaments.models import Result


def recorded_board(board, calls: list[str], seed: int = 1, cards: int = 52) -> Table:
    """``board`` bid with ``calls`` from its dealer and played with random legal cards
    (the first ``cards`` of them: fewer is a claim)."""
    rng = random.Random(seed)
    table = Table(board.deal, board.dealer, board.vulnerability)
    for call in calls:
        table.apply(Action("call", table.to_play, call))
    while table.phase == "play" and len(table.cards) < cards:
        table.apply(Action("card", table.actor, rng.choice(legal_cards(table))))
    return table


def record(result: Result, table: Table) -> None:
    """Store ``table``'s auction and play as the result's record (as online play does)."""
    result.auction = auction_record(table.dealer, [c.value for c in table.calls])
    result.play = play_record(
        table.cards[0].seat, [c.value for c in table.cards], table.contract.strain
    )
    result.save(update_fields=["auction", "play"])


@pytest.fixture
def played(make_event):
    """Round 1 open; table 2 has played board 1 online: 3NT by the dealer, with its
    auction and play recorded; table 1 has not played it."""
    event = make_event(pairs=4, start=True, num_rounds=2)
    table1, table2 = event.rounds.get(number=1).tables.order_by("number")
    board = event.boards.get(number=1)
    table = recorded_board(board, ["3NT", "P", "P", "P"])
    result = services.result_submit(
        table_id=table2.pk, board_id=board.pk, user=player(table2.ns), contract="3NT",
        declarer=board.dealer, tricks=table.tricks_won("NS" if board.dealer in "NS" else "EW"),
        lead=table.cards[0].value,
    )  # fmt: skip
    services.result_confirm(result_id=result.pk, user=player(table2.ew))
    record(result, table)
    return event, table1, table2, board, table


def page(client, event, number=1) -> str:
    response = client.get(reverse("tournaments:board_detail", args=[event.pk, number]))
    assert response.status_code == 200
    return response.content.decode()


def replays_of(html: str) -> list[dict]:
    start = html.index('<script id="board-replays" type="application/json">') + 51
    return json.loads(html[start : html.index("</script>", start)])


def test_the_table_that_played_it_gets_the_replay_of_its_tricks(client, played):
    event, _, table2, board, table = played
    client.force_login(player(table2.ew))

    html = page(client, event)

    (replay,) = replays_of(html)
    result = Result.objects.get(table=table2, board=board)
    assert f'id="replay-{result.pk}"' in html and "js/replay.js" in html
    dealt = deal_hands(board.deal)
    assert replay["hands"] == {
        seat: [suit + rank for suit in "SHDC" for rank in dealt[seat][suit]] for seat in "NESW"
    }
    # the tricks in the order played, each led by the winner of the one before
    assert [[tuple(c) for c in t["cards"]] for t in replay["tricks"]] == table.tricks
    assert [t["winner"] for t in replay["tricks"]] == table.trick_winners
    assert [t["leader"] for t in replay["tricks"][1:]] == table.trick_winners[:-1]
    assert replay["contract"] == "3NT" and replay["declarer"] == board.dealer


def test_after_the_round_closes_everyone_sees_the_replay(client, played):
    event, *_ = played
    services.round_close(event=event, number=1)

    assert len(replays_of(page(client, event))) == 1  # anonymous


def test_a_player_who_has_not_played_the_board_gets_no_replay(client, played):
    event, table1, *_ = played
    for user in (player(table1.ns), None):
        if user is not None:
            client.force_login(user)
        else:
            client.logout()
        html = page(client, event)
        assert 'id="not-visible"' in html
        assert "board-replays" not in html and "replay.js" not in html and "replay-" not in html


def test_a_claimed_board_replays_its_tricks_up_to_the_claim(client, played):
    event, _, table2, board, _ = played
    table = recorded_board(board, ["3NT", "P", "P", "P"], seed=2, cards=22)
    record(Result.objects.get(table=table2, board=board), table)
    client.force_login(player(table2.ns))

    (replay,) = replays_of(page(client, event))

    assert len(replay["tricks"]) == 6 and replay["tricks"][-1]["winner"] is None
    assert len(replay["tricks"][-1]["cards"]) == 2


def test_a_record_that_is_not_a_play_of_the_deal_has_no_replay(client, played):
    """An imported record whose cards are not the deal's: the table of its tricks only."""
    event, _, table2, board, _ = played
    result = Result.objects.get(table=table2, board=board)
    hand = deal_hands(board.deal)["N"]
    wrong = next(s + r for s in "SHDC" for r in "AKQJT98765432" if r not in hand[s])
    Result.objects.filter(pk=result.pk).update(play=f"E:{wrong} - - -")
    client.force_login(player(table2.ns))

    html = page(client, event)

    assert "board-replays" not in html and 'class="data play"' in html


def test_the_replay_costs_no_query(client, played):
    event, _, table2, board, _ = played
    client.force_login(player(table2.ns))
    url = reverse("tournaments:board_detail", args=[event.pk, 1])
    client.get(url)  # warm the caches
    with CaptureQueriesContext(connection) as with_replay:
        client.get(url)
    Result.objects.filter(table=table2, board=board).update(auction="", play="")
    with CaptureQueriesContext(connection) as without:
        client.get(url)

    assert len(with_replay) == len(without)


def test_a_board_played_online_replays_and_comes_back_from_its_pbn_file(client, make_event):
    """End to end: a board played through the online services, its round closed: the
    board page replays the engine's own tricks, and the PBN results file carries its
    auction and play back to the same line."""
    from tests.online.conftest import play_out, seated_table
    from tests.tournaments.interchange.test_results_import import exported
    from tournaments.interchange.importers.dispatch import event_results_import

    seated = seated_table(make_event(pairs=4, start=True, online_play=True))
    board_id = seated.snapshot()["board"]
    play_out(seated, random.Random(11))
    result = Result.objects.select_related("board").get(table=seated.table, board_id=board_id)
    assert result.play and result.status == Result.Status.PLAYED
    services.round_close(event=seated.event, number=1)

    html = page(client, seated.event, result.board.number)

    replay = next(r for r in replays_of(html) if r["id"] == result.pk)
    played = [card for t in replay["tricks"] for _, card in t["cards"]]
    assert len(played) == 52 and played[0] == result.lead
    ns = sum(1 for t in replay["tricks"] if t["winner"] in ("N", "S"))
    assert (ns if result.declarer in "NS" else 13 - ns) == result.tricks
    imported = event_results_import(data=exported(seated.event, "pbn"))
    again = Result.objects.get(
        board__event=imported, board__number=result.board.number, table__number=seated.table.number
    )
    assert (again.auction, again.play) == (result.auction, result.play)
