"""``manage.py simulate_ladder``: the JSON interface, and the positions re-derived from
it with the move rule (each played or forfeited challenge moves as the rules say)."""

from __future__ import annotations

import json
from datetime import datetime, timedelta

import pytest
from django.core.management import call_command

from ladders.models import Challenge
from ladders.simulation import positions_after_rule
from tournaments.models import Event

pytestmark = pytest.mark.django_db

STATUSES = {"played", "declined", "forfeited", "cancelled", "open"}


def _time(text):
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ") if text else None


def season(tmp_path, seed=4):
    path = tmp_path / "season.json"
    call_command(
        "simulate_ladder",
        teams=8,
        days=40,
        challenge_rate=0.2,
        seed=seed,
        json_path=str(path),
        verbosity=0,
    )
    played_events = list(
        Challenge.objects.filter(status="played", decided_by__isnull=True).values_list(
            "event__status", "event__kind"
        )
    )
    return json.loads(path.read_text()), played_events


@pytest.mark.slow
def test_a_simulated_season(tmp_path):
    report = season(tmp_path)
    check_the_json_has_the_documented_keys(report)
    check_each_status_means_what_the_readme_says(report)
    check_positions_rederived_from_the_json(report)
    check_the_rules_held_at_each_issue(report)
    check_the_challenger_was_below_at_resolution(report)
    assert Event.objects.filter(kind="teams_rr").count() >= 1


def check_the_json_has_the_documented_keys(report):
    data, _ = report
    assert {"ladder", "k", "accept_days", "cooldown_days", "initial", "challenges", "final"} <= set(
        data
    )
    assert (data["k"], data["accept_days"], data["cooldown_days"]) == (3, 3, 7)
    assert sorted(data["initial"]) == sorted(data["final"]) and len(data["initial"]) == 8
    keys = {
        "id",
        "challenger",
        "defender",
        "issued_at",
        "answered_at",
        "status",
        "positions_before",
        "challenger_vp",
        "defender_vp",
        "winner",
        "positions_after",
    }
    assert data["challenges"]
    for c in data["challenges"]:
        assert keys <= set(c)
        assert c["status"] in STATUSES
    # listed in the order they were issued
    issued = [_time(c["issued_at"]) for c in data["challenges"]]
    assert issued == sorted(issued)
    assert {c["status"] for c in data["challenges"]} >= {"played", "forfeited"}


def check_each_status_means_what_the_readme_says(report):
    data, played_events = report
    for c in data["challenges"]:
        if c["status"] == "forfeited":
            assert c["answered_at"] is None and c["winner"] == c["challenger"]
            assert _time(c["resolved_at"]) >= _time(c["issued_at"]) + timedelta(days=3)
        if c["status"] in ("declined", "cancelled"):
            assert c["positions_before"] == c["positions_after"] and c["winner"] is None
        if c["status"] == "declined":
            assert c["answered_at"] is not None
        if c["status"] == "played" and not c["decided_by_director"]:
            assert c["challenger_vp"] + c["defender_vp"] == pytest.approx(20)
            expected = (
                c["challenger"]
                if c["challenger_vp"] > c["defender_vp"]
                else c["defender"]
                if c["defender_vp"] > c["challenger_vp"]
                else None
            )
            assert c["winner"] == expected
        if c["status"] == "open":
            assert c["positions_after"] is None
    # real matches: finished two-team events
    assert played_events and all(e == ("finished", "teams_rr") for e in played_events)


def check_positions_rederived_from_the_json(report):
    data, _ = report
    resolved = sorted(
        (c for c in data["challenges"] if c["status"] != "open"),
        key=lambda c: c["resolved_order"],
    )
    order = data["initial"]
    for c in resolved:
        assert c["positions_before"] == order, c["id"]
        if c["status"] in ("played", "forfeited"):
            expected = positions_after_rule(order, c["challenger"], c["defender"], c["winner"])
        else:
            expected = order
        assert c["positions_after"] == expected, c["id"]
        order = c["positions_after"]
    assert data["final"] == order
    assert any(c["positions_before"] != c["positions_after"] for c in resolved)  # moves


def check_the_rules_held_at_each_issue(report):
    """Range K at issue, one open challenge per role, and the cooldown."""
    data, _ = report
    resolved_at = {c["id"]: _time(c["resolved_at"]) for c in data["challenges"]}
    for i, c in enumerate(data["challenges"]):
        when = _time(c["issued_at"])
        earlier = data["challenges"][:i]
        for e in earlier:
            still_open = resolved_at[e["id"]] is None or resolved_at[e["id"]] > when
            if still_open:
                assert e["challenger"] != c["challenger"]
                assert e["defender"] != c["defender"]
            if (
                (e["challenger"], e["defender"]) == (c["challenger"], c["defender"])
                and e["status"] != "cancelled"
                and resolved_at[e["id"]] is not None
            ):
                assert when >= resolved_at[e["id"]] + timedelta(days=7)


def check_the_challenger_was_below_at_resolution(report):
    """Every positions_before puts the challenger below the defender (it was at most K
    places below at issue, and only a win moves a challenger up)."""
    data, _ = report
    for c in data["challenges"]:
        if c["positions_before"]:
            before = c["positions_before"]
            assert before.index(c["challenger"]) > before.index(c["defender"])
