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
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import deque

from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.db import close_old_connections
from django.utils.translation import gettext as _

from tournaments.errors import BridgeError

from . import presence, services
from .chat import chat_message_build
from .state import group_name, seat_view

#: The close code of a connection refused at connect (not signed in, no seat here).
CLOSE_REFUSED = 4403


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
    shown_out: bool = False

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
        await self.send_json({"type": "state", "table": view})
        if self.seat is not None:  # docs/rules.md § Online play, disconnections
            await presence.consumer_connected(self, user_id=user.pk)

    async def _refuse(self, code: str, detail: str) -> None:
        await self.send_json({"type": "error", "id": None, "code": code, "detail": detail})
        await self.close(code=CLOSE_REFUSED)

    async def disconnect(self, code) -> None:
        for task in list(getattr(self, "later", ())):
            task.cancel()
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            if self.seat is not None:
                await presence.consumer_disconnected(self)

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
        except ValueError:
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
        if self.shown_out:  # shown the door (table_reseat)
            return
        if self.delay:  # never the live snapshot: the stored table, the delay later
            task = asyncio.get_running_loop().create_task(self._delayed_state())
            self.later.add(task)
            task.add_done_callback(self.later.discard)
            return
        for snapshot in message["states"]:
            await self.send_json({"type": "state", "table": seat_view(snapshot, self.seat)})

    async def table_reseat(self, message: dict) -> None:
        """The director moved a substitute in: a connection whose seat is no longer its
        user's is closed (docs/rules.md § Online play, the director)."""
        try:
            seat = await database_sync_to_async(services.table_viewer_get)(
                user=self.scope["user"], event_id=self.event_id, table_id=self.table_id
            )
        except BridgeError:
            seat = None
        if seat != self.seat:
            self.shown_out = True  # nothing more is sent to it
            await self._refuse("not_seated", _("Your seat at this table is someone else's now."))

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
