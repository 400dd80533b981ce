"""The same results file imported twice: refused, naming the event it became, from the
page, the API and the command alike; imported again only when asked (docs/rules.md
§ Files). Two identical uploads at once create one event."""

from __future__ import annotations

from io import StringIO
from unittest import mock

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from tests.tournaments.interchange.test_interchange_usebio_files import EBUSCORE, TEAMSSCORER
from tournaments.errors import BridgeError
from tournaments.interchange.importers.dispatch import event_results_import
from tournaments.models import Event

PAIRS = EBUSCORE.encode("latin-1")


def test_the_same_file_twice_is_refused_naming_the_event_it_became(db, director):
    first = event_results_import(data=PAIRS, actor=director, name="Monday, March")

    with pytest.raises(BridgeError) as refused:
        event_results_import(data=PAIRS, actor=director)

    assert refused.value.code == "already_imported" and refused.value.status == 409
    assert "“Monday, March”" in refused.value.message
    assert f"event {first.pk}" in refused.value.message
    assert list(Event.objects.all()) == [first]


def test_import_anyway_creates_a_second_event_and_a_third_is_still_refused(db, director):
    first = event_results_import(data=PAIRS, actor=director)
    second = event_results_import(data=PAIRS, actor=director, force=True)
    assert second.pk != first.pk and Event.objects.count() == 2
    with pytest.raises(BridgeError, match=f"event {first.pk}"):
        event_results_import(data=PAIRS, actor=director)
    assert Event.objects.count() == 2


def test_another_file_or_the_same_text_as_another_file_is_not_a_duplicate(db, director):
    event_results_import(data=PAIRS, actor=director)
    teams = event_results_import(data=TEAMSSCORER, actor=director)  # text: its UTF-8 bytes
    with pytest.raises(BridgeError, match=f"event {teams.pk}"):
        event_results_import(data=TEAMSSCORER.encode("utf-8"), actor=director)
    assert Event.objects.count() == 2


def test_an_identical_upload_racing_the_first_is_refused_by_the_database(db, director):
    """Two uploads at once: neither sees the other's event before writing its own; the
    unique file of unforced imports lets one commit and refuses the other."""
    first = event_results_import(data=PAIRS, actor=director)
    seen = iter([None, first])  # not yet committed when checked; there after the clash
    lookup = mock.patch(
        "tournaments.interchange.importers.dispatch._imported_event", lambda d: next(seen)
    )
    with lookup, pytest.raises(BridgeError) as refused:
        event_results_import(data=PAIRS, actor=director)
    assert refused.value.code == "already_imported"
    assert f"event {first.pk}" in refused.value.message
    assert Event.objects.count() == 1


def test_the_page_names_and_links_the_event_and_imports_anyway_when_ticked(
    db, client, director, django_capture_on_commit_callbacks
):
    client.force_login(director)
    first = event_results_import(data=PAIRS, actor=director, name="Old Monday")

    with django_capture_on_commit_callbacks(execute=True):  # the task runs
        sent = client.post("/events/import/", {"file": SimpleUploadedFile("x.xml", PAIRS)})
    page = client.get(sent.url)  # the progress page: the import has finished

    html = page.content.decode()
    assert page.status_code == 200 and 'id="import-error"' in html
    assert "“Old Monday”" in html
    assert f'href="/events/{first.pk}/"' in html
    assert 'name="force"' in html  # the "import anyway" box is offered
    assert Event.objects.count() == 1

    with django_capture_on_commit_callbacks(execute=True):
        upload = {"file": SimpleUploadedFile("x.xml", PAIRS), "force": "on"}
        again = client.post("/events/import/", upload)
    second = Event.objects.exclude(pk=first.pk).get()
    assert client.get(again.url).url == f"/events/{second.pk}/"


def test_the_import_page_shows_progress_while_it_works(db, client, director):
    client.force_login(director)
    html = client.get("/events/import/").content.decode()
    assert 'id="import-progress"' in html and "hidden" in html.split('id="import-progress"')[1][:80]
    assert "import.js" in html


def test_the_api_answers_409_with_the_event_and_imports_when_forced(db, director):
    first = event_results_import(data=PAIRS, actor=director)
    api = APIClient()
    api.force_authenticate(director)

    upload = SimpleUploadedFile("pairs.xml", PAIRS, content_type="application/xml")
    refused = api.post("/api/events/import/results/", {"file": upload})
    assert refused.status_code == 409, refused.data
    assert refused.data["code"] == "already_imported"
    assert refused.data["event"] == first.pk
    assert refused.data["url"] == f"/events/{first.pk}/"
    assert Event.objects.count() == 1

    upload = SimpleUploadedFile("pairs.xml", PAIRS, content_type="application/xml")
    forced = api.post("/api/events/import/results/", {"file": upload, "force": "true"})
    assert forced.status_code == 201, forced.data
    text = api.post("/api/events/import/results/", {"text": TEAMSSCORER}, format="json")
    assert text.status_code == 201
    again = api.post(
        "/api/events/import/results/", {"text": TEAMSSCORER, "force": True}, format="json"
    )
    assert again.status_code == 201 and Event.objects.count() == 4


def test_a_player_is_refused_before_being_told_of_a_duplicate(db, director):
    from tests.factories import UserFactory

    event_results_import(data=PAIRS, actor=director)
    api = APIClient()
    api.force_authenticate(UserFactory())
    upload = SimpleUploadedFile("pairs.xml", PAIRS, content_type="application/xml")
    response = api.post("/api/events/import/results/", {"file": upload})
    assert response.status_code == 403 and "event" not in response.data


def test_the_command_refuses_a_duplicate_unless_forced(db, tmp_path):
    path = tmp_path / "pairs.xml"
    path.write_bytes(PAIRS)
    call_command("import_results", str(path), stdout=StringIO())
    first = Event.objects.get()

    with pytest.raises(CommandError, match=f"event {first.pk}.*--force"):
        call_command("import_results", str(path), stdout=StringIO())
    assert Event.objects.count() == 1

    out = StringIO()
    call_command("import_results", str(path), "--force", stdout=out)
    assert Event.objects.count() == 2 and out.getvalue().startswith("Imported event")


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_identical_uploads_at_once_create_one_event(director):
    from tests.conftest import need_postgres
    from tests.tournaments.test_concurrency import race

    need_postgres()
    out = race(*[lambda: event_results_import(data=PAIRS, actor=director)] * 2)
    made = [o for o in out if isinstance(o, Event)]
    refused = [o for o in out if isinstance(o, BridgeError)]
    assert len(made) == 1 and len(refused) == 1, out
    assert refused[0].code == "already_imported" and f"event {made[0].pk}" in refused[0].message
    assert Event.objects.count() == 1
