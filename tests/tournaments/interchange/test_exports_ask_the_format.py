"""The exporters ask the event's format whether it is a movement and ranks two winners
(issue #32, item 15; docs/rules.md § Files, *What the writers write*), never its kind:
a movement format registered here, of a kind no exporter has heard of, is written as a
movement, and a Howell whose format says it is not one is not."""

from __future__ import annotations

import pytest

from tests.tournaments.formats.movements.test_movement_import import played_movement
from tournaments.formats import formats
from tournaments.formats.movements.format import Howell
from tournaments.interchange import exports
from tournaments.models import Event
from tournaments.models.events import SETTINGS_RELATION


class Barometer(Howell):
    """A movement format of a kind of its own (docs/adding-a-format.md's example)."""

    kind = "barometer"


class HowellNoMovement(Howell):
    """The Howell, with its format saying it is no movement."""

    movement = False


@pytest.fixture
def barometer_event(db, monkeypatch) -> Event:
    """A finished Howell made an event of the registered format "barometer"."""
    monkeypatch.setitem(formats(), "barometer", Barometer())
    monkeypatch.setitem(SETTINGS_RELATION, "barometer", "movement_settings")
    event = played_movement("howell", method="ximp", pairs=6)
    Event.objects.filter(pk=event.pk).update(kind="barometer")
    return Event.objects.get(pk=event.pk)


def test_a_registered_movement_format_exports_as_a_movement(barometer_event):
    pbn = exports.event_results_pbn_export(event=barometer_event)
    usebio = exports.event_usebio_export(event=barometer_event)

    assert '[Movement "Barometer"]' in pbn and '[Winners "1"]' in pbn
    assert 'EVENT_TYPE="CROSS_IMP_PAIRS"' in usebio  # a movement's, not SWISS_PAIRS
    assert "<MOVEMENT_TYPE>BAROMETER</MOVEMENT_TYPE>" in usebio


def test_a_kind_whose_format_is_no_movement_exports_without_one(db, monkeypatch):
    monkeypatch.setitem(formats(), "howell", HowellNoMovement())
    event = played_movement("howell", method="ximp", pairs=6)

    pbn = exports.event_results_pbn_export(event=event)
    usebio = exports.event_usebio_export(event=event)

    assert "[Movement" not in pbn and "[Winners" not in pbn
    assert 'EVENT_TYPE="SWISS_PAIRS"' in usebio and "MOVEMENT_TYPE" not in usebio
