"""An online Swiss pairs event end to end in four real browsers (docs/rules.md § Online
play): a director creates it on the new-event page with online play, two pairs are
seated, and the four players play its board at the table over the WebSocket (an
alerted opening, the lead, dummy faced, a claim accepted) without typing a result; the
round closes, the standings rank both pairs, and the board page replays the play.

The pages and the WebSocket are served by the project's ASGI application under uvicorn
(in a thread, on the test database), as `make demo` serves them from one process.
"""

from __future__ import annotations

import random
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
from django.test import Client
from django.utils import timezone

from accounts.models import User
from tests.conftest import player
from tournaments import services
from tournaments.models import Entry, Event, Result

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
WIDE = "() => document.documentElement.scrollWidth"


def orm(fn, *args, **kwargs):
    """Run database work off the test thread: while Playwright's sync API runs, the
    test thread has an event loop, where Django refuses the ORM."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(fn, *args, **kwargs).result()


@pytest.fixture
def asgi_server(transactional_db):
    """The ASGI application (pages, static files, WebSockets) under uvicorn."""
    import uvicorn

    from config.asgi import application

    async def app(scope, receive, send):  # static files as runserver serves them
        if scope["type"] == "http":
            return await ASGIStaticFilesHandler(application)(scope, receive, send)
        return await application(scope, receive, send)

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


def session_of(user: User) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


def seat_pairs(event_id: int, director_id: int) -> dict:
    """Two pairs register and confirm; the director starts the event: round 1's one
    table. The four players' seats and sessions."""
    event = Event.objects.get(pk=event_id)
    director = User.objects.get(pk=director_id)
    users = [User.objects.create_user(f"online{i}", display_name=f"Player {i}") for i in range(4)]
    for a, b in ((users[0], users[1]), (users[2], users[3])):
        entry = services.entry_register(event=event, player=a, partner=b)
        services.entry_confirm(entry=entry, player=b)
    services.event_start(event=event, actor=director, rng=random.Random(1))
    table = event.rounds.get(number=1).tables.get()
    ns, ew = Entry.objects.get(pk=table.ns_id), Entry.objects.get(pk=table.ew_id)
    seats = {"N": player(ns, 1), "S": player(ns, 2), "E": player(ew, 1), "W": player(ew, 2)}
    return {
        "table": table.pk,
        "board": event.boards.get(number=1).number,
        "sessions": {seat: session_of(user) for seat, user in seats.items()},
    }


def close_round(event_id: int, director_id: int) -> None:
    director = User.objects.get(pk=director_id)
    services.round_close(event=Event.objects.get(pk=event_id), number=1, actor=director)


def box(page, name):
    return page.locator(".bidding-box").get_by_role("button", name=name, exact=True)


def play_first_card(page, where: str) -> str:
    card = page.locator(f"{where} button.pcard:not([disabled])").first
    value = card.get_attribute("data-card")
    card.click(position={"x": 8, "y": 12})  # a fanned card shows its corner
    return value


def test_four_players_play_an_online_event_through_to_the_standings(asgi_server, browser):
    director = orm(User.objects.create_user, "td", display_name="The Director", is_staff=True)
    director_session = orm(session_of, director)
    contexts, pages, errors = [], {}, []

    def open_as(session: str, viewport: dict):
        context = browser.new_context(
            locale="en-US", viewport=viewport, is_mobile=viewport is PHONE
        )
        context.add_cookies([{"name": "sessionid", "value": session, "url": asgi_server}])
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(20_000)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        return page

    try:
        # The director creates the event on the one new-event page, played online.
        desk = open_as(director_session, DESKTOP)
        desk.goto(f"{asgi_server}/events/new/?kind=swiss_pairs")
        start = timezone.localtime() + timedelta(hours=1)
        for name, value in (
            ("name", "Online Tuesday"), ("start_at", start.strftime("%Y-%m-%dT%H:%M")),
            ("num_rounds", "1"), ("boards_per_round", "1"), ("round_minutes", "60"),
        ):  # fmt: skip
            desk.locator(f'[name="{name}"]').fill(value)
        desk.locator('input[name="online_play"]').check()
        desk.locator('form:has([name="name"]) button[type="submit"]').click()
        desk.wait_for_url("**/director/**")
        event = orm(Event.objects.get, name="Online Tuesday")
        assert event.online_play

        seated = orm(seat_pairs, event.pk, director.pk)
        url = f"{asgi_server}/events/{event.pk}/tables/{seated['table']}/play/"
        for seat in "NESW":  # two phones, two desktops
            pages[seat] = open_as(seated["sessions"][seat], PHONE if seat in "NS" else DESKTOP)
            pages[seat].goto(url)
        for page in pages.values():
            page.locator('#play-table[data-phase="auction"]').wait_for()
            page.locator(".conn-live").wait_for()  # over the WebSocket, not polling
            assert page.locator(".seat-bottom .pcard").count() == 13

        # The auction (dealer North): an alerted 1NT; the alert reaches the opponents.
        n, e, s, w = (pages[seat] for seat in "NESW")
        box(n, "Alert").click()
        n.locator(".alert-input").fill("15-17")
        box(n, "1").click()
        box(n, "No trump").click()
        e.locator(".centre table.auction button.alerted").wait_for()
        e.locator(".centre table.auction button.alerted").click()
        assert "15-17" in e.locator(".alert-note").inner_text()
        for page, call in ((e, "Pass"), (s, "3"), (s, "No trump"), (w, "Pass")):
            page.locator(".bidding-box.mine").wait_for()
            box(page, call).click()
        for page in (n, e):
            page.locator(".bidding-box.mine").wait_for()
            box(page, "Pass").click()
        for page in pages.values():
            page.locator('#play-table[data-phase="play"]').wait_for()
            assert "3NT" in page.locator('[data-slot="contract"]').inner_text()

        # East leads; dummy (South) is faced to everyone; declarer plays from dummy.
        lead = play_first_card(e, ".seat-bottom")
        w.locator(f'.trick .pcard[data-card="{lead}"]').wait_for()
        n.locator(".seat-top .hand-row.live").wait_for()
        # West (a desktop) sees dummy's hand on its right, North's and East's as backs
        w.locator(".seat-right .hand-lines").wait_for()
        assert w.locator(".seat-left .backs, .seat-top .backs").count() == 2
        w.screenshot(path="/tmp/online-west.png", full_page=True)
        play_first_card(n, ".seat-top")
        w.locator(".seat-bottom button.pcard:not([disabled])").first.wait_for()
        play_first_card(w, ".seat-bottom")
        n.locator(".seat-bottom button.pcard:not([disabled])").first.wait_for()
        play_first_card(n, ".seat-bottom")

        # North claims 9 of the 12 tricks left; both defenders accept.
        n.get_by_role("button", name="Claim", exact=True).click()
        n.get_by_role("button", name="Claim 9", exact=True).click()
        for page in (e, w):
            page.get_by_role("button", name="Accept", exact=True).click()
        for page in pages.values():
            page.locator('#play-table[data-phase="over"]').wait_for()
            assert "by North" in page.locator('[data-slot="result"]').inner_text()
        for seat in "NS":
            assert pages[seat].evaluate(WIDE) <= PHONE["width"]
        n.screenshot(path="/tmp/online-event-over.png", full_page=True)

        result = orm(Result.objects.get, table_id=seated["table"])
        assert result.status == Result.Status.PLAYED and result.confirmed_at is not None
        assert result.contract == "3NT" and result.declarer == "N"
        assert result.auction.startswith("N:1NT") and result.play.startswith("E:")

        # The round closes: the event finishes, both pairs ranked, the board replayed.
        orm(close_round, event.pk, director.pk)
        desk.goto(f"{asgi_server}/events/{event.pk}/")
        ranked = orm(lambda: list(Entry.objects.filter(event=event).values_list("rank", flat=True)))
        assert sorted(ranked) == [1, 2]
        desk.goto(f"{asgi_server}/events/{event.pk}/boards/{seated['board']}/")
        replay = desk.locator(".replay").first
        replay.wait_for()
        replay.get_by_role("button", name="Next").click()
        assert desk.locator(".replay .replay-card .playcard").count() >= 1
        desk.screenshot(path="/tmp/online-event-replay.png", full_page=True)
        assert errors == []
    finally:
        for context in contexts:
            context.close()
