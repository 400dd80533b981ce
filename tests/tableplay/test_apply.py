"""The one apply step (tableplay/apply.py): a copy moves on, the kept engine does not,
and what is stored is the call or card as the engine reads it."""

from __future__ import annotations

import random

import pytest

from tableplay import Action, Table, TableError, table_view
from tableplay.apply import applied
from tests.tableplay.helpers import legal_cards, random_call, random_deal


def test_the_kept_engine_stays_and_the_copy_equals_a_replay():
    rng = random.Random(7)
    kept = Table(random_deal(rng), "N", "None")
    log = []
    while kept.phase != "over":
        before = table_view(kept, "S")
        if kept.phase == "auction":
            action = Action("call", kept.actor, random_call(kept, rng).lower())
        else:
            action = Action("card", kept.actor, rng.choice(legal_cards(kept)).lower())
        after, stored = applied(kept, action, version=kept.version)
        assert table_view(kept, "S") == before  # others may read it meanwhile
        assert stored.value == stored.value.upper()  # as the engine reads it: "1NT", "SA"
        log.append(stored)
        replay = Table(kept.deal, "N", "None")
        for done in log:
            replay.apply(done)
        assert table_view(after, "S") == table_view(replay, "S")
        kept = after


def test_a_refusal_changes_nothing():
    rng = random.Random(3)
    kept = Table(random_deal(rng), "N", "None")
    with pytest.raises(TableError) as refused:
        applied(kept, Action("call", "E", "1C"), version=kept.version)
    assert refused.value.code == "out_of_turn"
    with pytest.raises(TableError) as stale:
        applied(kept, Action("call", "N", "1C"), version=kept.version + 1)
    assert stale.value.code == "stale"
    assert kept.version == 0 and kept.calls == []
