"""Alerts in a stored auction, as PBN notes (docs/rules.md § Online play, alerts in the
record; PBN 2.1 § 3.5.2): a "=1=" after the alerted call and the note's text; a record
without alerts is written as before."""

from __future__ import annotations

from tableplay.records import (
    auction_alerts,
    auction_calls,
    auction_complete,
    auction_notes,
    auction_record,
)


def test_a_record_without_alerts_is_unchanged():
    calls = ["1NT", "P", "3NT", "P", "P", "P"]
    plain = "N:1NT Pass 3NT Pass Pass Pass"
    assert auction_record("N", calls) == plain
    assert auction_record("N", calls, [""] * 6) == plain
    assert auction_notes(plain) == {}
    assert auction_alerts(plain) == ("N", [(c, "") for c in plain[2:].split()])


def test_alerts_are_written_as_notes_and_read_back():
    calls = ["1NT", "P", "2C", "P", "2D", "P", "3NT", "P", "P", "P"]
    alerts = ["15-17", "", "Stayman", "", "no\nmajor", "", "", "", "", ""]
    record = auction_record("E", calls, alerts)
    assert record == (
        "E:1NT =1= Pass 2C =2= Pass 2D =3= Pass 3NT Pass Pass Pass\n1:15-17\n2:Stayman\n3:no major"
    )
    assert auction_notes(record) == {1: "15-17", 2: "Stayman", 3: "no major"}
    assert auction_calls(record) == ("E", calls)  # the notes are no calls
    assert auction_complete(record)
    dealer, marked = auction_alerts(record)
    assert dealer == "E"
    assert [a for _c, a in marked] == ["15-17", "", "Stayman", "", "no major", "", "", "", "", ""]
    assert [c for c, _a in marked][:3] == ["1NT", "Pass", "2C"]


def test_an_auction_cut_with_an_alert_is_not_complete():
    record = auction_record("N", ["1C", "P"], ["could be short", ""])
    assert not auction_complete(record)
    assert auction_calls(record) == ("N", ["1C", "P"])
