"""The directors' fair-play screen (docs/rules.md § Accuracy and fair play): a field of
twelve pairs over forty boards where one pair never leads wrong and never errs in
defence. The screen flags it beside placebo pairs, and refuses everyone but the
event's directors."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse

from tests.conftest import api_client
from tests.factories import (
    BoardFactory,
    EntryFactory,
    EntryMemberFactory,
    EventFactory,
    RoundFactory,
    TableFactory,
    UserFactory,
)

from .conftest import analysed, pair

pytestmark = pytest.mark.django_db

PAIRS, ROUNDS, BOARDS_PER_ROUND = 12, 10, 4


def _costs(rng, declarer: str, *, clean_side: str | None) -> list[int]:
    """Eight cards' costs; the side ``clean_side`` (when it defends) never loses one."""
    seats = "ESWNNESW" if declarer == "N" else "SWNEESWN"
    defending = "EW" if declarer == "N" else "NS"
    costs = []
    for i, seat in enumerate(seats):
        if seat not in defending:
            costs.append(int(rng.random() < 0.1))
        elif defending == clean_side:
            costs.append(0)
        else:
            costs.append(int(rng.random() < (0.5 if i == 0 else 0.3)))
    return costs


@pytest.fixture
def field():
    rng = random.Random(5)
    event = EventFactory()
    entries = [pair(event) for _ in range(PAIRS)]
    cheats = entries[0]
    half = PAIRS // 2
    for r in range(ROUNDS):
        rnd = RoundFactory(event=event, number=r + 1)
        boards = [
            BoardFactory(round=rnd, event=event, number=r * BOARDS_PER_ROUND + b + 1)
            for b in range(BOARDS_PER_ROUND)
        ]
        for t in range(half):
            # the pairs swap directions each round, so every pair defends both ways
            ns, ew = entries[t], entries[half + (t + r) % half]
            if r % 2:
                ns, ew = ew, ns
            table = TableFactory(round=rnd, event=event, number=t + 1, ns=ns, ew=ew)
            for board in boards:
                declarer = "N" if board.number % 2 else "E"
                clean = "NS" if ns == cheats else "EW" if ew == cheats else None
                analysed(
                    table, board, declarer=declarer, entered_by=None,
                    costs=_costs(rng, declarer, clean_side=clean),
                )  # fmt: skip
    return event, cheats


def _url(event, **params):
    query = "&".join(f"{k}={v}" for k, v in {"event": event.pk, **params}.items())
    return f"{reverse('fairplay:screen')}?{query}"


def test_the_director_sees_the_pair_flagged_beside_placebo_pairs(field, client):
    event, cheats = field
    client.force_login(event.director)
    page = client.get(_url(event))
    assert page.status_code == 200
    screen = page.context["screen"]
    names = sorted(m.player.name for m in cheats.members.select_related("player"))
    flagged = [p for p in screen["pairs"] if p["flagged"]]
    assert sorted(screen["pairs"][0]["names"]) == names  # the lowest p-value first
    assert names in [sorted(p["names"]) for p in flagged]
    assert screen["pairs"][0]["p_leads"] < 1e-3 and screen["pairs"][0]["p_defence"] < 1e-3
    assert len(screen["pairs"]) == PAIRS and screen["hidden"] == 0
    assert len(screen["placebos"]) >= 10
    real = {frozenset(p["user_ids"]) for p in screen["pairs"]}
    assert not real & {frozenset(p["user_ids"]) for p in screen["placebos"]}
    assert screen["flagged"] < PAIRS // 2  # chance alone flags few
    # the flagged pair's players are in no placebo pair: those show chance alone
    cheaters = set(cheats.members.values_list("player_id", flat=True))
    assert not cheaters & {u for p in screen["placebos"] for u in p["user_ids"]}
    assert screen["placebo_flagged"] <= 2
    assert b'data-kind="placebos"' in page.content
    first = cheats.members.select_related("player").first().player
    assert reverse("fairplay:player_accuracy", args=[first.username]).encode() in page.content
    assert b"Statistics start an investigation; they never end one." in page.content
    again = client.get(_url(event)).context["screen"]
    assert [p["user_ids"] for p in again["placebos"]] == [
        p["user_ids"] for p in screen["placebos"]
    ]  # seeded: the same placebo pairs each time


def test_below_the_minimum_nothing_is_shown(field, client, settings):
    event, _cheats = field
    settings.FAIRPLAY_MIN_BOARDS = 41  # each pair played 40 boards
    client.force_login(event.director)
    screen = client.get(_url(event)).context["screen"]
    assert screen["pairs"] == [] and screen["hidden"] == PAIRS
    assert screen["placebos"] == [] or all(p["boards"] >= 41 for p in screen["placebos"])


def test_a_player_and_an_outsider_are_refused(client):
    event = EventFactory()
    entry = EntryFactory(event=event)
    member = EntryMemberFactory(entry=entry)
    for user in (member.player, UserFactory()):
        client.force_login(user)
        assert client.get(_url(event)).status_code == 403
        assert client.get(reverse("fairplay:screen")).status_code == 403
        answer = api_client(user).get(reverse("api-fair-play"), {"event": event.pk})
        assert answer.status_code == 403
    client.logout()
    assert client.get(_url(event)).status_code == 403
    assert api_client().get(reverse("api-fair-play"), {"event": event.pk}).status_code in (401, 403)


def test_the_director_of_another_event_is_refused_this_one(client):
    mine, theirs = EventFactory(), EventFactory()
    director = UserFactory()
    mine.director = director
    mine.save(update_fields=["director"])
    client.force_login(director)
    assert client.get(_url(mine)).status_code == 200
    assert client.get(_url(theirs)).status_code == 403
    both = f"{reverse('fairplay:screen')}?event={mine.pk}&event={theirs.pk}"
    assert client.get(both).status_code == 403
    answer = api_client(director).get(reverse("api-fair-play"), {"event": theirs.pk})
    assert answer.status_code == 403


def test_the_api_gives_the_screen_to_the_director(client):
    event = EventFactory()
    answer = api_client(event.director).get(reverse("api-fair-play"), {"event": event.pk})
    assert answer.status_code == 200
    body = answer.json()
    assert body["pairs"] == [] and body["min_boards"] == 30 and body["watches"] == []
    bad = api_client(event.director).get(reverse("api-fair-play"), {"event": event.pk, "p": "2"})
    assert bad.status_code == 400 and bad.json()["code"] == "threshold"


def test_a_week_covers_the_events_the_director_directs(field, client):
    from ratings.weeks import week_of
    from tests.factories import ResultFactory
    from tournaments.models import Result

    event, _cheats = field
    week = week_of(Result.objects.filter(board__event=event).first().entered_at)
    other = EventFactory()  # another director's event, played the same week
    ResultFactory(board__event=other, table__event=other)
    url = f"{reverse('fairplay:screen')}?week={week}"
    client.force_login(event.director)  # staff: every event of the week
    scope = client.get(url).context["scope"]
    assert {e.pk for e in scope.events} == {event.pk, other.pk}
    own = UserFactory()  # directs only the other event
    other.director = own
    other.save(update_fields=["director"])
    client.force_login(own)
    page = client.get(url)
    assert page.status_code == 200
    assert [e.pk for e in page.context["scope"].events] == [other.pk]
    assert page.context["screen"]["pairs"] == []
    bad = client.get(f"{reverse('fairplay:screen')}?week=2026-W99")
    assert bad.status_code == 200 and bad.context["screen"] is None


def test_the_event_directors_page_links_to_the_screen(client):
    event = EventFactory()
    client.force_login(event.director)
    page = client.get(reverse("tournaments:event_director", args=[event.pk]))
    assert f"{reverse('fairplay:screen')}?event={event.pk}".encode() in page.content
