"""The demo: `make demo` honours PORT=, `demo_data --reset` starts the demo anew, and
the demo shows every format with data: a team match the README's logins can play, the
Rate and the leaderboards filled, and a player's analysis with its opening leads."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse

from accounts.models import User
from ratings.models import PlayerRate
from tests.conftest import held_lead
from tournaments import services
from tournaments.models import Event, Match, Result, TableSeat

ROOT = Path(__file__).resolve().parents[1]


def test_make_demo_serves_on_the_port_asked_for():
    out = subprocess.run(
        ["make", "-n", "demo", "PORT=8123"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert "runserver --noreload 127.0.0.1:8123" in out
    # the demo's Rate and leads are computed before the site is served
    assert out.index("demo_ladder") < out.index("demo_rate") < out.index("runserver")
    reset = subprocess.run(
        ["make", "-n", "demo-reset"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert "demo_data --reset" in reset and "rm -rf" not in reset


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_demo_data_reset_makes_the_demo_anew():
    call_command("demo_data")
    live = Event.objects.get(name="Tonight's Swiss (live)")
    User.objects.create_user("stray", password="x")
    call_command("demo_data")  # a second load changes nothing
    assert Event.objects.filter(name="Tonight's Swiss (live)").count() == 1
    call_command("demo_data", "--reset")
    again = Event.objects.get(name="Tonight's Swiss (live)")
    assert again.created_at > live.created_at and again.status == Event.Status.REGISTRATION
    assert not User.objects.filter(username="stray").exists()
    assert User.objects.filter(username="director", is_superuser=True).exists()
    pools = {e.name: e for e in Event.objects.filter(kind=Event.Kind.POOL)}
    assert pools["Last week's scoring pool"].status == Event.Status.FINISHED
    assert pools["This week's scoring pool"].status == Event.Status.RUNNING
    # the sample individual file (docs/samples/) imported as a director would
    solo = Event.objects.get(kind=Event.Kind.INDIVIDUAL)
    assert (solo.name, solo.status, solo.entries.count()) == ("Christmas individual", "finished", 8)


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_the_demo_shows_every_format_with_data(client):
    for command in ("demo_data", "demo_ladder", "demo_rate"):
        call_command(command)  # what `make demo` runs
    for kind in Event.Kind.values:  # every format has an event with played boards
        played = Result.objects.filter(board__event__kind=kind, status=Result.Status.PLAYED)
        assert played.exists(), kind
    # A team match in play, every seat of it a login the README gives.
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    logins = re.search(r"Demo logins: (.*?)\n\n", readme, re.S).group(1)
    live = Event.objects.get(kind=Event.Kind.TEAMS_RR, status=Event.Status.RUNNING)
    match = Match.objects.get(event=live, round__number=1, home__members__player__username="alice")
    tables = (match.open_table, match.closed_table)
    seated = {s.player.username for s in TableSeat.objects.filter(table__in=tables)}
    assert set(seated) == {"alice", "bob", "carol", "dave", "erin", "frank", "grace", "henry"}
    assert all(f"`{name}`" in logins for name in seated) and "`bridge-demo`" in logins
    logins_of = User.objects.filter(username__in=seated)
    assert all(u.check_password("bridge-demo") for u in logins_of)
    # The match is played online: each seat's login opens the table and sees its own hand.
    assert live.online_play
    table_url = reverse("api-table-play", args=[live.pk, match.open_table.pk])
    for seat in TableSeat.objects.filter(table=match.open_table).select_related("player"):
        client.force_login(seat.player)
        view = client.get(table_url).json()
        assert view["seat"] == seat.seat and view["hands"][seat.seat]
        assert [s for s, hand in view["hands"].items() if hand] == [seat.seat]
    page = client.get(reverse("online:table", args=[live.pk, match.open_table.pk]))
    assert page.status_code == 200
    client.force_login(logins_of.get(username="alice"))
    # My table opens the online table itself; typed entry is the fallback behind a link
    my_table = client.get(reverse("tournaments:my_table", args=[live.pk]))
    assert my_table.status_code == 302
    assert my_table.url == reverse("online:table", args=[live.pk, match.open_table.pk])
    url = reverse("tournaments:my_table_entry", args=[live.pk])
    board = match.round.boards.order_by("number").first()
    assert f'name="b{board.pk}-contract"' in client.get(url).content.decode()
    fields = {"contract": "4S", "declarer": "N", "tricks": "10", "lead": held_lead(board, "N")}
    post = {"board": board.pk, **{f"b{board.pk}-{k}": v for k, v in fields.items()}}
    assert client.post(url, post).status_code == 302
    result = Result.objects.get(table=match.open_table, board=board)
    services.result_confirm(result_id=result.pk, user=User.objects.get(username="erin"))
    assert Result.objects.get(pk=result.pk).confirmed_at is not None
    # The leaderboards have players, and the demo logins a Rate from last week's boards.
    for name in ("week", "rate", "mp"):
        page = client.get(reverse("ratings:leaderboard"), {"board": name})
        assert page.context["page"].paginator.count > 0, name
    alice = PlayerRate.objects.get(player__username="alice")
    assert alice.rate != 50 and alice.total_boards > 0
    # The analysis page's opening leads: the demo logins' pairs events have leads.
    page = client.get(reverse("ratings:player_analysis", args=["alice"]))
    assert page.context["figures"]["leads"]["boards"] > 0
    assert "of 0 leads" not in page.content.decode()
