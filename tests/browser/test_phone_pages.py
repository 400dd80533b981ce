"""The club night's pages in a real Chromium at 390 px (docs/rules.md § Phones), in
English and Chinese: no page scrolls sideways (and every page of the site, each kind of
event, each signed in as who sees it, in English); the board traveller shows contract,
declarer, tricks, score and points for every table as cards; standings keep boards
played and the finished mark. And times: a browser in Beijing reading a UTC event sees
the round end in the event's zone, named, and in its own, labelled, agreeing with the
countdown."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime, timedelta

import pytest
from django.db.models import Q
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

from ladders import services as ladder_services
from practice.services import practice_create
from tests.factories import ImportJobFactory, UserFactory
from tests.tournaments.formats.individual.test_individual import ebu_individual
from tests.tournaments.interchange.test_interchange_producers import bridgecomposer_file
from tournaments import services
from tournaments.formats.pool import services as pool_services
from tournaments.formats.teams.services import team_create
from tournaments.formats.teams.simulation import TeamsSimulationConfig, simulate_teams_event
from tournaments.interchange.importers.dispatch import event_results_import
from tournaments.models import Entry, Event, Match, TeamEntry
from tournaments.simulation import SimulationConfig, simulate_swiss_event

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
# The page is no wider than the screen; if it is, name what sticks out (for the report).
WIDTH = """() => {
    const w = Math.min(window.innerWidth, screen.width);  // a phone zooms out to fit
    const out = [];
    for (const el of document.querySelectorAll("body *")) {
        const r = el.getBoundingClientRect();
        if (r.right > w + 1 && !el.closest(".grid-scroll")) {
            out.push(el.tagName + "." + el.className + " " + Math.round(r.right));
        }
    }
    return {doc: document.documentElement.scrollWidth, body: document.body.scrollWidth,
            w: w, out: out.slice(0, 5)};
}"""


@pytest.fixture
def night(live_server):
    event = simulate_swiss_event(
        SimulationConfig(pairs=8, rounds=3, boards_per_round=2, name="Phone Swiss", seed=3)
    )
    entry = Entry.objects.filter(event=event).order_by("rank").first()
    member = entry.members.select_related("player").first().player
    loner = UserFactory(username="loner", display_name="Lonely Player")
    client = Client()
    client.force_login(loner)
    return {
        "event": event,
        "entry": entry.pk,
        "player": member.username,
        "session": client.cookies["sessionid"].value,
        "loner": loner.username,
    }


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_the_main_pages_fit_a_phone(live_server, night, browser, locale):
    event = night["event"]
    context = browser.new_context(locale=locale, viewport=PHONE, is_mobile=True)
    context.add_cookies([{"name": "sessionid", "value": night["session"], "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        for path in (
            "/",
            f"/events/{event.pk}/",
            f"/events/{event.pk}/boards/1/",
            f"/events/{event.pk}/pairs/{night['entry']}/",
            f"/players/{night['player']}/",
            f"/players/{night['loner']}/",
            "/my-table/",  # the empty state: the player has no event
        ):
            page.goto(live_server.url + path)
            widths = page.evaluate(WIDTH)
            assert widths["doc"] <= PHONE["width"], (path, widths)
            assert widths["body"] <= PHONE["width"], (path, widths)
    finally:
        context.close()


def test_the_traveller_shows_every_field_of_every_table_on_a_phone(live_server, night, browser):
    event = night["event"]
    context = browser.new_context(locale="en-US", viewport=PHONE, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        page.goto(f"{live_server.url}/events/{event.pk}/boards/1/")
        rows = page.locator("table#results tbody tr")
        assert rows.count() == 4  # 8 pairs: 4 tables
        for i in range(rows.count()):
            row = rows.nth(i)
            for label in ("Contract", "By", "Tricks", "NS score", "NS points", "EW points"):
                cell = row.locator(f'td[data-label="{label}"]')
                assert cell.is_visible(), (i, label)
                box = cell.bounding_box()
                assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (i, label, box)
            assert row.locator('td[data-label="Contract"]').inner_text().strip()
        # the cards say what each number is (the label is drawn before the value)
        labels = page.evaluate(
            """() => Array.from(document.querySelectorAll("table#results tbody tr:first-child td"))
                .map((td) => getComputedStyle(td, "::before").content)"""
        )
        assert '"Contract"' in labels and '"Tricks"' in labels and '"EW points"' in labels, labels
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

        # the standings keep boards played and the finished mark on a phone
        page.goto(f"{live_server.url}/events/{event.pk}/")
        standings = page.locator("table.standings")
        heads = [h.upper() for h in standings.locator("thead th").all_inner_texts()]
        assert "BOARDS" in heads and "FINISHED" in heads, heads
        first_row = standings.locator("tbody tr").first
        for cell in (first_row.locator("td").nth(3), first_row.locator(".tick")):  # boards, ✓
            box = cell.bounding_box()
            assert cell.is_visible() and box["x"] + box["width"] <= PHONE["width"], box
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    finally:
        context.close()


@pytest.fixture
def utc_round(live_server, make_event):
    """A running UTC event, round 1 in play, and a signed-in player's cookie."""
    event = make_event(pairs=4, start=True, time_zone="UTC", round_minutes=40)
    entry = Entry.objects.get(event=event, registration_order=1)
    client = Client()
    client.force_login(entry.members.get(position=1).player)
    ends = event.rounds.get(number=1).ends_at
    return event, ends, client.cookies["sessionid"].value


def test_a_beijing_browser_sees_the_round_end_in_both_zones(live_server, utc_round, browser):
    event, ends, session = utc_round
    context = browser.new_context(locale="zh-CN", timezone_id="Asia/Shanghai", viewport=PHONE)
    context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    utc_end = ends.astimezone(UTC).strftime("%H:%M")
    beijing_end = (ends.astimezone(UTC) + timedelta(hours=8)).strftime("%H:%M")
    try:
        for path in (f"/events/{event.pk}/", f"/events/{event.pk}/my-table/"):
            page.goto(live_server.url + path)
            label = page.locator(".clock-label").first
            page.wait_for_function(
                "() => document.querySelector('.clock-label .localtime') !== null"
            )
            text = label.inner_text()
            assert f"{utc_end} UTC" in text, text  # the event's zone, named
            assert beijing_end in text, text  # the viewer's own time, labelled
            # the countdown agrees: the browser's now + the time left = the round end
            clock = page.locator(".clock[data-ends-at]").first
            page.wait_for_function(
                "() => /^\\d+:\\d\\d(:\\d\\d)?$/.test("
                "document.querySelector('.clock[data-ends-at]').textContent.trim())"
            )
            left = clock.inner_text().strip()
            parts = [int(p) for p in left.split(":")]
            seconds = parts[-1] + 60 * parts[-2] + (3600 * parts[0] if len(parts) == 3 else 0)
            browser_now = page.evaluate("Date.now()") / 1000
            end_seen = datetime.fromtimestamp(browser_now + seconds, tz=UTC)
            assert abs((end_seen - ends).total_seconds()) < 5, (left, end_seen, ends)
            beijing_wall = page.evaluate(
                "(t) => new Date(t).toLocaleTimeString("
                "'en-GB', {hour: '2-digit', minute: '2-digit'})",
                (browser_now + seconds) * 1000,
            )
            assert beijing_wall == beijing_end
            assert re.search(r"\d\d:\d\d", text)
    finally:
        context.close()


@pytest.fixture
def imported(live_server) -> dict:
    event = event_results_import(data=ebu_individual())
    composed = event_results_import(data=bridgecomposer_file())
    return {
        "event": event.pk,
        "player": Entry.objects.get(event=event, registration_order=4).pk,
        "composed": composed.pk,
    }


def test_imported_events_pages_fit_a_phone(live_server, imported, browser):
    """An individual event's standings, board and player pages, and a board with the
    file's auction and play opened."""
    event = imported["event"]
    context = browser.new_context(locale="en-US", viewport=PHONE, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        for path in (
            f"/events/{event}/",
            f"/events/{event}/boards/1/",
            f"/events/{imported['composed']}/boards/1/",
            f"/events/{event}/pairs/{imported['player']}/",
        ):
            page.goto(live_server.url + path)
            page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
            widths = page.evaluate(WIDTH)
            assert widths["doc"] <= PHONE["width"], (path, widths)
            assert widths["body"] <= PHONE["width"], (path, widths)
        assert "with" in page.inner_text(".round-card .vs")  # the partner, on the phone
    finally:
        context.close()


# --- Every page of the site at 390 px ----------------------------------------------------

# URL patterns of the page URLconf that are not pages: JSON, files, fragments that a page
# loads into itself, and POST-only actions (each answers with a redirect to a page that
# is visited). Everything else must be visited by the test below.
NOT_PAGES = {
    # JSON polled by a page, or a file
    "tournaments:pool_table_state", "tournaments:event_live_json",
    "tournaments:match_live_json", "tournaments:my_table_state", "tournaments:hand_records_pbn",
    "player_search", "tournaments:results_import_job_status",
    # a fragment loaded into its page (which is visited)
    "tournaments:standings_fragment", "tournaments:director_console",
    # POST-only actions
    "logout", "tournaments:pool_join", "tournaments:event_enter_team",
    "tournaments:event_register", "tournaments:entry_confirm", "tournaments:entry_decline",
    "tournaments:entry_withdraw", "tournaments:result_confirm", "tournaments:result_reject",
    "tournaments:director_add_pair", "tournaments:director_sit_out",
    "tournaments:director_withdraw", "tournaments:director_start",
    "tournaments:director_close_round", "tournaments:director_clock",
    "tournaments:director_reinstate", "tournaments:director_disconnection",
    "tournaments:director_hcp_par_table", "tournaments:director_import_deals",
    "tournaments:director_correct", "ratings:player_deduct", "ratings:pool_disconnection",
    "ladders:create", "ladders:issue", "ladders:accept", "ladders:decline", "ladders:settings",
    "ladders:team_add", "ladders:team_remove", "ladders:position", "ladders:cancel",
    "ladders:decide", "robots:reclaim",
}  # fmt: skip
# Not the product's pages: the admin, the API and its documentation, the health check and
# the language switch (a POST).
OUTSIDE = ("admin/", "api/", "health/", "i18n/")


def page_url_names() -> set[str]:
    """The names of the page URLconf's patterns (namespaced as ``reverse`` takes them)."""
    names = set()

    def walk(patterns, prefix, namespace):
        for p in patterns:
            route = prefix + str(p.pattern)
            if route.startswith(OUTSIDE):
                continue
            if isinstance(p, URLResolver):
                ns = p.namespace or namespace
                walk(p.url_patterns, route, ns)
            elif isinstance(p, URLPattern) and p.name:
                names.add(f"{namespace}:{p.name}" if namespace else p.name)

    walk(get_resolver().url_patterns, "", "")
    return names


def _session(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


@pytest.fixture
def site(live_server, director):
    """Every kind of event, with their pages' ids, and who signs in to see them."""
    player = UserFactory(username="phone-player", display_name="Phone Player")
    partner = UserFactory(username="phone-partner", display_name="Phone Partner")
    swiss = simulate_swiss_event(
        SimulationConfig(pairs=6, rounds=2, boards_per_round=2, name="Finished Swiss pairs",
                         seed=3, players=[player, partner])
    )  # fmt: skip
    mitchell = simulate_swiss_event(
        SimulationConfig(pairs=8, rounds=3, boards_per_round=2, name="Mitchell pairs",
                         seed=13, kind=Event.Kind.MITCHELL, method=Event.Method.MP,
                         players=[player, partner])
    )  # fmt: skip
    howell = simulate_swiss_event(
        SimulationConfig(pairs=6, rounds=5, boards_per_round=1, name="Howell HCP-par",
                         seed=13, kind=Event.Kind.HOWELL, method=Event.Method.HCP_PAR)
    )  # fmt: skip
    teams = simulate_teams_event(
        TeamsSimulationConfig(kind="teams_swiss", teams=4, rounds=2, boards_per_round=2, seed=4)
    )
    individual = event_results_import(data=ebu_individual())
    # a running Swiss pairs event, played online: the player is seated at round 1's table
    running = services.event_create(
        name="Running Swiss pairs", start_at=timezone.now() + timedelta(hours=1), num_rounds=2,
        boards_per_round=2, director=director, method=Event.Method.XIMP, seed=7,
        online_play=True,
    )  # fmt: skip
    pairs = [(player, partner)] + [(UserFactory(), UserFactory()) for _ in range(3)]
    for a, b in pairs:
        entry = services.entry_register(event=running, player=a, partner=b)
        services.entry_confirm(entry=entry, player=b)
    services.event_start(event=running, rng=random.Random(1))
    # a scoring pool, open, with four players at a table
    now = timezone.now()
    pool = pool_services.pool_create(
        name="Phone pool", start_at=now - timedelta(minutes=1), ends_at=now + timedelta(days=7),
        director=director, boards=8, rng=random.Random(5), analyse=False,
        now=now - timedelta(minutes=2),
    )  # fmt: skip
    pool_services.pool_clock_step(event=pool, now=now)
    pooled = [UserFactory(username=f"pooler{i}") for i in range(4)]
    for p in pooled[1:]:
        pool_services.pool_join(event=pool, player=p)
    pool_services.pool_join(event=pool, player=pooled[0], partner=pooled[1], opponents=pooled[2:])
    # a ladder of four teams, a challenge open
    fours = [[UserFactory() for _ in range(4)] for _ in range(4)]
    ladder_teams = [
        team_create(name=f"Ladder team {i + 1}", captain=four[0], players=four)
        for i, four in enumerate(fours)
    ]
    ladder = ladder_services.ladder_create(name="Club ladder", director=director)
    ladder_services.ladder_teams_add(ladder=ladder, teams=ladder_teams, director=director)
    ladder_services.challenge_issue(
        ladder=ladder, challenger=ladder_teams[1], defender=ladder_teams[0],
        by=ladder_teams[1].captain,
    )  # fmt: skip

    events = [swiss, mitchell, howell, teams, individual, running, pool]
    practice = practice_create(user=player, event_id=swiss.pk)  # robots bid to their turn
    seated = running.entries.get(members__player=player)
    playing = running.rounds.get(number=1).tables.get(Q(ns=seated) | Q(ew=seated))
    match = Match.objects.filter(event=teams, away__isnull=False).first()
    team_id = TeamEntry.objects.filter(event=teams).first().team_id
    entry_of = {e.pk: e.entries.order_by("registration_order").first().pk for e in events}

    def u(name, *args):
        return reverse(name, args=args)

    visits = []  # (url name, path, who)
    for e in events:
        visits += [
            ("tournaments:event_detail", u("tournaments:event_detail", e.pk), "player"),
            ("tournaments:event_director", u("tournaments:event_director", e.pk), "director"),
            ("tournaments:event_edit", u("tournaments:event_edit", e.pk), "director"),
            ("tournaments:scoring_check", u("tournaments:scoring_check", e.pk), "director"),
        ]
        if e.kind != Event.Kind.POOL:
            visits += [
                ("tournaments:board_detail", u("tournaments:board_detail", e.pk, 1), "player"),
                ("tournaments:pair_detail", u("tournaments:pair_detail", e.pk, entry_of[e.pk]),
                 "player"),
            ]  # fmt: skip
    for e in (mitchell, howell):
        name = "tournaments:movement_cards"
        visits.append((name, u(name, e.pk), "player"))
    for number in (1, 2):
        visits.append(
            ("tournaments:hand_records", u("tournaments:hand_records", running.pk, number),
             "director")
        )  # fmt: skip
    visits += [
        ("tournaments:event_list", u("tournaments:event_list"), "player"),
        ("tournaments:my_table_current", u("tournaments:my_table_current"), "player"),
        ("tournaments:my_table", u("tournaments:my_table", running.pk), "player"),
        ("tournaments:my_table_entry", u("tournaments:my_table_entry", running.pk), "player"),
        ("online:table", u("online:table", running.pk, playing.pk), "player"),
        ("online:console", u("online:console", running.pk), "director"),
        ("tournaments:event_create", u("tournaments:event_create"), "director"),
        ("tournaments:results_import", u("tournaments:results_import"), "director"),
        # a background import still in progress: its progress page
        ("tournaments:results_import_job",
         u("tournaments:results_import_job", ImportJobFactory(director=director).pk), "director"),
        ("tournaments:teams_event_create", u("tournaments:teams_event_create"), "director"),
        ("tournaments:movement_event_create", u("tournaments:movement_event_create"), "director"),
        ("tournaments:pool_create", u("tournaments:pool_create"), "director"),
        ("tournaments:pool_lobby", u("tournaments:pool_lobby", pool.pk), "player"),
        ("tournaments:pool_table", u("tournaments:pool_table", pool.pk), "pooler"),
        ("tournaments:pool_table_entry", u("tournaments:pool_table_entry", pool.pk), "pooler"),
        ("tournaments:pool_leaderboard", u("tournaments:pool_leaderboard", pool.pk), "player"),
        ("tournaments:team_list", u("tournaments:team_list"), "player"),
        ("tournaments:team_create", u("tournaments:team_create"), "player"),
        ("tournaments:team_detail", u("tournaments:team_detail", team_id), "player"),
        ("tournaments:team_edit", u("tournaments:team_edit", team_id), "director"),
        ("tournaments:event_lineup", u("tournaments:event_lineup", teams.pk), "director"),
        ("tournaments:event_live", u("tournaments:event_live", teams.pk), "player"),
        ("tournaments:match_detail", u("tournaments:match_detail", teams.pk, match.pk), "player"),
        ("ratings:player_detail", u("ratings:player_detail", player.username), "player"),
        ("ratings:player_analysis", u("ratings:player_analysis", player.username), "player"),
        ("ratings:player_analysis",
         u("ratings:player_analysis", player.username) + "?show=declarer", "player"),
        ("fairplay:player_accuracy", u("fairplay:player_accuracy", player.username),
         "player"),
        ("robots:system", u("robots:system"), "player"),
        ("ratings:leaderboard", u("ratings:leaderboard"), "player"),
        ("ladders:list", u("ladders:list"), "player"),
        ("ladders:detail", u("ladders:detail", ladder.pk), "player"),
        ("ladders:challenges", u("ladders:challenges", ladder.pk), "player"),
        ("ladders:team_history", u("ladders:team_history", ladder.pk, ladder_teams[0].pk),
         "player"),
        ("ladders:director", u("ladders:director", ladder.pk), "director"),
        ("fairplay:screen", u("fairplay:screen") + f"?event={swiss.pk}", "director"),
        ("practice:home", u("practice:home"), "player"),
        ("practice:start", u("practice:start", swiss.pk), "player"),
        ("practice:table", u("practice:table", practice.pk), "player"),
        ("practice:summary", u("practice:summary", practice.pk), "player"),
        ("login", u("login"), None),
        ("signup", u("signup"), None),
    ]  # fmt: skip
    return {
        "visits": visits,
        "sessions": {
            "player": _session(player),
            "director": _session(director),
            "pooler": _session(pooled[0]),
        },
    }


# How far each analysis figure's number (its text) stands from its label's left edge.
FIGURES = """() => Array.from(document.querySelectorAll(".analysis-facts > div")).map((d) => {
    const text = (el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return range.getBoundingClientRect().left;
    };
    return text(d.querySelector("dd.num")) - text(d.querySelector("dt"));
})"""


def test_every_page_fits_a_phone(live_server, site, browser):
    """Every page of the page URLconf, each kind of event, signed in as who sees it."""
    visited = {name for name, _path, _who in site["visits"]}
    assert visited | NOT_PAGES == page_url_names(), "a page the test does not visit"
    context = browser.new_context(locale="en-US", viewport=PHONE, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    too_wide = []
    try:
        who_now = "nobody"
        for name, path, who in site["visits"]:
            if who != who_now:
                context.clear_cookies()
                if who:
                    context.add_cookies([{"name": "sessionid", "value": site["sessions"][who],
                                          "url": live_server.url}])  # fmt: skip
                who_now = who
            response = page.goto(live_server.url + path)
            assert response.status == 200, (name, path, response.status)
            assert "/accounts/login/" not in page.url or name == "login", (name, page.url)
            page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
            widths = page.evaluate(WIDTH)
            if widths["doc"] > PHONE["width"] or widths["body"] > PHONE["width"]:
                too_wide.append((path, widths))
            if name == "ratings:player_analysis":  # each figure stands under its label
                offsets = page.evaluate(FIGURES)
                assert offsets and all(abs(d) <= 1 for d in offsets), (path, offsets)
    finally:
        context.close()
    assert too_wide == [], "\n".join(map(str, too_wide))
