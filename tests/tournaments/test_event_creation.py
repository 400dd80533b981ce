"""One way to create an event of any format (``docs/rules.md`` § Formats): the service
``event_create``, the one new-event page and ``POST /api/events/``, each asking the
event's format for its settings (``creation_check``, ``creation_form``,
``creation_serializer``) and its rows (``creation_rows``)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from tests.conftest import api_client
from tests.factories import UserFactory
from tournaments import services
from tournaments.errors import BridgeError, PermissionDeniedError
from tournaments.formats import format_for, formats, kinds_where
from tournaments.models import Event, EventLog

pytestmark = pytest.mark.django_db

#: Every format a director creates (the others come only from a results file).
CREATED = kinds_where(lambda f: f.creation != "import")

#: The smallest settings of each kind of creation, as the service, the page and the API
#: take them (a new kind of creation needs its line here, or these tests fail).
SERVICE = {
    "pairs": {"num_rounds": 2, "boards_per_round": 2},
    "teams": {"num_rounds": 2, "teams": 4, "boards_per_round": 2},
    "pool": {"boards": 2, "analyse": False},
}
PAGE = {
    "pairs": {
        "num_rounds": 2, "boards_per_round": 2, "round_minutes": 24, "gap_minutes": 3,
        "method": "mp", "finish_threshold": "0.70", "bye_score": "A=",
        "mp_factoring": "neuberg",
    },
    "teams": {
        "num_rounds": 2, "boards_per_round": 2, "round_minutes": 40, "gap_minutes": 5,
        "vp_scale": "wbf2013", "bye_vp": 12, "adjusted_plus": 3, "adjusted_average": 0,
        "adjusted_minus": -3,
    },
    "pool": {"boards": 2, "boards_per_table": 4, "minutes_per_board": 8},
}  # fmt: skip
API = {
    "pairs": {"num_rounds": 2, "boards_per_round": 2},
    "teams": {"num_rounds": 2, "teams": 4, "boards_per_round": 2},
    "pool": {"boards": 2},
}


def _start():
    return timezone.now() + timedelta(hours=1)


def _ends(kind: str, start) -> dict:
    return {"ends_at": start + timedelta(days=7)} if format_for(kind).own_clock else {}


def test_every_format_but_the_imported_ones_has_a_creation_form_and_input():
    assert CREATED
    for kind, fmt in formats().items():
        created = kind in CREATED
        assert (fmt.creation_form() is not None) == created, kind
        assert (fmt.creation_serializer() is not None) == created, kind


@pytest.mark.parametrize("kind", CREATED)
def test_every_format_is_created_through_the_one_service(kind, director):
    start = _start()
    settings = SERVICE[format_for(kind).creation]
    event = services.event_create(
        user=director, kind=kind, name=f"New {kind}", start_at=start,
        **_ends(kind, start), **settings,
    )  # fmt: skip
    event = Event.objects.get(pk=event.pk)
    assert (event.kind, event.director, event.start_at) == (kind, director, start)
    assert event.settings is not None and event.status == Event.Status.REGISTRATION
    assert event.online_play == format_for(kind).online_play
    assert EventLog.objects.filter(event=event, action="event_create").count() == 1


@pytest.mark.parametrize("kind", CREATED)
def test_a_player_is_refused_before_the_settings_are_read(kind):
    with pytest.raises(PermissionDeniedError):
        services.event_create(user=UserFactory(), kind=kind, name="", start_at=None)
    assert not Event.objects.exists()


@pytest.mark.parametrize("kind", CREATED)
def test_every_format_is_created_through_the_one_page(kind, client, director):
    client.force_login(director)
    url = reverse("tournaments:event_create")
    page = client.get(url, {"kind": kind}).content.decode()
    for other in CREATED:  # the kind chooser
        assert f"?kind={other}" in page or other == kind
    start = timezone.localtime(_start())
    ends = {k: v.strftime("%Y-%m-%dT%H:%M") for k, v in _ends(kind, start).items()}
    data = {
        "name": f"Page {kind}", "kind": kind, "start_at": start.strftime("%Y-%m-%dT%H:%M"),
        "lead_required": "on", **ends, **PAGE[format_for(kind).creation],
    }  # fmt: skip
    response = client.post(f"{url}?kind={kind}", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    event = Event.objects.get(name=f"Page {kind}")
    assert event.kind == kind and event.director == director


@pytest.mark.parametrize("kind", CREATED)
def test_every_format_is_created_through_the_one_api_endpoint(kind, director):
    start = _start()
    body = {
        "name": f"API {kind}", "kind": kind, "start_at": start.isoformat(),
        **{k: v.isoformat() for k, v in _ends(kind, start).items()},
        **API[format_for(kind).creation],
    }  # fmt: skip
    assert api_client(UserFactory()).post("/api/events/", body, format="json").status_code == 403
    response = api_client(director).post("/api/events/", body, format="json")
    assert response.status_code == 201, response.json()
    event = Event.objects.get(pk=response.json()["id"])
    assert event.kind == kind and event.name == f"API {kind}"


def test_the_api_refuses_a_kind_no_director_creates(director):
    body = {"name": "x", "kind": "individual", "start_at": _start().isoformat()}
    response = api_client(director).post("/api/events/", body, format="json")
    assert response.status_code == 400 and not Event.objects.exists()


@pytest.mark.parametrize(
    ("name", "field"),
    [("teams_event_create", "vp_scale"), ("movement_event_create", "arrow_switch"),
     ("pool_create", "ends_at")],
)  # fmt: skip
def test_the_older_addresses_show_their_format_on_the_one_page(name, field, client, director):
    client.force_login(director)
    page = client.get(reverse(f"tournaments:{name}")).content.decode()
    assert f'name="{field}"' in page


def test_the_service_is_durable_unless_the_caller_holds_the_transaction(director):
    fields = {"name": "Swiss", "start_at": _start(), **SERVICE["pairs"]}
    with pytest.raises(RuntimeError, match="durable"), transaction.atomic():
        services.event_create(user=director, **fields)
    with transaction.atomic():  # a ladder's acceptance, the admin's save
        services.event_create(user=director, within_transaction=True, **fields)
    assert Event.objects.count() == 1


def test_the_page_refuses_a_player_before_it_looks_at_the_kind(client, director):
    client.force_login(UserFactory())
    url = reverse("tournaments:event_create")
    assert client.get(url, {"kind": "nonsense"}).status_code == 403
    client.force_login(director)
    assert client.get(url, {"kind": "nonsense"}).status_code == 404
    assert client.get(url, {"kind": "individual"}).status_code == 404  # from a file only


def test_settings_another_format_has_are_refused_by_name(director):
    start = _start()
    with pytest.raises(BridgeError) as error:
        services.event_create(
            user=director, kind="pool", name="P", start_at=start, ends_at=start, num_rounds=2
        )
    assert error.value.code == "settings" and "num_rounds" in error.value.message
    with pytest.raises(BridgeError) as error:
        services.event_create(user=director, kind="teams_swiss", name="T", start_at=start)
    assert error.value.code == "settings" and "boards_per_round" in error.value.message
    assert not Event.objects.exists()
