"""Changes to a player's account."""

from __future__ import annotations

from django.conf import settings

from .models import User


def language_choose(*, user: User, language: str) -> bool:
    """Keep ``language`` as the language of the player's emails (``User.language``);
    a code that is not one of the site's languages changes nothing. True when kept."""
    if language not in dict(settings.LANGUAGES) or user.language == language:
        return False
    user.language = language
    user.save(update_fields=["language"])
    return True
