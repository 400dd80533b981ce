"""The one lock order across the apps (``docs/rules.md`` § Concurrency), checked by
``tournaments/lock_order.py`` in the tests: a lock taken after one of a higher rank in
the same transaction raises."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.db import transaction
from django.test import override_settings

from ladders import lock_objects as ladder_locks
from ratings import lock_objects as rate_locks
from tests.factories import EntryFactory, EventFactory, RoundFactory
from tournaments import lock_objects as event_locks
from tournaments.lock_order import LockOrderError, lock_order_exempt

ROOT = Path(__file__).resolve().parents[2]
MODULES = [event_locks, ladder_locks, rate_locks]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_every_lock_helper_declares_its_rank(module):
    path = ROOT / (module.__name__.replace(".", "/") + ".py")
    helpers = [
        node.name
        for node in ast.parse(path.read_text(encoding="utf-8")).body
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_")
    ]
    assert helpers
    assert [h for h in helpers if not hasattr(getattr(module, h), "lock_rank")] == []


def test_the_order_is_event_first_then_ladder_then_challenge():
    ranks = [
        event_locks.idempotency_key_for_update.lock_rank,
        event_locks.event_for_update.lock_rank,
        event_locks.round_for_share.lock_rank,
        event_locks.table_for_update.lock_rank,
        event_locks.result_for_update.lock_rank,
        event_locks.entry_for_update.lock_rank,
        event_locks.pool_board_for_update.lock_rank,
        event_locks.pool_settings_for_update.lock_rank,
        rate_locks.rate_jobs_lock.lock_rank,
        rate_locks.rate_week_for_update.lock_rank,
        rate_locks.player_rate_for_update.lock_rank,
        ladder_locks.ladder_for_update.lock_rank,
        ladder_locks.challenge_for_update.lock_rank,
    ]
    assert ranks == sorted(ranks) and len(set(ranks)) == len(ranks)


@pytest.mark.django_db
def test_a_lock_after_a_higher_ranked_one_raises():
    entry = EntryFactory()
    with pytest.raises(LockOrderError, match="event_for_update"), transaction.atomic():
        event_locks.entry_for_update(entry.pk)
        event_locks.event_for_update(entry.event_id)


@pytest.mark.django_db
def test_locks_in_the_order_pass_and_the_same_rank_may_repeat():
    rnd = RoundFactory()
    entry = EntryFactory(event=rnd.event)
    with transaction.atomic():
        event_locks.event_for_update(rnd.event_id)
        event_locks.round_for_update(rnd.pk)
        event_locks.round_of_event_for_update(event=rnd.event, number=rnd.number)
        event_locks.entry_for_update(entry.pk)
        event_locks.entry_for_update(entry.pk)


@pytest.mark.django_db
def test_each_transaction_starts_the_order_again():
    entry = EntryFactory()
    with transaction.atomic():
        event_locks.entry_for_update(entry.pk)
    with transaction.atomic():
        event_locks.event_for_update(entry.event_id)


@pytest.mark.django_db
def test_a_nested_block_is_part_of_its_outermost_transaction():
    entry = EntryFactory()
    with pytest.raises(LockOrderError), transaction.atomic():
        with transaction.atomic():
            event_locks.entry_for_update(entry.pk)
        with transaction.atomic():
            event_locks.event_for_update(entry.event_id)


@pytest.mark.django_db(transaction=True)
def test_a_real_outermost_transaction_is_tracked_until_it_ends():
    entry = EntryFactory()
    with pytest.raises(LockOrderError), transaction.atomic():
        event_locks.entry_for_update(entry.pk)
        event_locks.event_for_update(entry.event_id)
    with transaction.atomic():  # committed: the next one starts again
        event_locks.entry_for_update(entry.pk)
    with transaction.atomic():
        event_locks.event_for_update(entry.event_id)


@pytest.mark.django_db
def test_locks_of_new_rows_are_outside_the_order():
    """A ladder job locks the match event it has just created (no one else knows it)."""
    entry = EntryFactory()
    new = EventFactory()
    with transaction.atomic():
        event_locks.entry_for_update(entry.pk)
        with lock_order_exempt():
            event_locks.event_for_update(new.pk)
        event_locks.entry_for_update(entry.pk)


@pytest.mark.django_db
@override_settings(LOCK_ORDER_CHECK=False)
def test_the_check_is_off_unless_enabled():
    entry = EntryFactory()
    with transaction.atomic():
        event_locks.entry_for_update(entry.pk)
        event_locks.event_for_update(entry.event_id)
