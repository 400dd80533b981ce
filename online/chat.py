"""Chat at the table (``docs/rules.md`` § Online play, chat): a director setting of the
event, off by default. When it is on, a seated player's ``{"type": "chat", "text": ...}``
message is relayed to the seats of their table, with the sender's seat and name; it is
not stored (a connection that joins later does not see what was said before). The
consumer's size and rate limits apply to it as to any message; the text is trimmed and
at most ``CHAT_MAX_CHARS`` long.
"""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from tournaments.errors import BridgeError, ConflictError

from .selectors import table_seat_get
from .services import online_table_get, play_refusal

#: The longest chat message, in characters.
CHAT_MAX_CHARS = 200


def chat_message_build(*, user: User, event_id: int, table_id: int, text) -> dict:
    """The message a seated player's chat line becomes for the table's seats, or a
    refusal: ``not_seated`` (only the table's players chat), ``chat_off`` (the event's
    setting), ``bad_message`` (no text, or too long)."""
    table = online_table_get(event_id, table_id)
    seat = table_seat_get(table=table, user=user)
    if seat is None:
        raise play_refusal("not_seated")
    if not table.event.online_play or not table.event.chat_allowed:
        raise ConflictError(_("Chat is turned off in this event."), code="chat_off")
    if not isinstance(text, str):
        raise BridgeError(_("A chat message is text."), code="bad_message")
    text = " ".join("".join(c if c.isprintable() else " " for c in text).split())  # one line
    if not text or len(text) > CHAT_MAX_CHARS:
        raise BridgeError(
            _("A chat message has 1 to %(n)d characters.") % {"n": CHAT_MAX_CHARS},
            code="bad_message",
        )
    at = timezone.now().isoformat()
    return {"type": "chat", "seat": seat, "name": user.name, "text": text, "at": at}
