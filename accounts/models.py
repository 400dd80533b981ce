from django.conf import settings
from django.contrib.auth.models import AbstractUser, UserManager
from django.db import models
from django.utils.translation import gettext_lazy as _

from .names import name_key


class Users(UserManager):
    def bulk_create(self, objs, *args, **kwargs):
        objs = list(objs)
        for user in objs:  # (also the migrations' historical model: no methods there)
            user.username_key = name_key(user.username)
            user.name_key = name_key(user.display_name)
        return super().bulk_create(objs, *args, **kwargs)


class User(AbstractUser):
    """A player, director or spectator. Directors are staff users."""

    display_name = models.CharField(_("display name"), max_length=80, blank=True)
    # What the username and the display name look like (accounts/names.py): a new
    # player's names may not look like another player's.
    # (db_default: a row written by the previous release, during an upgrade, still saves)
    username_key = models.CharField(
        max_length=150, blank=True, db_index=True, editable=False, default="", db_default=""
    )
    name_key = models.CharField(
        max_length=80, blank=True, db_index=True, editable=False, default="", db_default=""
    )

    # The language of the emails the player gets ("": the site's), the last one they
    # chose with the language switcher (accounts.views.language_set).
    language = models.CharField(
        _("language"), max_length=10, blank=True, default="", db_default="",
        choices=settings.LANGUAGES,
    )  # fmt: skip

    #: A robot the server seats (docs/rules.md § Robots): never a person, never logs in.
    is_robot = models.BooleanField(_("robot"), default=False, db_default=False, editable=False)

    objects = Users()

    class Meta:
        verbose_name = _("user")
        verbose_name_plural = _("users")

    def __str__(self) -> str:
        return self.name

    @property
    def email_language(self) -> str:
        """The language to write this player's emails in."""
        return self.language or settings.LANGUAGE_CODE

    def fill_name_keys(self) -> None:
        self.username_key = name_key(self.username)
        self.name_key = name_key(self.display_name)

    def save(self, *args, **kwargs):
        self.fill_name_keys()
        if kwargs.get("update_fields") is not None:
            kwargs["update_fields"] = {*kwargs["update_fields"], "username_key", "name_key"}
        super().save(*args, **kwargs)

    @property
    def name(self) -> str:
        return self.display_name or self.get_full_name() or self.username
