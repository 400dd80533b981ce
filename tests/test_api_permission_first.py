"""Permission before validation, on every write endpoint of the API (docs/rules.md:
"Permission checks come before validation and state checks").

Every POST/PUT/PATCH/DELETE of the OpenAPI schema gets a body of garbage values (out of
range numbers, unknown ids, words where numbers belong), its path filled with the ids of
real objects, and is sent

- anonymously: refused as not signed in (401, or 403 as the API answers with its
  session authentication first), whatever the body;
- as a signed-in player with no right to that object: 403, whatever the body, so a
  refusal never tells an outsider what would have been wrong with the input.

An endpoint that any signed-in user may use (or whose object is named only in the
body) is listed in ``OPEN_TO_PLAYERS`` with the reason; a player gets a 400 there.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from drf_spectacular.generators import SchemaGenerator

from ladders import services as ladder_services
from tests.conftest import api_client, held_lead, player
from tests.factories import UserFactory
from tests.ladders.conftest import make_team
from tournaments import services
from tournaments.formats.teams.services import team_enter, teams_event_create

pytestmark = pytest.mark.django_db

WRITES = ("post", "put", "patch", "delete")

# Used by anyone, signed in or not.
PUBLIC = {"auth_token_create": "signing in"}

# A signed-in user's own session: the body is not read.
OWN_SESSION = {
    "auth_logout": "signs the user out of their own session",
    "auth_logout_all": "signs the user out of their own sessions",
}

# Endpoints any signed-in player may use, or whose object (and so the right to act on
# it) is named only in the body: the input is the player's to correct (400, or 404 for
# an id that names nothing).
OPEN_TO_PLAYERS = {
    "teams_create": "any player may create a team (and captain it)",
    "events_entries_register": "any player may register (themselves) for an event",
    "pool_join": "any player may join a pool event",
    "results_create": "the table is named in the body: nothing to check until it names one",
    "results_not_played_create": "the table is named in the body",
    "results_correct_create": "the table is named in the body",
    "disconnections_create": "the table is named in the body",
    "ladders_challenges_issue": "the captain's team is named in the body",
    "events_teams_create": "the captain's team is named in the body",
    "events_lineups_create": "the team's entry is named in the body",
    "practice_create": "any player may practise; the event is named in the body",
}


def _schema() -> dict:
    return SchemaGenerator().get_schema(request=None, public=True)


def _resolve(schema: dict, node: dict) -> dict:
    while "$ref" in node:
        node = schema["components"]["schemas"][node["$ref"].rsplit("/", 1)[-1]]
    return node


def _bad_value(prop: dict) -> object:
    """Of the right type, but out of range or naming nothing (``{"k": 99}``)."""
    kind = prop.get("type")
    if kind in ("integer", "number"):
        return 99999
    if kind == "array":
        return [99999]
    if kind == "object":
        return {"garbage": 99999}
    if kind == "boolean":
        return True
    return "garbage%"


def _bad_type(prop: dict) -> object:
    """Of the wrong type."""
    return "garbage%" if prop.get("type") in ("integer", "number", "object") else {"x": [1]}


def garbage_bodies(schema: dict, operation: dict) -> list[dict]:
    """Two bodies giving every property of the request body a wrong value: bad values,
    then bad types."""
    content = operation.get("requestBody", {}).get("content", {})
    if not content:
        return [{"garbage": 99999}]
    media = content.get("application/json") or next(iter(content.values()))
    body = _resolve(schema, media.get("schema", {}))
    props = {name: _resolve(schema, p) for name, p in body.get("properties", {}).items()}
    if not props:
        return [{"garbage": 99999}]
    return [{n: bad(p) for n, p in props.items()} for bad in (_bad_value, _bad_type)]


def write_operations() -> list[tuple[str, str, str, dict]]:
    schema = _schema()
    out = []
    for path, operations in sorted(schema["paths"].items()):
        for method, op in operations.items():
            if method in WRITES:
                out.append((method, path, op["operationId"], garbage_bodies(schema, op)))
    return out


OPERATIONS = write_operations()


@pytest.fixture
def world(make_event, director):
    """Real objects of every kind a write endpoint names in its path."""
    event = make_event(pairs=4, start=True)
    table = event.rounds.get(number=1).tables.get(number=1)
    board = event.boards.get(number=1)
    result = services.result_submit(
        table_id=table.pk,
        board_id=board.pk,
        user=player(table.ns),
        contract="4S",
        declarer="N",
        tricks=10,
        lead=held_lead(board.pk, "N"),
    )
    ladder_td = UserFactory(is_staff=True)
    ladder = ladder_services.ladder_create(name="Open ladder", director=ladder_td)
    teams = [make_team(f"Team {i}") for i in range(1, 4)]
    ladder_services.ladder_teams_add(ladder=ladder, teams=teams, director=ladder_td)
    challenge = ladder_services.challenge_issue(
        ladder=ladder, challenger=teams[2], defender=teams[1], by=teams[2].captain
    )
    teams_event = teams_event_create(
        name="Teams",
        kind="teams_rr",
        start_at=timezone.now() + timedelta(hours=1),
        boards_per_round=2,
        teams=2,
        director=director,
        seed=1,
    )
    for team in teams[:2]:
        team_enter(event=teams_event, team=team, by=director)
    return {
        "event_id": event.pk,
        "table_id": table.pk,
        "entry_id": table.ns_id,
        "number": 1,
        "result_id": result.pk,
        "ladder_id": ladder.pk,
        "team_id": teams[0].pk,
        "challenge_id": challenge.pk,
        "username": player(table.ew).username,
        "teams_event_id": teams_event.pk,
        "session_id": _practice_session(event, board).pk,
    }


def _practice_session(event, board):
    """A practice session of someone else (a player's own table, like an online seat)."""
    from practice.models import PracticeBoard, PracticeSession

    session = PracticeSession.objects.create(player=UserFactory(), event=event)
    PracticeBoard.objects.create(session=session, board=board, position=1)
    return session


def _url(path: str, world: dict, operation_id: str) -> str:
    values = dict(world)
    if operation_id in ("events_lineups_create", "events_teams_create"):
        values["event_id"] = world["teams_event_id"]
    url = path
    for name, value in values.items():
        url = url.replace("{" + name + "}", str(value))
    assert "{" not in url, f"no object for a path parameter of {path}"
    return url


def _send(client, method: str, url: str, body: dict):
    return getattr(client, method)(url, body, format="json")


def test_the_schema_has_write_endpoints_to_check():
    assert len(OPERATIONS) > 30


@pytest.mark.parametrize(
    ("method", "path", "operation_id", "bodies"),
    [pytest.param(*op, id=op[2]) for op in OPERATIONS if op[2] not in PUBLIC],
)
def test_anonymous_is_refused_before_the_body_is_looked_at(
    world, method, path, operation_id, bodies
):
    for body in bodies:
        response = _send(api_client(), method, _url(path, world, operation_id), body)
        assert response.status_code in (401, 403), (operation_id, body, response.content)
        assert response.json()["code"] == "not_authenticated", response.content


@pytest.mark.parametrize(
    ("method", "path", "operation_id", "bodies"),
    [pytest.param(*op, id=op[2]) for op in OPERATIONS if op[2] not in PUBLIC | OWN_SESSION],
)
def test_a_player_without_the_right_is_refused_before_the_body_is_looked_at(
    world, method, path, operation_id, bodies
):
    outsider = UserFactory()
    for body in bodies:
        response = _send(api_client(outsider), method, _url(path, world, operation_id), body)
        got = (operation_id, body, response.status_code, response.content)
        if operation_id in OPEN_TO_PLAYERS:
            assert response.status_code in (400, 404), got
        else:
            assert response.status_code == 403, got
            assert response.json()["code"] != "invalid", got
