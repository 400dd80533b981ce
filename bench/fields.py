"""Big events built in bulk for the benchmarks (and the page query-count tests).

Users, pairs and results are written with ``bulk_create``; seating, scoring and totals
go through the real services. Call after Django is set up.
"""

from __future__ import annotations

import random
from datetime import timedelta

# NS scores that go with the contracts (non-vulnerable; plausible enough for benchmarks).
RESULTS = (
    ("4S", "N", 10, "HA", 420),
    ("4S", "N", 9, "HA", -50),
    ("4S", "N", 11, "DK", 450),
    ("3NT", "S", 10, "SQ", 430),
    ("3NT", "S", 8, "C2", -50),
    ("2H", "E", 8, "S3", -110),
    ("3C", "W", 8, "HK", 50),
    ("PASS", "", None, "", 0),
)


def field_start(
    *,
    pairs: int,
    rounds: int,
    boards_per_round: int,
    seed: int = 1,
    method: str = "ximp",
    **options,
):
    """An event with ``pairs`` confirmed pairs, round 1 seated and open; ``options`` go to
    ``event_create`` (e.g. ``online_play=True, round_minutes=600``)."""
    from django.utils import timezone

    from accounts.models import User
    from tournaments import services
    from tournaments.models import Entry, EntryMember

    event = services.event_create(
        name=f"Bench Swiss {pairs} pairs",
        start_at=timezone.now() + timedelta(minutes=1),
        num_rounds=rounds,
        boards_per_round=boards_per_round,
        method=method,
        seed=seed,
        **options,
    )
    prefix = f"bench{event.pk}u"
    users = User.objects.bulk_create(
        User(username=f"{prefix}{i}", display_name=f"Player {i}") for i in range(pairs * 2)
    )
    entries = Entry.objects.bulk_create(
        Entry(event=event, status=Entry.Status.CONFIRMED, registration_order=i + 1)
        for i in range(pairs)
    )
    EntryMember.objects.bulk_create(
        EntryMember(entry=e, event=event, player=users[2 * i + k], position=k + 1)
        for i, e in enumerate(entries)
        for k in range(2)
    )
    services.event_start(event=event, rng=random.Random(seed))
    return event


def round_results_insert(rnd, rng: random.Random, play_rate: float = 0.9) -> int:
    """Results for about ``play_rate`` of the round's tables x boards; the rest get cut."""
    from django.utils import timezone

    from tournaments.models import Result

    boards = list(rnd.boards.all())
    rows = []
    for table in rnd.tables.filter(ew__isnull=False):
        for board in boards:
            if rng.random() >= play_rate:
                continue
            contract, declarer, tricks, lead, score = rng.choice(RESULTS)
            rows.append(
                Result(
                    table=table,
                    board=board,
                    contract=contract,
                    declarer=declarer,
                    tricks=tricks,
                    lead=lead,
                    ns_score=score,
                    entered_side="NS",
                    confirmed_at=timezone.now(),
                )
            )
    Result.objects.bulk_create(rows, batch_size=2000)
    return len(rows)
