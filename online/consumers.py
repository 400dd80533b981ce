"""The online table's WebSocket: thin (decode, check, call the service, fan out).

On connect the user's seat is checked (a seat at the table, or the event's director) and
the connection joins the table's group (``table-<id>``) and is sent its view. An ``act``
message calls the same service as the REST API; a refusal goes to the sender alone, with
the message's ``id``. Every change reaches the group as a snapshot, and each connection
sends its own seat's view of it (``state.seat_view``): no other view leaves the server.
A message over ``ONLINE_MESSAGE_MAX_BYTES`` is refused (``too_large``), and so is one
over ``ONLINE_MESSAGES_PER_SECOND`` (``too_fast``). A ``chat`` message, when the event
allows chat, is relayed to the table's seats (``online.chat``); a delayed spectator is
sent the stored table the delay after each change (``online.spectators``). Shapes:
docs/online-play.md.

Every connection also joins its event's group (``event-<id>``): when what let it in
changes anywhere in the event (``online.access``), it asks the seat rule and the
spectators' rule again, and is closed when the answer is no longer the one it was
opened with. However a connection ends (a close, a refusal, a fault), it is counted out
(``online.presence``) and its user's socket count is given back.
"""

from __future__ import annotations

import asyncio
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

from . import disconnections, presence, services
from .access import event_group_name
from .changes import view_carried, view_change
from .chat import chat_message_build
from .extensions import socket_closed, socket_opened
from .live import live_drop, live_observe
from .state import group_name, seat_view

logger = logging.getLogger(__name__)

#: The close code of a connection refused at connect (not signed in, no seat here).
CLOSE_REFUSED = 4403
#: The close code of a connection whose seat or delay changed: its page connects again.
CLOSE_CHANGED = 4409

#: Open table sockets of each user in this process (``ONLINE_SOCKETS_PER_USER``).
_sockets_of: dict[int, int] = {}


def _in_a_thread(fn):
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


class TableConsumer(AsyncJsonWebsocketConsumer):
    seat: str | None = None
    delay: int = 0
    group: str | None = None
    event_group: str | None = None
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

    async def connect(self) -> None:
        kwargs = self.scope["url_route"]["kwargs"]
        self.event_id, self.table_id = kwargs["event_id"], kwargs["table_id"]
        self.sent_at: deque[float] = deque()
        self.later: set[asyncio.Task] = set()  # a delayed spectator's views to come
        await self.accept()
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self._refuse("not_authenticated", _("Sign in first."))
            return
        if _sockets_of.get(user.pk, 0) >= settings.ONLINE_SOCKETS_PER_USER:
            await self._refuse("too_many_sockets", _("Too many open tables: close one first."))
            return
        _sockets_of[user.pk] = _sockets_of.get(user.pk, 0) + 1
        self.counted_user = user.pk
        # in the event's group before the rules are asked: a change made while they are
        # asked reaches this connection, which then asks again
        self.event_group = event_group_name(self.event_id)
        await self.channel_layer.group_add(self.event_group, self.channel_name)
        try:
            view = await database_sync_to_async(services.table_state_get)(
                user=user, event_id=self.event_id, table_id=self.table_id
            )
        except BridgeError as error:
            await self._refuse(error.code, error.message)
            return
        self.seat = view["seat"]
        self.delay = view.get("delay", 0)  # a delayed spectator (online.spectators)
        self.group = group_name(self.table_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await socket_opened(self)  # what other apps log of it (online.extensions)
        self.changes = b"changes=1" in self.scope.get("query_string", b"").split(b"&")
        await self._view_send(view, whole=True)
        # docs/rules.md § Online play, disconnections: a seat back is told to the table
        # (it was told the seat was disconnected)
        if self.seat is not None and await presence.consumer_connected(self, user_id=user.pk):
            await database_sync_to_async(disconnections.table_presence_broadcast)(
                table_id=self.table_id
            )

    async def _refuse(self, code: str, detail: str, *, close_code: int = CLOSE_REFUSED) -> None:
        self.shown_out = True  # nothing more is sent to it
        await self.send_json({"type": "error", "id": None, "code": code, "detail": detail})
        await self.close(code=close_code)

    async def disconnect(self, code) -> None:
        await self._ended()

    async def _ended(self) -> None:
        """Count the connection out, once: its presence first (the seat is free to be
        marked gone), then its groups. A fault in one step never skips the others."""
        if getattr(self, "_over", False):
            return
        self._over = True
        self.shown_out = True
        for task in list(getattr(self, "later", ())):
            task.cancel()
        if self.counted_user is not None:
            left = _sockets_of.get(self.counted_user, 1) - 1
            if left > 0:
                _sockets_of[self.counted_user] = left
            else:
                _sockets_of.pop(self.counted_user, None)
            self.counted_user = None
        steps = [socket_closed(self)]  # what other apps log of it (online.extensions)
        if self.seat is not None and self.group is not None:
            steps.append(presence.consumer_disconnected(self))
        for group in (self.group, self.event_group):
            if group is not None and self.channel_layer is not None:
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
        if kind == "chat" and self.group is not None:
            await self._chat(message_id, content.get("text"))
            return
        if kind != "act" or self.group is None:
            await self._error(message_id, "bad_message", _("Unknown message type."))
            return
        version = content.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            await self._error(message_id, "bad_message", _("version must be a number."))
            return
        try:
            await _in_a_thread(services.play_act)(
                user=self.scope["user"],
                event_id=self.event_id,
                table_id=self.table_id,
                version=version,
                kind=str(content.get("kind", "")),
                value=content.get("value"),
                alert=content.get("alert") or "",
                seat=content.get("seat"),
                seated=self.seat,  # checked at connect, and again whenever seats change
            )
        except BridgeError as error:
            await self._error(message_id, error.code, error.message)

    async def _chat(self, message_id, text) -> None:
        """A seated player's chat line, relayed to the table's seats (online.chat)."""
        try:
            message = await database_sync_to_async(chat_message_build)(
                user=self.scope["user"], event_id=self.event_id, table_id=self.table_id, text=text
            )
        except BridgeError as error:
            await self._error(message_id, error.code, error.message)
            return
        await self.channel_layer.group_send(self.group, {"type": "table.chat", "message": message})

    async def _error(self, message_id, code: str, detail: str) -> None:
        await self.send_json({"type": "error", "id": message_id, "code": code, "detail": detail})

    # -- the table's group -> this connection ----------------------------------------------

    async def table_state(self, message: dict) -> None:
        """A change at the table: this seat's view of each snapshot, in order."""
        if self.shown_out:  # shown the door (table_recheck)
            return
        if self.delay:  # never the live snapshot: the stored table, the delay later
            task = asyncio.get_running_loop().create_task(self._delayed_state())
            self.later.add(task)
            task.add_done_callback(self.later.discard)
            return
        for snapshot in message["states"]:
            live_observe(snapshot)  # this process's live table follows the table's changes
            await self._view_send(seat_view(snapshot, self.seat))

    async def _view_send(self, view: dict, *, whole: bool = False) -> None:
        """Send this seat's view: whole (``state``), or to a connection that asked for
        changes (``?changes=1``) what it adds to the last view sent (``change``, with the
        view's version: ``online.changes``). Another board, or the first view, goes
        whole."""
        last = getattr(self, "last_view", None)
        same_board = last is not None and last["board"] == view["board"]
        if not whole and same_board and view["version"] < last["version"]:
            return  # an older change arriving after a newer one (two threads' sends)
        view = view_carried(last, view)
        change = None
        if self.changes and not whole and last is not None and last["board"] == view["board"]:
            change = view_change(last, view)
        self.last_view = view
        if change is None:
            await self.send_json({"type": "state", "table": view})
        elif change:
            await self.send_json({"type": "change", "version": view["version"], "change": change})

    async def _state_send(self) -> None:
        """The whole view as it is stored now (a client that saw a gap asks for it)."""
        try:
            view = await database_sync_to_async(services.table_state_get)(
                user=self.scope["user"], event_id=self.event_id, table_id=self.table_id
            )
        except BridgeError as error:
            await self._error(None, error.code, error.message)
            return
        await self._view_send(view, whole=True)

    async def table_recheck(self, message: dict) -> None:
        """What let this connection in has changed somewhere in its event (docs/rules.md
        § Online play, who may keep watching): ask the rules again. A consumer handles
        its messages one at a time, so no state of the table is sent to it until the
        answer is in: nothing the change forbids reaches it."""
        if self.group is None or self.shown_out:
            return
        try:
            access = await database_sync_to_async(services.table_access_get)(
                user=self.scope["user"], event_id=self.event_id, table_id=self.table_id
            )
        except BridgeError:
            await self._refuse("not_seated", _("You may no longer watch this table."))
            return
        live_drop(self.table_id)  # who sits where may have changed: read it again
        if access != (self.seat, self.delay):
            await self._refuse(
                "seat_changed", _("Your place at this table has changed: looking again."),
                close_code=CLOSE_CHANGED,
            )  # fmt: skip

    # the message a table's own change of seats sent (kept: a process not yet updated)
    table_reseat = table_recheck

    async def _delayed_state(self) -> None:
        await asyncio.sleep(self.delay)
        try:
            view = await database_sync_to_async(services.table_state_get)(
                user=self.scope["user"], event_id=self.event_id, table_id=self.table_id
            )
        except BridgeError:
            return
        await self.send_json({"type": "state", "table": view})

    async def table_chat(self, message: dict) -> None:
        """A chat line: to the table's seats only (not to those watching it)."""
        if self.seat is not None and not self.shown_out:
            await self.send_json(message["message"])

    async def table_warning(self, message: dict) -> None:
        await self.send_json({"type": "warning", "minutes_left": message["minutes_left"]})
