"""The file an imported event came from, and the import page's background imports
(``docs/rules.md`` § Files)."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

#: An import not finished this long after it was sent is lost (docs/rules.md § Files).
IMPORT_JOB_LOST_AFTER = timedelta(minutes=10)


class ImportedFile(models.Model):
    """The SHA-256 of the bytes an imported event was read from: the same file again is
    refused, naming this event, unless the director asks to import it anyway
    (``forced``). One unforced import per file: two identical uploads at once cannot
    both create an event."""

    event = models.OneToOneField(
        "tournaments.Event",
        verbose_name=_("event"),
        on_delete=models.CASCADE,
        related_name="imported_file",
    )
    sha256 = models.CharField(_("SHA-256 of the file"), max_length=64, db_index=True)
    forced = models.BooleanField(_("imported anyway"), default=False)
    imported_at = models.DateTimeField(_("imported at"), auto_now_add=True)

    class Meta:
        verbose_name = _("imported file")
        verbose_name_plural = _("imported files")
        constraints = [
            models.UniqueConstraint(
                fields=["sha256"], condition=Q(forced=False), name="one_unforced_import_per_file"
            )
        ]

    def __str__(self) -> str:
        return self.sha256


class ImportJob(models.Model):
    """A results file the import page hands to the background (``tasks.import_results``)
    and shows the progress of: queued, importing, then the event or what was wrong
    (``docs/rules.md`` § Files). The file's bytes are kept until the import ends."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("waiting to start")
        RUNNING = "running", _("importing")
        DONE = "done", _("imported")
        FAILED = "failed", _("refused")

    director = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("director"),
        on_delete=models.CASCADE,
        related_name="+",
    )
    name = models.CharField(_("name"), max_length=120, blank=True)
    force = models.BooleanField(_("import anyway"), default=False)
    data = models.BinaryField(_("file"), blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status, default=Status.QUEUED)
    error = models.TextField(_("error"), blank=True)
    error_code = models.CharField(_("error code"), max_length=30, blank=True)
    # the event the same file became, when refused as imported before
    existing = models.ForeignKey(
        "tournaments.Event",
        verbose_name=_("imported before as"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    event = models.ForeignKey(
        "tournaments.Event",
        verbose_name=_("event"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        verbose_name = _("import job")
        verbose_name_plural = _("import jobs")

    def __str__(self) -> str:
        return f"{self.pk} {self.status}"

    @property
    def lost(self) -> bool:
        """Not finished long after it was sent (its task was never queued, or its worker
        died): the page stops waiting and asks for the file again."""
        unfinished = self.status in (self.Status.QUEUED, self.Status.RUNNING)
        return unfinished and timezone.now() - self.created_at > IMPORT_JOB_LOST_AFTER
