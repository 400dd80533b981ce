"""The board page shows each card's cost and its side's tricks after it in the replay,
and the contract against par (docs/rules.md § The analysis of the play), only to whoever
may see the board (§ Visibility: the page's one rule)."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from analysis.models import BoardAnalysis
from analysis.services import result_analyse
from tests.conftest import api_client, player
from tests.tournaments.test_board_replay import page, played, replays_of  # noqa: F401
from tournaments.models import Result


def test_the_replay_marks_each_cards_cost_and_the_tricks_after_it(client, played):  # noqa: F811
    event, _, table2, board, _ = played
    result = Result.objects.get(table=table2, board=board)
    analysis = result_analyse(result_id=result.pk)
    assert analysis.errors > 0  # random cards give tricks away
    client.force_login(player(table2.ew))

    html = page(client, event)

    (replay,) = replays_of(html)
    assert [c for t in replay["tricks"] for c in t["costs"]] == analysis.card_costs
    assert [a for t in replay["tricks"] for a in t["after"]] == analysis.tricks_after
    assert all(len(t["costs"]) == len(t["cards"]) for t in replay["tricks"])
    assert 'data-f="dd"' in html and "dd-summary" in html
    assert f"{analysis.errors} cards cost a trick double dummy" in html
    imps = f"{analysis.imps_from_par:+d}".replace("-", "\u2212") if analysis.imps_from_par else "0"
    assert f"{imps} IMPs to NS" in html


def test_a_player_who_may_not_see_the_board_sees_nothing_of_its_analysis(client, played):  # noqa: F811
    event, table1, table2, board, _ = played
    result_analyse(result_id=Result.objects.get(table=table2, board=board).pk)
    client.force_login(player(table1.ns))  # has not played board 1 yet

    html = page(client, event)

    assert 'id="not-visible"' in html
    assert "dd-summary" not in html and "IMPs to NS" not in html and "board-replays" not in html


def test_the_analysis_costs_no_query_per_result(client, played):  # noqa: F811
    event, _, table2, board, _ = played
    client.force_login(player(table2.ns))
    url = reverse("tournaments:board_detail", args=[event.pk, 1])
    client.get(url)  # warm the caches
    counts = []
    for analysed in (False, True):
        if analysed:
            result_analyse(result_id=Result.objects.get(table=table2, board=board).pk)
        with CaptureQueriesContext(connection) as queries:
            html = client.get(url).content.decode()
        counts.append(len(queries))
        assert ("dd-summary" in html) is analysed
    assert BoardAnalysis.objects.count() == 1
    assert counts[0] == counts[1]


def test_the_board_api_gives_each_results_analysis(played):  # noqa: F811
    event, table1, table2, board, table = played
    result = Result.objects.get(table=table2, board=board)
    url = f"/api/events/{event.pk}/boards/1/"
    client = api_client(player(table2.ns))
    (line,) = [r for r in client.get(url).json()["results"] if r["id"] == result.pk]
    assert line["analysis"] is None  # not analysed yet
    analysis = result_analyse(result_id=result.pk)

    (line,) = [r for r in client.get(url).json()["results"] if r["id"] == result.pk]

    got = line["analysis"]
    assert got["cards"] == [c.value for c in table.cards]
    assert got["card_costs"] == analysis.card_costs and len(got["card_costs"]) == 52
    assert got["tricks_after"] == analysis.tricks_after
    assert got["imps_from_par"] == analysis.imps_from_par and got["claim_cost"] is None
    hidden = api_client(player(table1.ns))  # has not played board 1 yet
    assert hidden.get(url).status_code == 403  # the one rule: not played yet
