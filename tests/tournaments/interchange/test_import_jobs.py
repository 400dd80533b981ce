"""The import page's imports run as a task with a progress page (docs/rules.md § Files):
queued, then the event or what was wrong; only the director who sent the file follows
it; the task is safe to run twice."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from django.utils.html import escape

from tests.factories import UserFactory
from tests.tournaments.interchange.test_interchange_usebio_files import EBUSCORE
from tournaments.interchange.jobs import import_job_run
from tournaments.models import Event, ImportJob

PAIRS = EBUSCORE.encode("latin-1")


def _status(client, job: ImportJob) -> dict:
    response = client.get(f"/events/import/{job.pk}/status.json")
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"
    return response.json()


def test_a_worker_imports_the_file_while_the_page_shows_progress(
    db, client, director, django_capture_on_commit_callbacks
):
    client.force_login(director)
    with django_capture_on_commit_callbacks() as queued:  # a worker takes it later
        sent = client.post("/events/import/", {"file": SimpleUploadedFile("x.xml", PAIRS)})
    job = ImportJob.objects.get()
    assert sent.status_code == 302 and sent.url == f"/events/import/{job.pk}/"
    page = client.get(sent.url).content.decode()
    assert f'data-status-url="/events/import/{job.pk}/status.json"' in page
    assert "Waiting to start" in page and "import.js" in page
    assert _status(client, job) == {
        "status": "queued", "label": "waiting to start", "finished": False, "event": None,
    }  # fmt: skip
    assert not Event.objects.exists()

    for task in queued:  # the worker
        task()

    event = Event.objects.get()
    assert _status(client, job) == {
        "status": "done", "label": "imported", "finished": True, "event": event.pk,
    }  # fmt: skip
    done = client.get(sent.url)
    assert done.status_code == 302 and done.url == f"/events/{event.pk}/"
    job.refresh_from_db()
    assert bytes(job.data) == b"" and job.finished_at is not None  # the file is dropped
    assert import_job_run(job_id=job.pk).event == event  # run twice: nothing more
    assert Event.objects.count() == 1


def test_a_refused_file_shows_what_was_wrong_on_the_progress_page(
    db, client, director, django_capture_on_commit_callbacks
):
    client.force_login(director)
    with django_capture_on_commit_callbacks() as queued:
        sent = client.post("/events/import/", {"file": SimpleUploadedFile("x.pbn", b"not pbn")})
    for task in queued:
        task()
    job = ImportJob.objects.get()
    assert _status(client, job)["status"] == "failed"
    page = client.get(sent.url)
    assert page.status_code == 200 and 'id="import-error"' in page.content.decode()
    assert escape(job.error) in page.content.decode() and not Event.objects.exists()


@pytest.mark.parametrize("who", ["player", "other director"])
def test_only_the_director_who_sent_the_file_follows_it(
    db, client, director, django_capture_on_commit_callbacks, who
):
    client.force_login(director)
    with django_capture_on_commit_callbacks():
        client.post("/events/import/", {"file": SimpleUploadedFile("x.xml", PAIRS)})
    job = ImportJob.objects.get()
    client.force_login(UserFactory(is_staff=who == "other director"))
    expected = 404 if who == "other director" else 403
    assert client.get(f"/events/import/{job.pk}/").status_code == expected
    assert client.get(f"/events/import/{job.pk}/status.json").status_code == expected


@pytest.mark.django_db(transaction=True)
def test_with_no_worker_the_page_answers_with_the_event_or_the_error(client):
    """The demo and a site without a broker run the task in the request (eagerly, once
    the job is committed): the page goes straight to the event, or says what is wrong."""
    director = UserFactory(is_staff=True)
    client.force_login(director)
    sent = client.post("/events/import/", {"file": SimpleUploadedFile("x.xml", PAIRS)})
    event = Event.objects.get()
    assert sent.status_code == 302 and sent.url == f"/events/{event.pk}/"
    again = client.post("/events/import/", {"file": SimpleUploadedFile("x.xml", PAIRS)})
    assert again.status_code == 200 and f'href="/events/{event.pk}/"' in again.content.decode()


def test_a_job_no_worker_took_is_given_up_after_ten_minutes(
    db, client, director, django_capture_on_commit_callbacks
):
    client.force_login(director)
    with django_capture_on_commit_callbacks() as queued:  # the broker lost the task
        sent = client.post("/events/import/", {"file": SimpleUploadedFile("x.xml", PAIRS)})
    job = ImportJob.objects.get()
    assert _status(client, job)["finished"] is False
    ImportJob.objects.filter(pk=job.pk).update(created_at=timezone.now() - timedelta(minutes=11))

    assert _status(client, job)["finished"] is True  # the page stops waiting
    page = client.get(sent.url).content.decode()
    assert "The import did not finish. Send the file again." in page
    for task in queued:  # the task arrives after all: the file is not imported
        task()
    assert not Event.objects.exists()
