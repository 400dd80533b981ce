from datetime import timedelta

import pytest
from django.utils import timezone

from tests.factories import UserFactory
from tournaments import services
from tournaments.errors import ConflictError, PermissionDeniedError
from tournaments.models import Entry, Event


@pytest.fixture
def event(director):
    return services.event_create(
        name="Swiss",
        start_at=timezone.now() + timedelta(hours=2),
        num_rounds=3,
        boards_per_round=2,
        director=director,
    )


def test_invite_then_confirm_completes_registration_in_order(event):
    a, b, c, d = UserFactory.create_batch(4)
    first = services.entry_register(event=event, player=a, partner=b)
    second = services.entry_register(event=event, player=c, partner=d)
    assert first.status == Entry.Status.PENDING and first.registration_order is None
    # The second pair confirms first: registration order follows completion.
    services.entry_confirm(entry=second, player=d)
    services.entry_confirm(entry=first, player=b)
    first.refresh_from_db()
    second.refresh_from_db()
    assert (second.registration_order, first.registration_order) == (1, 2)
    assert first.status == Entry.Status.CONFIRMED


def test_a_player_is_in_at_most_one_pair(event):
    a, b, c, d = UserFactory.create_batch(4)
    first = services.entry_register(event=event, player=a, partner=b)
    # b's pending invitation does not lock b out: c may invite b too
    second = services.entry_register(event=event, player=c, partner=b)
    with pytest.raises(ConflictError) as err:
        services.entry_register(event=event, player=a, partner=b)
    assert err.value.code == "already_invited"
    assert "already invited" in err.value.message
    services.entry_confirm(entry=second, player=b)
    first.refresh_from_db()
    assert first.status == Entry.Status.DECLINED  # accepting one cancelled the other
    with pytest.raises(ConflictError) as err:
        services.entry_register(event=event, player=d, partner=b)
    assert err.value.code == "already_entered"
    assert Entry.objects.filter(event=event, status=Entry.Status.CONFIRMED).count() == 1


def test_only_the_invited_partner_confirms(event):
    a, b, c = UserFactory.create_batch(3)
    entry = services.entry_register(event=event, player=a, partner=b)
    with pytest.raises(PermissionDeniedError):
        services.entry_confirm(entry=entry, player=c)
    services.entry_confirm(entry=entry, player=b)
    with pytest.raises(ConflictError):
        services.entry_confirm(entry=entry, player=b)


def test_a_player_cannot_partner_themselves(event):
    a = UserFactory()
    with pytest.raises(ConflictError):
        services.entry_register(event=event, player=a, partner=a)


def test_decline_frees_both_players(event):
    a, b, c = UserFactory.create_batch(3)
    entry = services.entry_register(event=event, player=a, partner=b)
    services.entry_decline(entry=entry, player=b)
    assert services.entry_register(event=event, player=a, partner=c).pk


def test_registration_closes_at_the_start(make_event):
    event = make_event(pairs=4, start=True)
    a, b = UserFactory.create_batch(2)
    with pytest.raises(ConflictError) as err:
        services.entry_register(event=event, player=a, partner=b)
    assert err.value.code == "closed"


def test_registration_closes_at_start_time_even_before_round_one_opens(director):
    event = services.event_create(
        name="Past",
        start_at=timezone.now() - timedelta(minutes=1),
        num_rounds=2,
        boards_per_round=2,
        director=director,
    )
    a, b = UserFactory.create_batch(2)
    with pytest.raises(ConflictError):
        services.entry_register(event=event, player=a, partner=b)


def test_director_adds_a_late_pair_that_is_seated_next_round(make_event, director):
    event = make_event(pairs=4, start=True)
    a, b = UserFactory.create_batch(2)
    late = services.entry_add(event=event, players=[a, b], director=director)
    assert late.late and late.registration_order == 5
    services.round_close(event=event, number=1)
    rnd2 = event.rounds.get(number=2)
    seated = {t.ns_id for t in rnd2.tables.all()} | {t.ew_id for t in rnd2.tables.all()}
    assert late.pk in seated


def test_players_cannot_add_late_pairs(make_event):
    event = make_event(pairs=2, start=True)
    a, b = UserFactory.create_batch(2)
    with pytest.raises(PermissionDeniedError):
        services.entry_add(event=event, players=[a, b], director=a)


def test_withdrawn_pair_is_not_seated_but_keeps_its_results(make_event, director):
    event = make_event(pairs=4, start=True)
    entry = Entry.objects.get(event=event, registration_order=1)
    services.entry_withdraw(entry=entry, by=director)
    services.round_close(event=event, number=1)
    rnd2 = event.rounds.get(number=2)
    seated = {t.ns_id for t in rnd2.tables.all()} | {t.ew_id for t in rnd2.tables.all()}
    assert entry.pk not in seated
    assert entry.standings.filter(round_number=1).exists()


def test_player_cannot_withdraw_after_start(make_event):
    event = make_event(pairs=2, start=True)
    entry = Entry.objects.get(event=event, registration_order=1)
    with pytest.raises(PermissionDeniedError):
        services.entry_withdraw(entry=entry, by=entry.members.first().player)


def test_sitting_out_pair_gets_no_table(make_event, director):
    event = make_event(pairs=5, start=True)
    entry = Entry.objects.get(event=event, registration_order=2)
    services.entry_set_sitting_out(entry=entry, sitting_out=True, director=director)
    services.round_close(event=event, number=1)
    rnd2 = event.rounds.get(number=2)
    tables = list(rnd2.tables.all())
    assert entry.pk not in {t.ns_id for t in tables} | {t.ew_id for t in tables}
    assert len(tables) == 2 and all(t.ew_id for t in tables)  # 4 pairs left: no bye


def test_event_create_rejects_bad_input(director):
    from tournaments.errors import BridgeError

    with pytest.raises(BridgeError):
        services.event_create(name="x", start_at=timezone.now(), num_rounds=0, boards_per_round=2)
    with pytest.raises(BridgeError):
        services.event_create(
            name="x", start_at=timezone.now(), num_rounds=2, boards_per_round=2, method="zz"
        )
    assert not Event.objects.exists()


def test_the_inviter_cannot_confirm_for_the_partner(event):
    a, b = UserFactory.create_batch(2)
    entry = services.entry_register(event=event, player=a, partner=b)
    with pytest.raises(ConflictError):
        services.entry_confirm(entry=entry, player=a)
    entry.refresh_from_db()
    assert entry.status == Entry.Status.PENDING


def test_a_player_cannot_withdraw_after_the_start_time_even_before_round_one_opens(event, director):
    a, b = UserFactory.create_batch(2)
    entry = services.entry_register(event=event, player=a, partner=b)
    services.entry_confirm(entry=entry, player=b)
    # The start time has passed; the scheduler has not opened round 1 yet.
    Event.objects.filter(pk=event.pk).update(start_at=timezone.now() - timedelta(seconds=5))
    with pytest.raises(PermissionDeniedError):
        services.entry_withdraw(entry=entry, by=a)
    entry.refresh_from_db()
    assert entry.status == Entry.Status.CONFIRMED and entry.members.count() == 2
    assert services.entry_withdraw(entry=entry, by=director).status == Entry.Status.WITHDRAWN
