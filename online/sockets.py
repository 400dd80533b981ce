"""What every table's WebSocket does, whatever table it serves: the online table's
(``online.consumers``) and the practice table's (``practice.consumers``) speak one
protocol (docs/online-play.md § WebSocket) through this one class.

A message over ``ONLINE_MESSAGE_MAX_BYTES`` is refused (``too_large``), and so is one
over ``ONLINE_MESSAGES_PER_SECOND`` (``too_fast``); anything but a JSON object is
``bad_message``. ``ping`` is answered ``pong``; ``sync`` (a client that saw a gap) is
sent the whole view as stored; ``act`` (with a numeric ``version``) goes to the table's
own service, and a refusal goes to the sender alone, with the message's ``id``. A view
reaches the connection whole (``state``), or, when it asked for changes
(``?changes=1``), as what it adds to the last view sent (``change``, with the view's
version: ``online.changes``). A user holds at most ``ONLINE_SOCKETS_PER_USER`` table
sockets in a process; however a connection ends, it is counted out once.
"""

from __future__ import annotations

import json
import logging
import time
from collections import deque

from asgiref.sync import sync_to_async
from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.db import close_old_connections
from django.utils.translation import gettext as _

from tournaments.errors import BridgeError

from .changes import view_carried, view_change

logger = logging.getLogger(__name__)

#: The close code of a connection refused at connect (not signed in, no seat here).
CLOSE_REFUSED = 4403
#: The close code of a connection whose seat or delay changed: its page connects again.
CLOSE_CHANGED = 4409

#: Open table sockets of each user in this process (``ONLINE_SOCKETS_PER_USER``).
_sockets_of: dict[int, int] = {}


def in_a_thread(fn):
    """``fn`` on a thread of the pool, not the one thread ``database_sync_to_async``
    runs everything on: tables act at once (each on its own connection; the row locks
    order them), instead of one after the other for the whole process."""

    def call(*args, **kwargs):
        close_old_connections()
        try:
            return fn(*args, **kwargs)
        finally:
            close_old_connections()

    return sync_to_async(call, thread_sensitive=False)


class TableSocket(AsyncJsonWebsocketConsumer):
    """The protocol of a table's socket; a subclass says what table it serves
    (``connect``), how an action is applied (``act``) and how the whole view is read
    (``state_get``)."""

    group: str | None = None
    shown_out: bool = False
    changes: bool = False  # sent changes, not whole views (``?changes=1``)
    last_view: dict | None = None  # the last view sent: what a change is counted from
    counted_user: int | None = None  # whose socket count this connection holds

    #: Messages whose handlers read no database: a table's change (four for each action
    #: at a table, most of what a server handles).
    UNSWEPT = frozenset({"table.state"})

    async def dispatch(self, message) -> None:
        """Channels sweeps stale database connections (a hop to a thread) before every
        message; a table's change skips it (it cost a tenth of the server's CPU under
        load, docs/benchmarks.md § Online play under load)."""
        if message["type"] not in self.UNSWEPT:
            await super().dispatch(message)
            return
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def __call__(self, scope, receive, send):
        """The connection's whole life: whatever ends it (a close, or a fault anywhere
        in the consumer), it is counted out."""
        try:
            await super().__call__(scope, receive, send)
        finally:
            await self._ended()

    async def opened(self) -> bool:
        """Accept the connection and count it in for its user: False (and the
        connection refused) when nobody is signed in or the user holds too many."""
        self.sent_at: deque[float] = deque()
        self.changes = b"changes=1" in self.scope.get("query_string", b"").split(b"&")
        await self.accept()
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self._refuse("not_authenticated", _("Sign in first."))
            return False
        if _sockets_of.get(user.pk, 0) >= settings.ONLINE_SOCKETS_PER_USER:
            await self._refuse("too_many_sockets", _("Too many open tables: close one first."))
            return False
        _sockets_of[user.pk] = _sockets_of.get(user.pk, 0) + 1
        self.counted_user = user.pk
        return True

    async def _refuse(self, code: str, detail: str, *, close_code: int = CLOSE_REFUSED) -> None:
        self.shown_out = True  # nothing more is sent to it
        await self.send_json({"type": "error", "id": None, "code": code, "detail": detail})
        await self.close(code=close_code)

    async def disconnect(self, code) -> None:
        await self._ended()

    def ended_steps(self) -> list:
        """What else a connection's end does (awaitables), before its groups are left."""
        return []

    def groups_joined(self) -> list[str]:
        return [self.group] if self.group is not None else []

    async def _ended(self) -> None:
        """Count the connection out, once: the subclass's steps first, then its groups.
        A fault in one step never skips the others."""
        if getattr(self, "_over", False):
            return
        self._over = True
        self.shown_out = True
        if self.counted_user is not None:
            left = _sockets_of.get(self.counted_user, 1) - 1
            if left > 0:
                _sockets_of[self.counted_user] = left
            else:
                _sockets_of.pop(self.counted_user, None)
            self.counted_user = None
        steps = self.ended_steps()
        for group in self.groups_joined():
            if self.channel_layer is not None:
                steps.append(self.channel_layer.group_discard(group, self.channel_name))
        for step in steps:
            try:
                await step
            except Exception:  # noqa: BLE001 - an entry not counted out expires by itself
                logger.exception("closing connection %s", self.channel_name)

    # -- client -> server ---------------------------------------------------------------

    async def receive(self, text_data=None, bytes_data=None, **kwargs) -> None:
        size = len(text_data.encode()) if text_data is not None else len(bytes_data or b"")
        if size > settings.ONLINE_MESSAGE_MAX_BYTES:
            await self._error(None, "too_large", _("The message is too large."))
            return
        now = time.monotonic()
        while self.sent_at and now - self.sent_at[0] >= 1.0:
            self.sent_at.popleft()
        if len(self.sent_at) >= settings.ONLINE_MESSAGES_PER_SECOND:
            await self._error(None, "too_fast", _("Too many messages: slow down."))
            return
        self.sent_at.append(now)
        try:
            content = json.loads(text_data) if text_data is not None else None
        except (ValueError, RecursionError):  # not JSON, or nested too deep to read
            content = None
        if not isinstance(content, dict):
            await self._error(None, "bad_message", _("A message is a JSON object."))
            return
        await self.receive_json(content)

    async def receive_json(self, content, **kwargs) -> None:
        kind = content.get("type")
        message_id = content.get("id")
        if not isinstance(message_id, str | int | None) or isinstance(message_id, bool):
            message_id = None
        if kind == "ping":
            await self.send_json({"type": "pong"})
            return
        if kind == "sync" and self.group is not None:  # a client that saw a gap
            await self._state_send()
            return
        if kind == "chat" and self.group is not None and await self.chat(message_id, content):
            return
        if kind != "act" or self.group is None:
            await self._error(message_id, "bad_message", _("Unknown message type."))
            return
        version = content.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            await self._error(message_id, "bad_message", _("version must be a number."))
            return
        try:
            await in_a_thread(self.act)(version, content)
        except BridgeError as error:
            await self._error(message_id, error.code, error.message)

    def act(self, version: int, content: dict) -> None:
        """Apply the action (sync, on a thread of its own); a refusal raises
        ``BridgeError``. Its views reach the group once it is stored."""
        raise NotImplementedError

    def state_get(self) -> dict:
        """The connection's whole view as stored now (sync)."""
        raise NotImplementedError

    async def chat(self, message_id, content: dict) -> bool:
        """A chat line (True: handled); a table without chat says no."""
        return False

    async def _error(self, message_id, code: str, detail: str) -> None:
        await self.send_json({"type": "error", "id": message_id, "code": code, "detail": detail})

    # -- views -> this connection ---------------------------------------------------------

    async def _view_send(self, view: dict, *, whole: bool = False) -> None:
        """Send this seat's view: whole (``state``), or to a connection that asked for
        changes (``?changes=1``) what it adds to the last view sent (``change``, with the
        view's version: ``online.changes``). Another board, or the first view, goes
        whole."""
        last = self.last_view
        same_board = last is not None and last["board"] == view["board"]
        if not whole and same_board and view["version"] < last["version"]:
            return  # an older change arriving after a newer one (two threads' sends)
        view = view_carried(last, view)
        change = None
        if self.changes and not whole and same_board:
            change = view_change(last, view)
        self.last_view = view
        if change is None:
            await self.send_json({"type": "state", "table": view})
        elif change:
            await self.send_json({"type": "change", "version": view["version"], "change": change})

    async def _state_send(self) -> None:
        """The whole view as it is stored now (a client that saw a gap asks for it)."""
        try:
            view = await database_sync_to_async(self.state_get)()
        except BridgeError as error:
            await self._error(None, error.code, error.message)
            return
        await self._view_send(view, whole=True)
