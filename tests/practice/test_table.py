"""The practice table's rules beyond the worked example (docs/rules.md § Robots,
*Practice*): the robots play a whole board around a player who is dummy, a claim the
robots reject is withdrawn and play goes on, an undo is answered as a fair opponent
would, and outside the in-process tasks the robots are woken by a Celery task after the
commit, never in the request."""

import pytest
from django.test import override_settings

from practice import services, tasks
from practice.models import PracticeBoard
from tests.factories import UserFactory
from tournaments.models import Event

pytestmark = pytest.mark.django_db(transaction=True)


def _act(user, session, kind, value=""):
    view = services.practice_state_get(user=user, session_id=session.pk)
    return services.practice_act(
        user=user, session_id=session.pk, version=view["version"], kind=kind, value=value
    )


def test_the_robots_play_the_board_around_a_player_at_north(mp_event):
    """North holds no spade: the robot South opens and declares, or the robots defend;
    North passes and plays the first legal card whenever it is North's turn."""
    user = UserFactory()
    session = services.practice_create(user=user, event_id=mp_event.pk, seat="N")
    view = services.practice_state_get(user=user, session_id=session.pk)
    turns = 0
    while view["phase"] != "over":
        assert view["actor"] == "N", view  # the robots never wait for one another
        if view["phase"] == "auction":
            view = _act(user, session, "call", "P")
        else:
            view = _act(user, session, "card", view["legal"]["cards"][0])
        turns += 1
        assert turns < 60
    row = PracticeBoard.objects.get(session=session)
    assert row.status == PracticeBoard.Status.OVER and row.points is not None
    assert view["practice"]["field_size"] == 4
    assert all(view["hands"][s] is not None for s in "NESW")  # the deal, once it is over


def test_a_claim_the_robots_reject_is_withdrawn_and_play_goes_on(mp_event, monkeypatch):
    """The robots here judge every claim wrong: the claim is rejected, and instead of
    waiting for a director the table plays on (the claimer's next card is accepted)."""
    monkeypatch.setattr("robots.answer_choose", lambda view, **kw: "reject")  # N too: refused
    user = UserFactory()
    session = services.practice_create(user=user, event_id=mp_event.pk)
    _act(user, session, "call", "7S")
    view = _act(user, session, "card", services.practice_state_get(
        user=user, session_id=session.pk)["legal"]["cards"][0])  # fmt: skip
    view = services.practice_state_get(user=user, session_id=session.pk)
    assert view["actor"] == "S" and view["phase"] == "play"
    view = _act(user, session, "claim", "12")
    assert view["claim"] is None and view["phase"] == "play"
    actions = PracticeBoard.objects.get(session=session).actions
    assert ["D", "rule", "play", ""] in actions and actions[-3][1] == "claim"
    assert view["legal"]["cards"]  # South plays on
    view = _act(user, session, "card", view["legal"]["cards"][0])
    assert view["phase"] == "play"


def test_an_undo_is_answered_by_the_robots_as_a_fair_opponent(mp_event):
    """South ruffs West's club lead and is on lead: South's card is the table's last
    action, so South may take it back; the robots (East, West) accept at once. A second
    undo on the board is rejected (docs/rules.md § Robots, *Its answers*)."""
    user = UserFactory()
    session = services.practice_create(user=user, event_id=mp_event.pk)
    _act(user, session, "call", "7S")
    view = services.practice_state_get(user=user, session_id=session.pk)
    view = _act(user, session, "card", view["legal"]["cards"][0])  # from dummy
    view = _act(user, session, "card", view["legal"]["cards"][0])  # South's spade wins
    assert view["tricks"][0]["winner"] == "S" and view["actor"] == "S"
    ruff = view["play"][-1]
    view = _act(user, session, "undo")
    assert view["undo"] is None and view["play"][-1] != ruff  # taken back, agreed
    assert ruff in view["hands"]["S"] and view["actor"] == "S"
    assert len(view["tricks"][0]["cards"]) == 3 and view["undone"] == {"NS": 1, "EW": 0}
    view = _act(user, session, "card", ruff)
    view = _act(user, session, "undo")
    assert view["undo"] is None and view["play"][-1] == ruff  # the second: it stands


def test_outside_in_process_tasks_the_robots_wait_for_the_worker(mp_event, monkeypatch):
    sent = []
    monkeypatch.setattr(tasks.practice_robots_play, "delay", lambda *a: sent.append(a))
    user = UserFactory()
    with override_settings(CELERY_TASK_ALWAYS_EAGER=False):
        session = services.practice_create(user=user, event_id=mp_event.pk)
        view = services.practice_state_get(user=user, session_id=session.pk)
    assert sent == [(session.pk,)]  # woken after the commit, as a task
    assert view["auction"] == [] and view["actor"] == "N"  # North has not called yet
    tasks.practice_robots_play(session.pk)  # the worker's turn: North and East pass
    view = services.practice_state_get(user=user, session_id=session.pk)
    assert [c["call"] for c in view["auction"]] == ["P", "P"] and view["actor"] == "S"


def test_a_session_of_two_boards_moves_on_and_totals():
    """A simulated Mitchell (matchpoints, a field on every board): the player at South
    passes and plays the first legal card; the answer to the action that ends board 1
    names board 2, which the robots have already started; the total is the average of
    the two boards' percentages."""
    from practice.selectors import session_summary
    from tournaments.simulation import SimulationConfig, simulate_swiss_event

    event = simulate_swiss_event(
        SimulationConfig(pairs=8, rounds=3, boards_per_round=2, seed=13, name="Mitchell",
                         kind=Event.Kind.MITCHELL, method=Event.Method.MP)
    )  # fmt: skip
    user = UserFactory()
    session = services.practice_create(user=user, event_id=event.pk, numbers=[1, 2])
    view = services.practice_state_get(user=user, session_id=session.pk)
    ends = []
    for _ in range(80):
        if view["phase"] == "over":
            ends.append((view["board_number"], view["next"]))
            if view["next"].get("round_over"):
                break
            view = services.practice_state_get(user=user, session_id=session.pk)
            continue
        assert view["actor"] == "S", view
        value = "P" if view["phase"] == "auction" else view["legal"]["cards"][0]
        view = _act(user, session, "call" if view["phase"] == "auction" else "card", value)
    board2 = event.boards.get(number=2)
    assert ends == [(1, {"board": board2.pk, "board_number": 2}), (2, {"round_over": True})]
    summary = session_summary(session)
    points = [b["row"].points for b in summary["boards"]]
    assert all(0 <= p <= 100 for p in points) and all(b["field"] for b in summary["boards"])
    assert summary["total"] == pytest.approx(sum(points) / 2)
