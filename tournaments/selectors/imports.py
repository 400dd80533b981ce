"""The import page's background imports, as their director follows them."""

from __future__ import annotations

from accounts.models import User

from ..models import ImportJob


def import_job_get(*, job_id: int, user: User) -> ImportJob | None:
    """The job, to the director who started it only (anyone else: None). The file's
    bytes are not read."""
    if not user.is_authenticated:
        return None
    return (
        ImportJob.objects.defer("data")
        .select_related("event", "existing")
        .filter(pk=job_id, director=user)
        .first()
    )
