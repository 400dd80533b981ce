"""The formats layer: every format is a complete plug-in, and the engine never asks
which kind an event is."""

import ast
import inspect
from pathlib import Path

import pytest
from django.template.loader import get_template

from tournaments.formats import FORMATS, Format, format_for
from tournaments.models import Event
from tournaments.models.events import SETTINGS_RELATION

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("kind", sorted(FORMATS))
def test_every_format_implements_the_whole_interface(kind):
    fmt = FORMATS[kind]
    assert fmt.kind == kind and kind in Event.Kind.values
    optional = set() if fmt.owns_totals else {"totals_recompute", "standings_rebuild"}
    # a format on its own clock seats its own tables; the others run the round schedule
    optional |= {"round_seat"} if fmt.own_clock else {"clock_step"}
    missing = [
        name
        for name, member in inspect.getmembers(Format, inspect.isfunction)
        if "NotImplementedError" in inspect.getsource(member)
        and getattr(type(fmt), name) is member
        and name not in optional
    ]
    assert missing == [], f"{kind} does not implement {missing}"
    # its settings are the one-to-one the Event manager joins
    relation = fmt.settings_model._meta.get_field("event").remote_field.related_name
    assert SETTINGS_RELATION[kind] == relation
    for template in fmt.templates.values():
        get_template(template)


def test_every_kind_has_a_format():
    assert set(Event.Kind.values) == set(FORMATS) == set(SETTINGS_RELATION)


def test_format_for_finds_the_events_format(make_event):
    event = make_event(pairs=2)
    assert format_for(event) is FORMATS[event.kind]
    assert isinstance(event.settings, format_for(event).settings_model)


def test_the_generic_services_never_test_the_kind():
    """Round open/close, results, the clock and the totals ask the format."""
    for name in ("rounds", "results", "schedule", "totals"):
        tree = ast.parse((ROOT / "tournaments" / "services" / f"{name}.py").read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute):
                assert node.attr not in ("kind", "Kind", "SWISS_PAIRS"), (name, node.lineno)


def test_a_stored_result_reaches_its_formats_arrival_hook(make_event, monkeypatch):
    """Formats that score on arrival (the scoring pool) do it in ``result_arrived``."""
    from tests.conftest import player
    from tournaments import services

    event = make_event(pairs=4, start=True)
    table = event.rounds.get(number=1).tables.order_by("number").first()
    board = event.boards.order_by("number").first()
    arrived = []
    monkeypatch.setattr(
        type(format_for(event)), "result_arrived", lambda self, *, result: arrived.append(result)
    )
    stored = services.result_submit(
        table_id=table.pk, board_id=board.pk, user=player(table.ns), contract="PASS"
    )
    assert arrived == [stored]
