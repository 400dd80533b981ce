"""Every URL against the one visibility rule (``docs/rules.md`` § Visibility).

A ladder's team match (a round robin of two teams, broadcast left at its default) with
round 1 open: the open room has entered and confirmed board 1, the closed room has not
played it. Walking every GET of the API schema and every page of the URLconf, filled with
this event's ids, a player who has not played board 1 (seated in the closed room, or not
seated yet) and an anonymous visitor find board 1's deal (as PBN, as JSON, as a hand
diagram) and the open room's result (its contract and score) in no answer.

The walk is checked both ways: it answers 200 at a good number of URLs, and the same
walk as the open room's player, or after the round has closed, does find them.
"""

from __future__ import annotations

import html
import random
import re
from itertools import product

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.resolvers import RoutePattern
from django.utils import timezone
from drf_spectacular.generators import SchemaGenerator

from ladders import services as ladder_services
from practice.models import PracticeSession
from tableplay import Action, Table
from tableplay.records import auction_record, play_record
from tests.conftest import held_lead
from tests.factories import ImportJobFactory, UserFactory
from tests.tableplay.helpers import legal_cards
from tournaments import services
from tournaments.deals import deal_hands
from tournaments.formats.teams.services import team_create
from tournaments.models import Match, Result

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

# The open room's result on board 1: 1NT redoubled by North, 9 tricks (none vulnerable:
# 160 + 300 + 100 + 2 × 200 = +960). Distinctive enough to be found only where it is.
CONTRACT, DECLARER, TRICKS, SCORE = "1NTXX", "N", 9, 960
CONTRACT_RE = re.compile(r"1\s*NT\s*XX")
SCORE_RE = re.compile(r"(?<![\w.])960(?![\w.])")
RANKS = "AKQJT98765432"
#: Between two suits of a hand: anything but a card rank (a suit symbol, a tag, a dot,
#: JSON punctuation), not too much of it.
SEP = r"[^AKQJT0-9]{0,80}?"


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()  # the live states of another test's event (ids repeat on SQLite)
    yield
    cache.clear()


def _holding(ranks: str) -> str:
    """A suit's holding as any page, file or answer may print it ("AKT2", "A K 10 2")."""
    if not ranks:
        return r"(?:-|—|–|\.|)"
    return r"\s*".join("(?:T|10)" if r == "T" else re.escape(r) for r in ranks)


def deal_patterns(deal: str) -> list[re.Pattern]:
    """Each hand of ``deal``, its four suits in order with anything between them (PBN's
    dots, a diagram's suit symbols and tags, JSON's quotes and keys), and as its list of
    cards (the board page's replay data: "SA", "SK", ...)."""
    patterns = []
    for hand in deal_hands(deal).values():
        suits = [hand[s] for s in "SHDC"]
        patterns.append(re.compile(SEP.join(_holding(s) for s in suits)))
        cards = [suit + rank for suit in "SHDC" for rank in hand[suit]]
        patterns.append(re.compile(r"[^A-Z0-9]{1,8}".join(cards)))
    patterns.append(re.compile(re.escape(deal.partition(":")[2])))
    return patterns


def leaks(text: str, deal: str) -> list[str]:
    """What of board 1 ``text`` gives away: "deal", "contract", "score"."""
    plain = html.unescape(re.sub(r"<[^>]+>", "", text))
    found = []
    for variant in (text, plain):
        if any(p.search(variant) for p in deal_patterns(deal)):
            found.append("deal")
        if CONTRACT_RE.search(variant):
            found.append("contract")
        if SCORE_RE.search(variant):
            found.append("score")
    return sorted(set(found))


def test_the_detector_finds_each_form():
    deal = "N:AKT2.QJ3.T98.765 QJ98.AK2.AK2.432 76543.T98.QJ3.AK 8.7654.7654.QJT98"
    assert leaks('<li>♠ <span class="ranks">A K 10 2</span></li><li>♥ Q J 3', deal) == []
    diagram = "".join(
        f'<li>{sym} <span class="ranks">{ranks}</span></li>'
        for sym, ranks in zip("♠♥♦♣", ["A K 10 2", "Q J 3", "10 9 8", "7 6 5"], strict=True)
    )
    assert leaks(diagram, deal) == ["deal"]
    assert leaks('[Deal "N:AKT2.QJ3.T98.765 QJ98.AK2.AK2.432 ..."]', deal) == ["deal"]
    assert leaks('{"N": {"S": "AKT2", "H": "QJ3", "D": "T98", "C": "765"}}', deal) == ["deal"]
    north = ", ".join(f'"{c}"' for c in "SA SK ST S2 HQ HJ H3 DT D9 D8 C7 C6 C5".split())
    assert leaks(f'{{"hands": {{"N": [{north}]}}}}', deal) == ["deal"]  # the replay's data
    assert leaks('<span class="contract">1<span class="s">NT</span>XX</span>', deal) == ["contract"]
    assert leaks('"ns_score":960,', deal) == ["score"] and leaks("+960</td>", deal) == ["score"]
    assert leaks('"etag":"a960f"', deal) == [] and leaks("19602", deal) == []


# -- the event -----------------------------------------------------------------------------


class Scene:
    """The ladder's match with round 1 open, and who is who."""

    def __init__(self, director):
        now = timezone.now()
        self.director = director
        self.ladder = ladder_services.ladder_create(name="Walk ladder", director=director)
        self.import_job = ImportJobFactory(director=director)
        self.teams = []
        for i in range(2):
            players = [UserFactory() for _ in range(5)]
            self.teams.append(team_create(name=f"Walkers {i}", captain=players[0], players=players))
        ladder_services.ladder_teams_add(ladder=self.ladder, teams=self.teams, director=director)
        self.challenge = ladder_services.challenge_issue(
            ladder=self.ladder, challenger=self.teams[1], defender=self.teams[0],
            by=self.teams[1].captain, now=now,
        )  # fmt: skip
        self.challenge = ladder_services.challenge_accept(
            challenge=self.challenge, by=self.teams[0].captain, now=now
        )
        self.event = self.challenge.event
        assert self.event.settings.broadcast  # left at its default
        services.event_start(event=self.event, rng=random.Random(3))
        self.event.refresh_from_db()
        self.match = Match.objects.select_related("open_table", "closed_table").get(
            event=self.event
        )
        home = [m.player for m in self.match.home.members.order_by("position")]
        away = [m.player for m in self.match.away.members.order_by("position")]
        self.home, self.away = home, away
        boards = list(self.match.round.boards.order_by("number"))
        self.board, board2 = boards[0], boards[1]
        # The open room (home NS, away EW) enters and confirms board 1.
        self.result = services.result_submit(
            table_id=self.match.open_table_id, board_id=self.board.pk, user=home[0],
            contract=CONTRACT, declarer=DECLARER, tricks=TRICKS,
            lead=held_lead(self.board, DECLARER),
        )  # fmt: skip
        assert self.result.ns_score == SCORE
        services.result_confirm(result_id=self.result.pk, user=away[0])
        # ... with its auction and play recorded, as online play keeps them: the board
        # page's replay carries the four hands
        recorded = _played(self.board)
        Result.objects.filter(pk=self.result.pk).update(
            auction=auction_record(recorded.dealer, [c.value for c in recorded.calls]),
            play=play_record("E", [c.value for c in recorded.cards], None),
        )
        # The closed room (away NS, home EW) has played board 2 only.
        closed = services.result_submit(
            table_id=self.match.closed_table_id, board_id=board2.pk, user=away[2],
            contract="2S", declarer="N", tricks=8, lead=held_lead(board2, "N"),
        )  # fmt: skip
        services.result_confirm(result_id=closed.pk, user=home[2])
        self.closed_result = closed
        self.open_player = home[0]
        self.closed_player = away[2]  # seated in the closed room
        self.closed_teammate = home[2]  # seated in the closed room, team of the entrant
        self.unseated = home[4]  # on the roster, not seated yet
        # A practice session of this event (none could be started while it runs: its
        # pages must still show nothing of board 1 to its owner or anyone else)
        self.practice = PracticeSession.objects.create(player=self.unseated, event=self.event)

    def values(self) -> dict[str, list]:
        """What to put in each URL parameter, by its name."""
        players = self.home + self.away
        return {
            "event_id": [self.event.pk],
            "number": [1],  # board 1, round 1
            "entry_id": [self.match.home_id, self.match.away_id],
            "match_id": [self.match.pk],
            "team_id": [t.pk for t in self.teams],
            "result_id": [self.result.pk, self.closed_result.pk],
            "ladder_id": [self.ladder.pk],
            "challenge_id": [self.challenge.pk],
            "username": sorted({self.home[0].username, self.away[2].username}),
            "board": ["week", "rate", "mp"],
            "table_id": [self.match.open_table_id, self.match.closed_table_id],
            "round_number": [1],
            "player_id": [p.pk for p in players[:2]],
            "job_id": [self.import_job.pk],
            "session_id": [self.practice.pk],
        }


def _played(board) -> Table:
    """Board 1 bid to 1NT redoubled by North and played out with legal cards."""
    table = Table(board.deal, board.dealer, board.vulnerability)
    while table.to_play != "N":
        table.apply(Action("call", table.to_play, "P"))
    for call in ("1NT", "X", "XX", "P", "P", "P"):
        table.apply(Action("call", table.to_play, call))
    rng = random.Random(5)
    while table.phase == "play":
        table.apply(Action("card", table.actor, rng.choice(legal_cards(table))))
    return table


@pytest.fixture
def scene(director):
    return Scene(director)


# -- the URLs ------------------------------------------------------------------------------

PARAM = re.compile(r"<(?:(?P<converter>[^>:]+):)?(?P<name>[^>]+)>")
#: Query strings a page takes that change what it shows (the room a team member picks).
PAGE_QUERIES = {"my_table": ["", "?room=open", "?room=closed"]}


def _fill(template: str, values: dict[str, list], brace: bool) -> list[str]:
    """Every URL ``template`` makes with ``values`` (``{name}`` or ``<conv:name>``)."""
    names = (
        re.findall(r"{(\w+)}", template) if brace else [m["name"] for m in PARAM.finditer(template)]
    )
    missing = [n for n in names if n not in values]
    assert not missing, f"the walk cannot fill {missing} of {template}: add them to values()"
    urls = []
    for combo in product(*(values[n] for n in names)):
        url = template
        for name, value in zip(names, combo, strict=True):
            url = (
                url.replace("{" + name + "}", str(value))
                if brace
                else PARAM.sub(lambda m, n=name, v=value: str(v) if m["name"] == n else m[0], url)
            )
        urls.append(url)
    return urls


def api_urls(values: dict[str, list]) -> list[str]:
    """Every GET of the API schema, with each value of its enumerated query parameters."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    urls = []
    for path, operations in schema["paths"].items():
        get = operations.get("get")
        if get is None:
            continue
        queries = [""]
        for parameter in get.get("parameters", []):
            enum = parameter.get("schema", {}).get("enum")
            if parameter.get("in") == "query" and enum:
                queries += [f"?{parameter['name']}={v}" for v in enum]
        for url in _fill(path, values, brace=True):
            urls += [url + q for q in queries]
    return urls


def _routes(patterns, prefix="", name_prefix=""):
    for p in patterns:
        if not isinstance(p.pattern, RoutePattern):
            continue  # the admin's regex URLs (staff only) and static files
        route = prefix + str(p.pattern)
        if isinstance(p, URLResolver):
            namespace = f"{p.namespace}:" if p.namespace else ""
            yield from _routes(p.url_patterns, route, name_prefix + namespace)
        elif isinstance(p, URLPattern):
            yield route, p.name or ""


def page_urls(values: dict[str, list]) -> list[str]:
    """Every page of the URLconf (the API is walked from its schema)."""
    urls = []
    for route, name in _routes(get_resolver().url_patterns):
        if route.startswith(("api/", "admin/")):
            continue  # the API: from its schema; the admin: staff only
        for url in _fill("/" + route, values, brace=False):
            urls += [url + q for q in PAGE_QUERIES.get(name.rpartition(":")[2], [""])]
    return urls


def walk(scene: Scene, user) -> tuple[dict[str, list[str]], int, int]:
    """GET every URL as ``user`` (None: anonymous): what leaked where, how many URLs, how
    many answered 200."""
    client = Client(raise_request_exception=False)
    if user is not None:
        client.force_login(user)
    values = scene.values()
    urls = api_urls(values) + page_urls(values)
    found: dict[str, list[str]] = {}
    ok = 0
    for url in urls:
        response = client.get(url)
        ok += response.status_code == 200
        body = b"".join(response.streaming_content) if response.streaming else response.content
        if what := leaks(body.decode("utf-8", "replace"), scene.board.deal):
            found[url] = what
    return found, len(urls), ok


# -- the walks -----------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["closed_player", "closed_teammate", "unseated", "anonymous"])
def test_nobody_who_has_not_played_board_1_finds_it_anywhere(scene, who):
    user = None if who == "anonymous" else getattr(scene, who)
    found, visited, ok = walk(scene, user)
    assert visited >= 140 and ok >= 60, (visited, ok)  # 148 URLs, 67 to 76 answer 200
    assert found == {}, found


def test_the_walk_finds_the_board_where_it_may_be_seen(scene):
    """The control: the same walk finds board 1 for the open room's player, who has
    played it; and, once the round has closed, for an anonymous visitor."""
    found, _, _ = walk(scene, scene.open_player)
    board_api = f"/api/events/{scene.event.pk}/boards/1/"
    assert {"deal", "contract", "score"} <= set(found.get(board_api, [])), found
    assert any("deal" in what for url, what in found.items() if "/api/" not in url)  # the page
    client = Client()
    client.force_login(scene.open_player)
    page = client.get(f"/events/{scene.event.pk}/boards/1/").content.decode()
    assert "board-replays" in page and "deal" in leaks(
        page.split("board-replays")[1], scene.board.deal
    )
    services.round_close(event=scene.event, number=1, open_next=False)
    assert Result.objects.filter(board=scene.board).count() == 2  # cut in the closed room
    found, _, _ = walk(scene, None)
    exports = [url for url in found if "/export/" in url]
    assert len(exports) == 3 and all("deal" in found[url] for url in exports), found
    assert "contract" in found[f"/api/events/{scene.event.pk}/export/results.pbn"]
