"""The file an imported event came from (``docs/rules.md`` § Files)."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


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
