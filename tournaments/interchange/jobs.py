"""The import page's imports in the background (``docs/rules.md`` § Files).

The page hands the file to :func:`import_job_create`, which keeps it and queues the task
``tournaments.tasks.import_results``; the task calls :func:`import_job_run`, which runs
the one import service (:func:`~.importers.dispatch.event_results_import`, as the API and the
command do) and records the event or the refusal. The page shows the job's progress
until then. With no broker (the demo, tests) the task runs at once, in the request.
"""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User

from ..dispatch import dispatch_on_commit
from ..errors import BridgeError
from ..models import ImportJob
from ..models.imports import IMPORT_JOB_LOST_AFTER
from ..permissions import director_required
from .importers.dispatch import MAX_IMPORT_BYTES, AlreadyImportedError, event_results_import


def import_job_create(
    *, data: bytes, actor: User, name: str = "", force: bool = False
) -> ImportJob:
    """Keep the file and queue its import; the director (only) follows it."""
    director_required(user=actor)
    if len(data) > MAX_IMPORT_BYTES:
        raise BridgeError(_("The file is larger than 4 MB."), code="too_large")
    job = ImportJob.objects.create(director=actor, name=name[:120], force=force, data=data)
    dispatch_on_commit("tournaments.tasks.import_results", job.pk)
    return job


def import_job_run(*, job_id: int) -> ImportJob | None:
    """Import a queued job's file: its event, or its refusal, is recorded and the file
    is dropped. Safe to run twice: only a queued job starts (the others return), and
    not once it is lost (its page has asked for the file again)."""
    now = timezone.now()
    started = ImportJob.objects.filter(
        pk=job_id, status=ImportJob.Status.QUEUED, created_at__gt=now - IMPORT_JOB_LOST_AFTER
    ).update(status=ImportJob.Status.RUNNING, started_at=now)
    job = ImportJob.objects.select_related("director").filter(pk=job_id).first()
    if not started or job is None:
        return job
    try:
        job.event = event_results_import(
            data=bytes(job.data), actor=job.director, name=job.name, force=job.force
        )
        job.status = ImportJob.Status.DONE
    except AlreadyImportedError as exc:
        job.status, job.error, job.error_code, job.existing = (
            ImportJob.Status.FAILED, exc.message, exc.code, exc.event,
        )  # fmt: skip
    except BridgeError as exc:
        job.status, job.error, job.error_code = ImportJob.Status.FAILED, exc.message, exc.code
    except Exception:
        job.status, job.error, job.error_code = (
            ImportJob.Status.FAILED, _("The import failed. Try again later."), "failed",
        )  # fmt: skip
        raise
    finally:
        job.data, job.finished_at = b"", timezone.now()
        job.save()
    return job
