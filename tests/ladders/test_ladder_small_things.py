"""The ladder pages: one "open" tab on the challenge filter, and counts in the singular."""

from __future__ import annotations

import re

from django.urls import reverse

from ladders import services
from ladders.models import Challenge
from tests.ladders.conftest import T0


def tabs(page: str) -> list[tuple[str, str]]:
    nav = page.split('<nav class="filters">')[1].split("</nav>")[0]
    return re.findall(r'<a href="\?(status=\w*)?"[^>]*>([^<]+)</a>', nav)


def test_the_challenge_filter_has_one_open_tab_that_lists_accepted_challenges_too(
    client, make_ladder
):
    ladder, teams = make_ladder(4)
    waiting = services.challenge_issue(
        ladder=ladder, challenger=teams[1], defender=teams[0], by=teams[1].captain, now=T0
    )
    accepted = services.challenge_issue(
        ladder=ladder, challenger=teams[3], defender=teams[2], by=teams[3].captain, now=T0
    )
    services.challenge_accept(challenge=accepted, by=teams[2].captain, now=T0)
    url = reverse("ladders:challenges", args=[ladder.pk])
    found = tabs(client.get(url).content.decode())
    labels = [label for _, label in found]
    assert len(labels) == len(set(labels)), labels
    assert [q for q, _ in found].count("status=open") == 1
    assert labels == ["all", "open", "accepted", "declined", "forfeited", "cancelled", "played"]
    listed = client.get(url, {"status": "open"}).content.decode()
    assert listed.count('class="card ladder-challenge') == 2
    assert Challenge.objects.get(pk=waiting.pk).status == Challenge.Status.OPEN


def test_one_place_and_one_day_are_singular(client, make_ladder):
    ladder, _ = make_ladder(1, k=1, accept_days=1, cooldown_days=1)
    listing = client.get(reverse("ladders:list")).content.decode()
    assert "1 place<" in listing and "1 day<" in listing
    detail = re.sub(
        r"\s+", " ", client.get(reverse("ladders:detail", args=[ladder.pk])).content.decode()
    )
    assert "1 team · challenge up to 1 place above · answer within 1 day · cooldown 1 day" in detail
