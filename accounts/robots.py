"""The robot players' accounts (``docs/rules.md`` § Robots): one per seat, so a table
may seat up to three (or four) robots, and one robot account sits at many tables at once.
"""

from __future__ import annotations

from django.utils.translation import gettext_noop

from .models import User

#: The robot account of each seat, with its display name (translated where shown).
ROBOT_ACCOUNTS = {
    "N": ("robot-north", gettext_noop("Robot North")),
    "E": ("robot-east", gettext_noop("Robot East")),
    "S": ("robot-south", gettext_noop("Robot South")),
    "W": ("robot-west", gettext_noop("Robot West")),
}


def robot_user(seat: str) -> User:
    """The robot account that sits in ``seat`` (created the first time)."""
    username, name = ROBOT_ACCOUNTS[seat]
    user = (
        User.objects.filter(is_robot=True, username__in=(username, f"{username}-bot"))
        .order_by("username")
        .first()
    )
    if user is None:  # (the migration makes them; a database flushed by a test does not)
        if User.objects.filter(username=username).exists():
            username = f"{username}-bot"
        user = User(username=username, display_name=name, is_robot=True, is_active=True)
        user.set_unusable_password()
        user.save()
    return user
