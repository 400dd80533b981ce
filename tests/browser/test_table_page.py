"""The playing table in a real Chromium, at 390 px and on a desktop (docs/rules.md § Online
play): the page draws the table it is sent, only legal calls and cards can be tapped, a
call made in the bidding box (with its alert) appears in the auction, dummy is played by
declarer, a claim is answered and the board's result shown; errors are said in words;
and nothing scrolls sideways.

The table's server side is stood in for by ``FakeTable``: the pure engine (``tableplay``)
behind Playwright's routes for the REST door and the WebSocket, answering in the shapes
of docs/online-play.md. So these tests check the page alone, through both doors.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client

from online.changes import view_change
from tableplay import DIRECTOR, Action, Table, TableError, table_view
from tests.conftest import player
from tournaments.models import Board
from tournaments.models import Table as EventTable

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
SEATS = "NESW"
WIDE = """() => ({doc: document.documentElement.scrollWidth, body: document.body.scrollWidth,
    out: Array.from(document.querySelectorAll("body *")).filter(
        (el) => el.getBoundingClientRect().right > window.innerWidth + 1
    ).map((el) => el.tagName + "." + el.className).slice(0, 5)})"""


class FakeTable:
    """The engine behind the page's two doors, one seat per page."""

    def __init__(self, board: Board, table: EventTable) -> None:
        self.board = board
        self.table = table
        self.engine = Table(board.deal, board.dealer, board.vulnerability)
        self.sockets: list[tuple[str | None, object]] = []
        self.refuse_next: str | None = None
        self.posts: list[dict] = []
        self.socket_acts: list[dict] = []
        self.ends_at = (datetime.now(UTC) + timedelta(minutes=30)).isoformat()
        self.next: dict | None = None  # the next board, once this one is over
        self.connected = {s: True for s in SEATS}
        self.players: dict | None = None  # who holds each seat, when the view says it
        self.chats: list[dict] = []  # the chat lines sent over the socket
        self.sent: dict[int, dict] = {}  # the last view sent on each socket
        self.changes_sent = 0
        self.syncs = 0  # the page's asks for the whole view

    def view(self, seat: str | None) -> dict:
        data = table_view(self.engine, seat)
        data.update(
            event=self.table.event_id, table=self.table.pk, board=self.board.pk,
            board_number=self.board.number, seat=seat, ends_at=self.ends_at,
            next=None, connected=dict(self.connected), players=self.players,
        )  # fmt: skip
        if data["phase"] == "over":
            data["next"] = self.next or {"round_over": True, "where": "Round 2: table 3, NS"}
        return data

    def apply(self, seat: str, message: dict) -> dict | None:
        """Apply one action; the error body when refused."""
        if self.refuse_next:
            code, self.refuse_next = self.refuse_next, None
            return {"code": code, "detail": code}
        value = message.get("value", "")
        try:
            self.engine.apply(
                Action(message["kind"], seat or DIRECTOR, str(value), message.get("alert") or ""),
                version=message.get("version"),
            )
        except TableError as exc:
            return {"code": exc.code, "detail": exc.message}
        self.broadcast()
        return None

    def act(self, kind: str, seat: str, value: str = "") -> None:
        """Another seat acts (a player not in the test's browser)."""
        self.engine.apply(Action(kind, seat, value))
        self.broadcast()

    def chat(self, seat: str | None, message: dict) -> None:
        """A chat line: to every seat's socket, as online.chat relays it."""
        self.chats.append(message)
        line = {"type": "chat", "seat": seat, "name": f"Player {seat}",
                "text": message["text"], "at": "2026-12-06T12:01:00+00:00"}  # fmt: skip
        for _, ws in self.sockets:
            ws.send(json.dumps(line))

    def broadcast(self) -> None:
        """Each socket its seat's new view: as a change when it asked for changes (the
        page does: online.changes), counted from the last view it was sent."""
        for seat, ws in self.sockets:
            self.send_view(seat, ws)

    def send_view(self, seat, ws, *, whole: bool = False) -> None:
        view = self.view(seat)
        last = self.sent.get(id(ws))
        self.sent[id(ws)] = view
        if whole or last is None or "changes=1" not in ws.url or last["board"] != view["board"]:
            ws.send(json.dumps({"type": "state", "table": view}))
            return
        change = view_change(last, view)
        self.changes_sent += 1
        ws.send(json.dumps({"type": "change", "version": view["version"], "change": change}))

    def serve(self, page, seat: str | None, *, socket: bool) -> None:
        """Route the page's REST door (and its WebSocket when ``socket``) here."""
        base = f"/api/events/{self.table.event_id}/tables/{self.table.pk}/play/"

        def rest(route):
            request = route.request
            if request.method == "POST":
                body = json.loads(request.post_data or "{}")
                self.posts.append(body)
                error = self.apply(seat, body)
                if error:
                    route.fulfill(status=400, json=error)
                    return
            route.fulfill(status=200, json=self.view(seat))

        page.route(f"**{base}", rest)
        if not socket:
            return

        def ws_handler(ws):
            self.sockets.append((seat, ws))

            def on_message(text):
                message = json.loads(text)
                if message.get("type") == "chat":
                    self.chat(seat, message)
                    return
                if message.get("type") == "sync":
                    self.syncs += 1
                    self.send_view(seat, ws, whole=True)
                    return
                if message.get("type") != "act":
                    return
                self.socket_acts.append(message)
                error = self.apply(seat, message)
                if error:
                    ws.send(json.dumps({"type": "error", "id": message["id"], **error}))

            ws.on_message(on_message)
            self.send_view(seat, ws, whole=True)

        page.route_web_socket(
            re.compile(rf"/ws/events/{self.table.event_id}/tables/{self.table.pk}/(\?.*)?$"),
            ws_handler,
        )


@pytest.fixture
def online(live_server, make_event):
    """Round 1 of an online event; table 1's four players and the director signed in;
    board 1 (dealer North) in play there."""
    event = make_event(pairs=4, start=True, online_play=True, round_minutes=30)
    table = event.rounds.get(number=1).tables.get(number=1)
    board = event.boards.get(number=1)
    sessions = {}
    for seat, (entry, position) in {
        "N": (table.ns, 1), "E": (table.ew, 1), "S": (table.ns, 2), "W": (table.ew, 2),
    }.items():  # fmt: skip
        client = Client()
        client.force_login(player(entry, position))
        sessions[seat] = client.cookies["sessionid"].value
    client = Client()
    client.force_login(event.director)
    sessions["D"] = client.cookies["sessionid"].value  # the director: no seat
    return {
        "event": event, "table": table, "board": board, "sessions": sessions,
        "board2": event.boards.get(number=2),
    }  # fmt: skip


def open_page(browser, live_server, online, seat, viewport, fake, *, socket=True):
    context = browser.new_context(locale="en-US", viewport=viewport, is_mobile=viewport == PHONE)
    context.add_cookies(
        [{"name": "sessionid", "value": online["sessions"][seat], "url": live_server.url}]
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    fake.serve(page, None if seat == "D" else seat, socket=socket)
    table = online["table"]
    page.goto(f"{live_server.url}/events/{table.event_id}/tables/{table.pk}/play/")
    return context, page, errors


def assert_fits(page, width):
    widths = page.evaluate(WIDE)
    assert widths["doc"] <= width and widths["body"] <= width, widths


def box_button(page, name):
    return page.locator(".bidding-box").get_by_role("button", name=name, exact=True)


def test_a_board_at_the_table_on_a_phone_over_the_websocket(live_server, online, browser):
    """North: an alerted 1NT through the bidding box, the alert shown on a tap; only
    legal calls enabled; 3NT by North; East's lead faces dummy."""
    fake = FakeTable(online["board"], online["table"])
    context, page, errors = open_page(browser, live_server, online, "N", PHONE, fake)
    try:
        page.locator('#play-table[data-phase="auction"]').wait_for()
        page.locator(".conn-live").wait_for()
        assert page.locator(".seat-bottom .pcard").count() == 13  # the own hand, face up
        assert page.locator(".seat-top .backs .count").inner_text() == "13"  # partner's: backs
        assert_fits(page, PHONE["width"])
        page.screenshot(path="/tmp/table-phone-auction.png", full_page=True)

        # Dealer North opens: X, XX are not legal, every bid is.
        assert box_button(page, "Double").is_disabled()
        assert box_button(page, "Redouble").is_disabled()
        box_button(page, "Alert").click()
        box_button(page, "1").click()
        box_button(page, "No trump").click()  # an alert with no explanation: not sent
        page.locator('[data-slot="error"]', has_text="Write what your alerted call").wait_for()
        assert fake.socket_acts == []
        page.locator(".alert-input").fill("15-17")
        box_button(page, "No trump").click()
        alerted = page.locator(".centre table.auction button.alerted")
        alerted.wait_for()
        assert "1NT" in alerted.inner_text()
        assert fake.socket_acts[-1]["alert"] == "15-17"
        assert fake.socket_acts[-1]["version"] == 0
        alerted.click()  # a tap shows the explanation
        assert "15-17" in page.locator(".alert-note").inner_text()
        # not North's turn now: the box is off
        assert box_button(page, "Pass").is_disabled()
        assert "Waiting for East" in page.locator('[data-slot="turn"]').inner_text()

        fake.act("call", "E", "P")
        fake.act("call", "S", "3NT")
        fake.act("call", "W", "P")
        page.locator(".bidding-box.mine").wait_for()
        # below 3NT nothing can be bid; 4 and up can
        assert box_button(page, "3").is_disabled() and not box_button(page, "4").is_disabled()
        box_button(page, "Pass").click()
        page.wait_for_function(
            "() => document.querySelectorAll('.centre table.auction td .call').length === 5"
        )
        fake.act("call", "E", "P")
        page.locator('#play-table[data-phase="play"]').wait_for()
        assert "3NT" in page.locator('[data-slot="contract"]').inner_text()
        # North named no trump first: North declares, East (on North's left) leads
        assert page.locator(".seat-bottom .tag", has_text="Declarer").count() == 1
        lead = fake.engine.remaining["E"][0]
        fake.act("card", "E", lead)
        page.locator(f'.trick .spot-left .pcard[data-card="{lead}"]').wait_for()
        assert page.locator(".seat-left .backs .count").inner_text() == "12"
        assert page.locator(".seat-top .pcard").count() == 13  # dummy, faced
        assert page.locator(".auction-panel table.auction").is_visible()
        assert page.locator(".bidding-box").is_hidden()
        page.screenshot(path="/tmp/table-phone-play.png", full_page=True)
        assert_fits(page, PHONE["width"])
        assert errors == []
        # the refusal of the alert with no text went once the call was made
        assert page.locator('[data-slot="error"]').is_hidden()
        # everything after the first view came as changes (online.changes), the page
        # drew each one; one out of step makes it ask for the whole view
        assert fake.changes_sent == 7  # 1NT, four passes, 3NT, the lead
        seat, ws = fake.sockets[-1]
        gap = fake.engine.version + 2
        ws.send(json.dumps({"type": "change", "version": gap, "change": {"set": {}}}))
        for _ in range(50):
            if fake.syncs:
                break
            page.wait_for_timeout(100)
        assert fake.syncs == 1
        assert page.locator(".seat-top .pcard").count() == 13  # the whole view, drawn again
    finally:
        context.close()


def test_declarer_plays_dummy_claims_and_the_result_shows_on_a_desktop(
    live_server, online, browser
):
    """North declares 3NT at a desktop; dummy (South) is on top, face up, and only its
    cards that follow suit can be clicked; a claim answered by both defenders ends the
    board: the result, and where to go next."""
    fake = FakeTable(online["board"], online["table"])
    for seat, call in zip("NESWNE", ["1NT", "P", "3NT", "P", "P", "P"], strict=True):
        fake.engine.apply(Action("call", seat, call, "15-17" if call == "1NT" else ""))
    # North named no trump first: North declares, South is dummy.
    context, page, errors = open_page(browser, live_server, online, "N", DESKTOP, fake)
    try:
        page.locator('#play-table[data-phase="play"]').wait_for()
        assert page.locator(".seat-top .tag", has_text="Dummy").count() == 1
        assert page.locator(".seat-top .backs .count").inner_text() == "13"  # not faced yet
        lead = fake.engine.remaining["E"][0]
        fake.act("card", "E", lead)
        # dummy is faced once the lead is: South's 13 cards on top, clickable ones follow
        page.locator(".seat-top .hand-row.live").wait_for()
        assert page.locator(".seat-top .pcard").count() == 13
        follow = [c for c in fake.engine.remaining["S"] if c[0] == lead[0]]
        playable = page.locator(".seat-top button.pcard:not([disabled])")
        expected = len(follow) or 13
        assert playable.count() == expected
        assert page.locator('[data-slot="turn"]').inner_text() == "Your turn: play from dummy"
        card = (follow or fake.engine.remaining["S"])[0]
        corner = {"x": 8, "y": 12}  # a fanned card shows its corner: a finger taps there
        page.locator(f'.seat-top button.pcard[data-card="{card}"]').click(position=corner)
        page.locator(f'.trick .spot-top .pcard[data-card="{card}"]').wait_for()
        assert fake.socket_acts[-1]["kind"] == "card" and fake.socket_acts[-1]["value"] == card
        assert_fits(page, DESKTOP["width"])
        page.screenshot(path="/tmp/table-desktop-play.png", full_page=True)

        # West plays, then North (declarer) may claim: 13 tricks left, numbers 0..13
        fake.act("card", "W", _follow(fake, "W"))
        fake.act("card", "N", _follow(fake, "N"))
        page.get_by_role("button", name="Claim", exact=True).click()
        assert page.locator(".claim-pick button").count() == 13  # 0..12 of the 12 left
        page.get_by_role("button", name="Claim 9", exact=True).click()
        page.get_by_text("North claims 9 of the remaining tricks.").wait_for()
        page.get_by_text("Waiting for the opponents' answer.").wait_for()
        fake.act("accept", "E")
        fake.act("accept", "W")
        page.locator('#play-table[data-phase="over"]').wait_for()
        result = page.locator('[data-slot="result"]')
        result.get_by_text("Round 2: table 3, NS").wait_for()
        assert "by North" in result.inner_text()
        assert result.get_by_role("link", name="Go to my table").is_visible()
        # all four hands once the board is over
        assert page.locator(".seat-left .hand-lines").count() == 1
        page.screenshot(path="/tmp/table-desktop-over.png", full_page=True)
        assert errors == []
    finally:
        context.close()


def _follow(fake: FakeTable, seat: str) -> str:
    trick = fake.engine.current_trick
    hand = fake.engine.remaining[seat]
    same = [c for c in hand if trick and c[0] == trick[0][1][0]]
    return (same or hand)[0]


def test_without_a_websocket_the_page_polls_and_posts(live_server, online, browser):
    """The live server has no WebSocket: the page says it reconnects, reads the table
    by polling, sends a call by POST with the version it saw, and says a refusal in
    words."""
    fake = FakeTable(online["board"], online["table"])
    fake.engine.apply(Action("call", "N", "1C"))  # East to call
    context, page, errors = open_page(browser, live_server, online, "E", PHONE, fake, socket=False)
    try:
        page.locator('#play-table[data-phase="auction"]').wait_for()
        page.locator(".conn-polling").wait_for()
        # East's view: North's 1C in the auction, East's turn
        assert page.locator(".bidding-box.mine").is_visible()
        assert not box_button(page, "Double").is_disabled()
        assert box_button(page, "Redouble").is_disabled()
        fake.refuse_next = "too_fast"
        box_button(page, "Pass").click()
        page.locator('[data-slot="error"]', has_text="Too fast").wait_for()
        box_button(page, "Double").click()
        page.locator(".centre table.auction .call-x").wait_for()
        assert fake.posts[-1] == {"version": 1, "kind": "call", "value": "X"}
        # East takes the double back: North and South both agree
        page.get_by_role("button", name="Undo", exact=True).click()
        page.get_by_text("East asks to take back their last call or card.").wait_for()
        assert fake.posts[-1] == {"version": 2, "kind": "undo"}
        fake.act("accept", "N")
        fake.act("accept", "S")
        page.locator('[data-slot="actions"]').wait_for(state="hidden")
        assert page.locator(".centre table.auction .call-x").count() == 0
        box_button(page, "Pass").click()
        # another seat's call reaches the page by polling
        fake.act("call", "S", "1H")
        page.locator(".centre table.auction .suit-H").wait_for()
        assert_fits(page, PHONE["width"])
        assert errors == []
    finally:
        context.close()


def test_a_call_through_the_bidding_box_reaches_the_real_table(live_server, online, browser):
    """The online app's REST door behind the page (the live server serves no WebSocket:
    the page falls back to it): North's alerted call from the bidding box is stored and
    comes back in the auction; East, on another phone, sees it with its alert."""
    board = online["board"]
    dealer = board.dealer
    after = SEATS[(SEATS.index(dealer) + 1) % 4]
    pages = []
    try:
        for seat in (dealer, after):
            context = browser.new_context(locale="en-US", viewport=PHONE, is_mobile=True)
            context.add_cookies(
                [{"name": "sessionid", "value": online["sessions"][seat], "url": live_server.url}]
            )
            page = context.new_page()
            page.set_default_timeout(15_000)
            errors: list[str] = []
            page.on("pageerror", lambda exc, errors=errors: errors.append(str(exc)))
            table = online["table"]
            page.goto(f"{live_server.url}/events/{table.event_id}/tables/{table.pk}/play/")
            page.locator('#play-table[data-phase="auction"]').wait_for()
            pages.append((context, page, errors))
        _, first, _ = pages[0]
        box_button(first, "Alert").click()
        first.locator(".alert-input").fill("natural")
        box_button(first, "1").click()
        box_button(first, "Spades").click()
        first.locator(".centre table.auction button.alerted").wait_for()
        assert "1♠" in first.locator(".centre table.auction").inner_text()
        _, second, _ = pages[1]  # the next seat reads it by polling, alert and all
        second.locator(".centre table.auction button.alerted").wait_for()
        assert second.locator(".bidding-box.mine").is_visible()
        assert (
            second.locator(".centre table.auction button.alerted").get_attribute("title")
            == "natural"
        )
        assert_fits(second, PHONE["width"])
        for _, _, errors in pages:
            assert errors == []
    finally:
        for context, _, _ in pages:
            context.close()


def test_the_table_in_chinese_fits_a_phone_and_my_table_opens_it(live_server, online, browser):
    """In Chinese, mid-play, with every label translated, nothing scrolls sideways; the
    my-table opens the table."""
    fake = FakeTable(online["board"], online["table"])
    for seat, call in zip("NESWNE", ["1NT", "P", "3NT", "P", "P", "P"], strict=True):
        fake.engine.apply(Action("call", seat, call, "15-17" if call == "1NT" else ""))
    fake.engine.apply(Action("card", "E", fake.engine.remaining["E"][0]))
    context = browser.new_context(locale="zh-CN", viewport=PHONE, is_mobile=True)
    context.add_cookies(
        [{"name": "sessionid", "value": online["sessions"]["W"], "url": live_server.url}]
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    fake.serve(page, "W", socket=True)
    table = online["table"]
    try:
        page.goto(f"{live_server.url}/events/{table.event_id}/my-table/")
        page.wait_for_url("**/play/")
        page.locator('#play-table[data-phase="play"]').wait_for()
        assert "明手" in page.locator(".felt").inner_text()
        assert page.locator(".seat-right .hand-lines").count() == 1  # dummy, South, faced
        assert_fits(page, PHONE["width"])
        page.screenshot(path="/tmp/table-phone-zh.png", full_page=True)
    finally:
        context.close()


def test_the_next_board_waits_until_the_player_moves_on(live_server, online, browser):
    """Board 1 is passed out: its result stays on the table with "Next board" while the
    server has already started board 2, which shows at a tap. A warning of the clock and
    a disconnected seat are shown."""
    fake = FakeTable(online["board"], online["table"])
    fake.next = {"board": 0, "board_number": 2}
    context, page, errors = open_page(browser, live_server, online, "N", PHONE, fake)
    try:
        page.locator('#play-table[data-phase="auction"]').wait_for()
        box_button(page, "Pass").click()
        for seat in "ESW":
            fake.act("call", seat, "P")
        page.locator('#play-table[data-phase="over"]').wait_for()
        result = page.locator('[data-slot="result"]')
        assert "Passed out" in result.inner_text()

        following = FakeTable(online["board2"], online["table"])
        following.sockets = fake.sockets
        following.engine.version = fake.engine.version
        following.connected["E"] = False
        following.broadcast()
        result.get_by_text("Next: board 2").wait_for()
        assert "Passed out" in result.inner_text()  # still board 1's result
        _, ws = fake.sockets[0]
        ws.send(json.dumps({"type": "warning", "minutes_left": 2}))
        page.get_by_text("2 minutes left in the round.").wait_for()

        result.get_by_role("button", name="Next board").click()
        page.locator('#play-table[data-phase="auction"]').wait_for()
        assert page.locator('[data-slot="board"]').inner_text() == "Board 2"
        assert "disconnected" in page.locator('[data-seat="E"] .seat-label').inner_text()
        assert_fits(page, PHONE["width"])
        assert errors == []
    finally:
        context.close()


def test_calls_from_the_keyboard_on_a_desktop(live_server, online, browser):
    """1-7 then C/D/H/S/N bids, P passes, X doubles (or redoubles); the buttons take
    the focus and Enter too."""
    fake = FakeTable(online["board"], online["table"])
    context, page, errors = open_page(browser, live_server, online, "N", DESKTOP, fake)
    try:
        page.locator(".bidding-box.mine").wait_for()
        page.keyboard.press("1")
        page.keyboard.press("n")
        page.locator(".centre table.auction .nt").wait_for()
        assert fake.socket_acts[-1]["value"] == "1NT"
        fake.act("call", "E", "X")
        page.locator(".bidding-box.mine").wait_for(state="detached")
        fake.act("call", "S", "P")
        fake.act("call", "W", "P")
        page.locator(".bidding-box.mine").wait_for()
        page.keyboard.press("x")  # East's double: North redoubles
        page.locator(".centre table.auction .call-xx").wait_for()
        fake.act("call", "E", "P")
        fake.act("call", "S", "2C")
        fake.act("call", "W", "P")
        box_button(page, "Pass").focus()
        page.keyboard.press("Enter")
        page.wait_for_function(
            "() => document.querySelectorAll('.centre table.auction td .call').length === 9"
        )
        assert [a["value"] for a in fake.socket_acts] == ["1NT", "XX", "P"]
        assert errors == []
    finally:
        context.close()


def test_the_director_rules_a_rejected_claim_from_the_table(live_server, online, browser):
    """The director watches the whole table; a defender rejects declarer's claim; the
    director's ruling (the declaring side's tricks in all) ends the board."""
    fake = FakeTable(online["board"], online["table"])
    for seat, call in zip("NESWNE", ["1NT", "P", "3NT", "P", "P", "P"], strict=True):
        fake.engine.apply(Action("call", seat, call))
    for _ in range(4):
        engine = fake.engine  # declarer plays dummy's card
        engine.apply(Action("card", engine.actor, _follow(fake, engine.to_play)))
    won = fake.engine.tricks_won("NS")
    fake.engine.apply(Action("claim", "N", "12"))
    fake.engine.apply(Action("reject", "E"))
    context, page, errors = open_page(browser, live_server, online, "D", DESKTOP, fake)
    try:
        page.locator('#play-table[data-phase="play"]').wait_for()
        assert page.locator(".hand-lines").count() == 2 and page.locator(".hand-row").count() == 2
        page.get_by_text("The claim is rejected: the director has been called.").wait_for()
        assert page.locator(".ruling .claim-n").count() == 13  # won .. won + 12
        page.get_by_role("button", name=f"Ruling: the declaring side takes {won + 10}").click()
        page.locator('#play-table[data-phase="over"]').wait_for()
        assert f"{won + 10} tricks" in page.locator('[data-slot="result"]').inner_text()
        assert fake.socket_acts[-1]["kind"] == "rule"
        assert errors == []
    finally:
        context.close()
