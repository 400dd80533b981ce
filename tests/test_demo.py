"""The demo: `make demo` honours PORT=, and `demo_data --reset` starts the demo anew."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from django.core.management import call_command

from accounts.models import User
from tournaments.models import Event

ROOT = Path(__file__).resolve().parents[1]


def test_make_demo_serves_on_the_port_asked_for():
    out = subprocess.run(
        ["make", "-n", "demo", "PORT=8123"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert "runserver --noreload 127.0.0.1:8123" in out
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
