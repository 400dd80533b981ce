"""Run as ``python -m tests.browser.demo_setup`` against a demo-configured database: an
online Swiss pairs event whose first round is open and ends in ``ROUND_SECONDS``; prints
the table's page and a signed-in session of each of its four players, as JSON (for
tests/browser/test_demo_server.py)."""

from __future__ import annotations

import json
import os
import random
import sys
from datetime import timedelta


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")
    import django

    django.setup()
    from django.test import Client
    from django.utils import timezone

    from tests.factories import UserFactory
    from tournaments import services

    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 60
    director = UserFactory(is_staff=True, username="td")
    event = services.event_create(
        name="Demo-configured Swiss", start_at=timezone.now() + timedelta(minutes=1),
        num_rounds=2, boards_per_round=2, round_minutes=seconds / 60, director=director,
        online_play=True, seed=3,
    )  # fmt: skip
    for _ in range(4):
        a, b = UserFactory(), UserFactory()
        entry = services.entry_register(event=event, player=a, partner=b)
        services.entry_confirm(entry=entry, player=b)
    services.event_start(event=event, rng=random.Random(1))
    rnd = event.rounds.get(number=1)
    table = rnd.tables.order_by("number").first()
    sessions = {}
    for entry, seats in ((table.ns, "NS"), (table.ew, "EW")):
        for member in entry.members.select_related("player").order_by("position"):
            client = Client()
            client.force_login(member.player)
            sessions[seats[member.position - 1]] = client.cookies["sessionid"].value
    print(
        json.dumps(
            {
                "page": f"/events/{event.pk}/tables/{table.pk}/play/",
                "ends_at": rnd.ends_at.timestamp(),
                "sessions": sessions,
            }
        )
    )


if __name__ == "__main__":
    main()
