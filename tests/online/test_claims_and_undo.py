"""Claims and undo at an online table, through the services (docs/rules.md § Online play,
Claims, Undo): a seat answers once, the opening lead stays once dummy is faced, the
claimer's hand is faced to the table, and the tricks show the claimed result."""

from __future__ import annotations

import pytest

from online import services
from online.models import PlayAction
from tableplay.cards import seat_next
from tests.conftest import need_postgres
from tests.tournaments.test_concurrency import race
from tournaments.errors import BridgeError

from .conftest import seated_table
from .test_services import refused, to_play


def led(online):
    """The auction over (1C by the dealer) and the opening lead made; the engine."""
    engine = to_play(online)
    online.act(engine.to_play, "card", engine.remaining[engine.to_play][0])
    return online.engine()


def view_of(online, seat):
    return services.table_state_get(
        user=online.players[seat], event_id=online.event.pk, table_id=online.table.pk
    )


@pytest.mark.django_db
def test_a_second_accept_of_a_claim_is_refused_and_not_stored(online):
    engine = led(online)
    declarer = engine.declarer
    online.act(declarer, "claim", 7)
    claimed_at = online.engine().version
    defender = seat_next(declarer)
    online.act(defender, "accept", version=claimed_at)
    stored = PlayAction.objects.filter(kind="accept").count()
    # the same accept again, at the newer version and at the claim's
    error = refused(online, "already_answered", lambda: online.act(defender, "accept"))
    assert error.message == "You have answered this already."
    refused(online, "already_answered", lambda: online.act(defender, "accept", version=claimed_at))
    refused(online, "already_answered", lambda: online.act(defender, "reject"))
    assert PlayAction.objects.filter(kind="accept").count() == stored == 1
    view = online.act(seat_next(declarer, 3), "accept")
    assert view["phase"] == "over" and view["result"]["status"] == "claimed"


@pytest.mark.django_db
def test_a_second_accept_of_an_undo_is_refused_and_not_stored(online):
    dealer = online.engine().to_play
    online.act(dealer, "call", "1C")
    online.act(dealer, "undo")
    online.act(seat_next(dealer), "accept")
    refused(online, "already_answered", lambda: online.act(seat_next(dealer), "accept"))
    assert PlayAction.objects.filter(kind="accept").count() == 1
    assert len(online.engine().calls) == 1  # still waiting for the other opponent


@pytest.mark.django_db
def test_the_opening_lead_is_not_taken_back_once_dummy_is_faced(online):
    engine = led(online)
    leader = engine.cards[0].seat
    assert view_of(online, leader)["hands"][engine.dummy] is not None  # the leader saw dummy
    refused(online, "undo_shown", lambda: online.act(leader, "undo"))


@pytest.mark.django_db
def test_the_claimers_hand_is_faced_to_the_table_while_the_claim_waits(online, director):
    engine = led(online)
    declarer = engine.declarer
    defenders = [seat_next(declarer), seat_next(declarer, 3)]
    for seat in defenders:
        assert view_of(online, seat)["hands"][declarer] is None
    online.act(declarer, "claim", 7)
    for seat in defenders:
        hands = view_of(online, seat)["hands"]
        assert hands[declarer] == online.engine().remaining[declarer]
        assert hands[seat_next(seat, 2)] is None  # partner's stays hidden
    director_view = services.table_state_get(
        user=director, event_id=online.event.pk, table_id=online.table.pk
    )
    assert director_view["hands"][declarer] is not None


@pytest.mark.django_db
def test_after_an_accepted_claim_the_tricks_show_the_claimed_result(online):
    engine = led(online)
    declarer = engine.declarer
    online.act(declarer, "claim", 9)
    online.act(seat_next(declarer), "accept")
    view = online.act(seat_next(declarer, 3), "accept")
    ours = "NS" if declarer in "NS" else "EW"
    theirs = "EW" if ours == "NS" else "NS"
    assert view["result"]["tricks"] == 9
    assert view["tricks_won"] == {ours: 9, theirs: 4}


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("attempt", range(3))
def test_on_postgres_one_seat_accepting_twice_at_once_is_stored_once(make_event, attempt):
    """Two copies of the same accept racing (a retried send): one applied, the other
    refused (stale or already answered), one accept stored."""
    need_postgres()
    online = seated_table(make_event(pairs=4, start=True, online_play=True))
    engine = led(online)
    refused(online, "undo_shown", lambda: online.act(engine.cards[0].seat, "undo"))  # item 14
    online.act(engine.declarer, "claim", 7)
    version = online.engine().version
    defender = seat_next(engine.declarer)
    out = race(
        lambda: online.act(defender, "accept", version=version),
        lambda: online.act(defender, "accept", version=version),
    )
    refusals = [o for o in out if isinstance(o, BridgeError)]
    assert len(refusals) == 1 and refusals[0].code in ("already_answered", "stale"), out
    assert PlayAction.objects.filter(kind="accept").count() == 1
    refused(online, "already_answered", lambda: online.act(defender, "accept"))
