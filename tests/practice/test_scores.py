"""The worked example of docs/rules.md § Robots, *Practice*: a board whose field is known,
played at a practice table through the services (the robots pass; South bids 7S and
takes all thirteen tricks: +1510), then scored against the field by the event's method;
and a practice leaves the event's standings, master points and results alone."""

import pytest

from practice import services
from practice.scoring import points_text
from ratings.models import MasterPointEntry, PlayerRate
from tests.factories import UserFactory
from tests.practice.conftest import finished_event, play_grand_slam
from tournaments.models import Entry, Event, Result, Standing

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(
    ("method", "points"),
    [(Event.Method.MP, 75.0), (Event.Method.IMP, 6.0), (Event.Method.XIMP, 6.25)],
)
def test_worked_example_against_the_field(make_event, method, points):
    """Board 1, none vulnerable. The field's NS scores: +1510 (7S=), +1010 (6S+1),
    +510 (4S+3), +1510 (7S=). The practice table (South, the player) bids 7S and makes
    it: +1510, as one more table of the field.

    * Matchpoints (five results with it): +1510 beats +1010 and +510 (2 × 2 = 4) and
      ties the two other +1510s (1 × 2 = 2): 6 of a top of 2 × (5 − 1) = 8, so 75%.
    * Datum IMPs, against the field's own datum: four results drop one from each end
      (+510 and one +1510); the mean of 1010 and 1510 is 1260, the datum (a multiple of
      10 already); 1510 − 1260 = 250, between 215 and 265: 6 IMPs.
    * Cross-IMPs: against 1510 0, against 1010 (500) 11, against 510 (1000) 14, against
      1510 0: 25 IMPs over n − 1 = 4 comparisons: 6.25.
    """
    event = finished_event(make_event, method)
    user = UserFactory()  # anyone may practise a finished event
    session = services.practice_create(user=user, event_id=event.pk)
    row = play_grand_slam(user, session)
    assert (row.contract, row.declarer, row.tricks, row.ns_score) == ("7S", "S", 13, 1510)
    assert row.points == pytest.approx(points)
    assert row.field_size == 4
    assert row.datum == (1260 if method == Event.Method.IMP else None)
    view = services.practice_state_get(user=user, session_id=session.pk)
    assert view["practice"]["text"] == points_text(points, method)
    assert view["next"] == {"round_over": True}
    assert view["hands"]["N"] is not None  # all four hands once the board is over


def _event_rows(event):
    """Everything of the event a practice could move, and the Rate."""
    return (
        list(Standing.objects.filter(entry__event=event).order_by("pk").values()),
        list(Entry.objects.filter(event=event).order_by("pk").values()),
        list(MasterPointEntry.objects.order_by("pk").values()),
        list(Result.objects.filter(board__event=event).order_by("pk").values()),
        list(PlayerRate.objects.order_by("pk").values()),  # the Rate and this week's points
    )


def test_practice_stays_out_of_standings_master_points_and_the_rate(mp_event):
    before = _event_rows(mp_event)
    assert before[2], "the finished event awarded master points"
    winner = Entry.objects.get(event=mp_event, rank=1).members.first().player
    session = services.practice_create(user=winner, event_id=mp_event.pk)  # a player of it
    row = play_grand_slam(winner, session)
    assert row.points == 75.0  # better than the field's average...
    assert _event_rows(mp_event) == before  # ...and nothing of the event moved


def test_hcp_par_and_the_east_west_mirror(mp_event):
    """HCP-par scores against the board's expected score, not the field: NS hold 10 +
    10 = 20 HCP of board 1 (none vulnerable), so the expected NS score is the table's
    (``scoring.expected_score``); +1510 scores IMPs of the difference for NS, East the
    opposite. Under matchpoints East gets 100 − NS's percentage."""
    import scoring
    from practice.scoring import practice_score
    from tests.practice.conftest import DEAL

    board = mp_event.boards.get(number=1)
    assert board.deal == DEAL
    expected = scoring.expected_score(20, "None")
    ns = scoring.imps(1510 - expected)
    mp_event.method = Event.Method.HCP_PAR
    assert practice_score(event=mp_event, board=board, ns_score=1510, seat="S").points == ns
    assert practice_score(event=mp_event, board=board, ns_score=1510, seat="E").points == -ns
    mp_event.method = Event.Method.MP
    east = practice_score(event=mp_event, board=board, ns_score=1510, seat="E")
    assert east.points == 25.0 and len(east.field) == 4
