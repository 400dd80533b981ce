"""Result entry like a Bridgemate: the lead is checked against the deal (and optional
where the event says so), the confirming side accepts or rejects with a reason (a
disputed board), "not played" in one step, a conflicting entry says what the other side
entered, and nothing can be confirmed after the event."""

from __future__ import annotations

import pytest

from tests.conftest import held_lead, player
from tournaments import services
from tournaments.deals import deal_hands
from tournaments.errors import BridgeError, ConflictError, PermissionDeniedError
from tournaments.models import Event, EventLog, Result

pytestmark = pytest.mark.django_db


@pytest.fixture
def seated(make_event):
    event = make_event(pairs=4, start=True)
    table = event.rounds.get(number=1).tables.get(number=1)
    return event, table, event.boards.get(number=1)


def _not_held(board, seat):
    hands = deal_hands(board.deal)
    return next(s + r for s in "SHDC" for r in "AKQJT98765432" if r not in hands[seat][s])


def _submit(table, board, user, **kw):
    data = {"contract": "4S", "declarer": "N", "tricks": 10} | kw
    data.setdefault("lead", held_lead(board, data["declarer"]))
    return services.result_submit(table_id=table.pk, board_id=board.pk, user=user, **data)


def test_the_lead_must_be_in_the_opening_leaders_hand(seated):
    event, table, board = seated
    wrong = _not_held(board, "E")  # North declares: East leads
    with pytest.raises(BridgeError) as exc:
        _submit(table, board, player(table.ns), lead=wrong)
    assert exc.value.code == "lead" and "opening leader" in exc.value.message
    assert not Result.objects.exists()
    # South declares: West leads; a card West holds is right, one East holds is not.
    west = held_lead(board, "S")
    with pytest.raises(BridgeError):
        _submit(table, board, player(table.ns), declarer="S", lead=_not_held(board, "W"))
    r = _submit(table, board, player(table.ns), declarer="S", lead=west.lower())
    assert r.lead == west


def test_a_lead_is_required_unless_the_event_says_otherwise(seated):
    event, table, board = seated
    with pytest.raises(BridgeError) as exc:
        _submit(table, board, player(table.ns), lead="")
    assert exc.value.code == "lead"
    Event.objects.filter(pk=event.pk).update(lead_required=False)
    r = _submit(table, board, player(table.ns), lead="")
    assert r.lead == "" and r.ns_score in (420, 620)
    # Optional, but when given it must still be a card the leader holds.
    with pytest.raises(BridgeError):
        _submit(table, event.boards.get(number=2), player(table.ns),
                lead=_not_held(event.boards.get(number=2), "E"))  # fmt: skip


def test_the_other_side_rejects_with_a_reason_and_the_board_is_disputed(seated, director):
    event, table, board = seated
    entered = _submit(table, board, player(table.ns))
    with pytest.raises(BridgeError) as exc:
        services.result_reject(result_id=entered.pk, user=player(table.ew), reason="  ")
    assert exc.value.code == "reason"
    with pytest.raises(PermissionDeniedError):  # the entering side can't reject its own
        services.result_reject(result_id=entered.pk, user=player(table.ns), reason="no")
    disputed = services.result_reject(
        result_id=entered.pk, user=player(table.ew), reason="It was 9 tricks"
    )
    assert disputed.disputed_at is not None and disputed.dispute_reason == "It was 9 tricks"
    stored = Result.objects.get(pk=entered.pk)
    assert (stored.tricks, stored.ns_score, stored.confirmed_at) == (10, entered.ns_score, None)
    assert EventLog.objects.filter(event=event, action="result_dispute").count() == 1
    with pytest.raises(ConflictError):
        services.result_reject(result_id=entered.pk, user=player(table.ew), reason="again")
    # The director settles it with a correction: no longer disputed, confirmed.
    fixed = services.result_correct(
        table_id=table.pk, board_id=board.pk, director=director, contract="4S",
        declarer="N", tricks=9, lead="", reason="table agreed 9 tricks",
    )  # fmt: skip
    assert fixed.disputed_at is None and fixed.tricks == 9 and fixed.confirmed_at is not None


def test_accepting_after_a_rejection_settles_the_dispute(seated):
    _, table, board = seated
    entered = _submit(table, board, player(table.ns))
    services.result_reject(result_id=entered.pk, user=player(table.ew), reason="check")
    accepted = services.result_confirm(result_id=entered.pk, user=player(table.ew))
    assert accepted.confirmed_at is not None and accepted.disputed_at is None


def test_a_conflicting_entry_says_what_the_other_side_entered(seated):
    _, table, board = seated
    first = _submit(table, board, player(table.ns))
    with pytest.raises(ConflictError) as exc:
        _submit(table, board, player(table.ew), contract="3NT", declarer="S", tricks=9)
    message = exc.value.message
    assert exc.value.code == "duplicate"
    assert "4S by N, 10 tricks" in message and f"lead {first.lead}" in message
    assert "your opponents" in message and f"NS {first.ns_score:+d}" in message


def test_not_played_in_one_step(seated):
    event, table, board = seated
    r = services.result_not_played(table_id=table.pk, board_id=board.pk, user=player(table.ew))
    assert r.status == Result.Status.CUT and r.entered_side == "EW"
    with pytest.raises(ConflictError):
        _submit(table, board, player(table.ns))
    with pytest.raises(PermissionDeniedError):
        services.result_not_played(
            table_id=table.pk, board_id=event.boards.get(number=2).pk,
            user=player(event.rounds.get(number=1).tables.get(number=2).ns),
        )  # fmt: skip


def test_nothing_is_confirmed_after_the_event(seated, director):
    event, table, board = seated
    entered = _submit(table, board, player(table.ns))
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    with pytest.raises(ConflictError) as exc:
        services.result_confirm(result_id=entered.pk, user=player(table.ew))
    assert exc.value.code == "finished"
    assert Result.objects.get(pk=entered.pk).confirmed_at is None


def test_reject_and_not_played_in_the_api(seated):
    from tests.conftest import api_client

    event, table, board = seated
    entered = _submit(table, board, player(table.ns))
    url = f"/api/results/{entered.pk}/reject/"
    assert api_client(player(table.ew)).post(url, {}, format="json").status_code == 400
    assert api_client(player(table.ns)).post(url, {"reason": "x"}, format="json").status_code == 403
    answer = api_client(player(table.ew)).post(url, {"reason": "9 tricks"}, format="json")
    assert answer.status_code == 200 and answer.json()["disputed"] is True
    assert answer.json()["dispute_reason"] == "9 tricks"
    assert api_client(player(table.ew)).post("/api/results/999999/reject/", {"reason": "x"},
                                             format="json").status_code == 404  # fmt: skip
    other = event.boards.get(number=2)
    done = api_client(player(table.ew)).post(
        "/api/results/not-played/", {"table": table.pk, "board": other.pk}, format="json"
    )
    assert done.status_code == 201 and done.json()["status"] == "cut"
