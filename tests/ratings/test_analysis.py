"""A player's analysis page: declarer play and defence against double dummy, opening
leads against the best lead, par by category, each figure a link to its boards; only
finished events; the period filter; a fixed number of queries."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from ratings.analysis import player_analysis
from ratings.models import LeadAnalysis
from ratings.services.leads import leads_analyse
from tests.factories import (
    DEAL,
    BoardFactory,
    EntryFactory,
    EventFactory,
    ResultFactory,
    RoundFactory,
    TableFactory,
    TableSeatFactory,
    UserFactory,
)
from tournaments.models import Event

pytestmark = pytest.mark.django_db

DD = {s: {"N": 10, "S": 10, "E": 3, "W": 3} for s in ("C", "D", "H", "S", "NT")}


def seated_board(event, player, seat, *, contract, declarer, tricks, score, lead="", par=420,
                 dd=DD, when=None):  # fmt: skip
    rnd = RoundFactory(event=event)
    board = BoardFactory(event=event, round=rnd, dd_table=dd, par_score=par)
    table = TableFactory(event=event, round=rnd)
    others = iter(UserFactory.create_batch(3))
    for s in "NSEW":
        TableSeatFactory(table=table, seat=s, player=player if s == seat else next(others))
    return ResultFactory(
        table=table, board=board, contract=contract, declarer=declarer, tricks=tricks,
        ns_score=score, lead=lead, entered_at=when or timezone.now(),
    )  # fmt: skip


@pytest.fixture
def played():
    me = UserFactory()
    event = EventFactory(kind="pool", status=Event.Status.FINISHED)
    seated_board(event, me, "N", contract="4S", declarer="N", tricks=11, score=450)
    seated_board(event, me, "E", contract="4S", declarer="N", tricks=9, score=-50, lead="HA")
    lead = seated_board(event, me, "E", contract="3NT", declarer="N", tricks=9, score=400,
                        lead="HA", par=400)  # fmt: skip
    LeadAnalysis.objects.create(board=lead.board, strain="NT", leader="E",
                                tricks={"HA": 3, "S2": 5}, best=5)  # fmt: skip
    # a sacrifice: EW (me West) in 5SX down two against their 420
    seated_board(event, me, "W", contract="5SX", declarer="E", tricks=9, score=300)
    # a pairs event: no seats, the pair's side declares a slam at double dummy
    pairs = EventFactory(status=Event.Status.FINISHED)
    rnd = RoundFactory(event=pairs)
    mine = EntryFactory(event=pairs)
    mine.members.create(event=pairs, player=me, position=1, confirmed_at=timezone.now())
    board = BoardFactory(event=pairs, round=rnd, dd_table={**DD, "S": {"N": 12, "S": 12,
                         "E": 1, "W": 1}}, par_score=980)  # fmt: skip
    ResultFactory(table=TableFactory(event=pairs, round=rnd, ns=mine), board=board,
                  contract="6S", declarer="S", tricks=12, ns_score=980)  # fmt: skip
    # not counted: an event still running, and last year's board in a month's view
    running = EventFactory(kind="pool", status=Event.Status.RUNNING)
    seated_board(running, me, "N", contract="7NT", declarer="N", tricks=2, score=-1100)
    seated_board(event, me, "N", contract="2S", declarer="N", tricks=8, score=110, par=110,
                 when=timezone.now() - timedelta(days=200))  # fmt: skip
    return me


def test_every_figure_from_the_boards(played):
    f = player_analysis(player=played)
    assert f["boards"] == 6
    # declarer: +1 (4S by me, 11 tricks), −2 (2S, 8), 0 (the pair's 6S at double dummy)
    assert f["declarer"]["boards"] == 3 and f["declarer"]["mean"] == -0.33
    assert f["declarer"]["distribution"] == [(-2, 1), (0, 1), (1, 1)]
    # defence: 4S took 9 (dd 10): −1; 3NT made 9 (dd 10): −1 (my partner's 5SX: dummy)
    assert f["defence"]["boards"] == 2
    assert f["defence"]["distribution"] == [(-1, 2)]
    # leads: two of mine; one solved, and it cost two tricks
    assert f["leads"] == {"boards": 1, "costly": 1, "tricks_lost": 2, "share": 100}
    # par: 2S (110), 3NT (400), 6S (980) reached; 450 v 420, −50 v 420, 300 v −420 missed
    assert f["par"] == {"boards": 6, "reached": 3, "share": 50}
    cats = {c["name"]: c for c in f["categories"]}
    assert cats["sacrifice"]["boards"] == 1 and cats["sacrifice"]["imps"] == 3
    assert cats["slam"]["boards"] == 1 and cats["slam"]["imps"] == 0
    # 450 v 420: +1; beating 4S (+50 v −420): +10; 3NT at par: 0
    assert cats["game"]["boards"] == 3 and cats["game"]["imps"] == 1 + 10 + 0
    assert cats["partscore"]["boards"] == 1


def test_the_period_filter(played):
    assert player_analysis(player=played, period="month")["boards"] == 5


def test_the_page_links_each_figure_to_its_boards(client, played, django_assert_max_num_queries):
    url = reverse("ratings:player_analysis", args=[played.username])
    with django_assert_max_num_queries(9):
        response = client.get(url, {"show": "defence"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "?period=all&amp;show=declarer" in html and "?period=all&amp;show=sacrifice" in html
    shown = response.context["shown"]
    assert sorted(ln.contract for ln in shown) == ["3NT", "4S"]
    assert all(reverse("tournaments:board_detail", args=[ln.event_id, ln.number]) in html
               for ln in shown)  # fmt: skip
    bad = client.get(url, {"period": "decade", "show": "nonsense"})
    assert bad.status_code == 200 and len(list(bad.context["messages"])) == 2
    profile = client.get(reverse("ratings:player_detail", args=[played.username]))
    assert url in profile.content.decode()


def test_the_leads_of_a_finished_event_are_solved_once():
    event = EventFactory(status=Event.Status.FINISHED)
    board = BoardFactory(event=event, round=RoundFactory(event=event), deal=DEAL)
    ResultFactory(board=board, table=TableFactory(event=event, round=board.round),
                  contract="3NT", declarer="N", tricks=0, ns_score=-650, lead="H2")  # fmt: skip
    assert leads_analyse(event_id=event.pk) == 1
    row = LeadAnalysis.objects.get()
    # East holds the thirteen hearts: every one of them takes all thirteen tricks
    assert (row.strain, row.leader, row.best) == ("NT", "E", 13)
    assert sorted(row.tricks) == sorted(f"H{r}" for r in "23456789TJQKA")
    assert set(row.tricks.values()) == {13}
    assert leads_analyse(event_id=event.pk) == 0


def test_the_beat_solves_the_leads_of_the_weeks_pools(settings):
    from ratings.services.leads import leads_analyse_week
    from ratings.weeks import week_before, week_bounds, week_of

    last = week_before(week_of(timezone.now()))
    event = EventFactory(kind="pool", status=Event.Status.FINISHED,
                         finished_at=week_bounds(last)[0] + timedelta(days=2))  # fmt: skip
    board = BoardFactory(event=event, round=RoundFactory(event=event), deal=DEAL)
    ResultFactory(board=board, table=TableFactory(event=event, round=board.round),
                  contract="4S", declarer="N", tricks=10, ns_score=420, lead="H5")  # fmt: skip
    assert leads_analyse_week(week=week_of(timezone.now())) == 0
    assert leads_analyse_week(week=last) == 1
    assert LeadAnalysis.objects.get().leader == "E"


def test_a_pairs_events_opening_leads_are_the_sides_as_its_declarer_play_is():
    """A pairs event records no seats: the opening leads of the player's side count, as
    its declarer play does (``docs/rules.md`` § The Rate); none of the other side's."""
    me, partner = UserFactory(), UserFactory()
    event = EventFactory(status=Event.Status.FINISHED)
    rnd = RoundFactory(event=event)
    mine = EntryFactory(event=event)
    for position, player in enumerate((me, partner), 1):
        mine.members.create(event=event, player=player, position=position,
                            confirmed_at=timezone.now())  # fmt: skip
    theirs = EntryFactory(event=event, members=2)
    table = TableFactory(event=event, round=rnd, ns=mine, ew=theirs)
    defended = BoardFactory(event=event, round=rnd, dd_table=DD, par_score=-400)
    # EW declare 3NT: South (my side) leads the ♥A, a trick worse than the best lead
    ResultFactory(table=table, board=defended, contract="3NT", declarer="E", tricks=9,
                  ns_score=-400, lead="HA")  # fmt: skip
    LeadAnalysis.objects.create(board=defended, strain="NT", leader="S",
                                tricks={"HA": 3, "S2": 4}, best=4)  # fmt: skip
    declared = BoardFactory(event=event, round=rnd, dd_table=DD, par_score=420)
    # my side declares: the opponents' lead (the best one) is theirs, not mine
    ResultFactory(table=table, board=declared, contract="4S", declarer="N", tricks=10,
                  ns_score=420, lead="S2")  # fmt: skip
    LeadAnalysis.objects.create(board=declared, strain="S", leader="E",
                                tricks={"HA": 3, "S2": 4}, best=4)  # fmt: skip
    for player in (me, partner):
        f = player_analysis(player=player)
        assert f["leads"] == {"boards": 1, "costly": 1, "tricks_lost": 1, "share": 100}
    opponent = theirs.members.first().player
    assert player_analysis(player=opponent)["leads"] == {
        "boards": 1, "costly": 0, "tricks_lost": 0, "share": 0,
    }  # fmt: skip
