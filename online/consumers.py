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
import logging

from channels.db import database_sync_to_async
from django.utils.translation import gettext as _

from tournaments.errors import BridgeError

from . import disconnections, presence, services
from .access import event_group_name
from .chat import chat_message_build
from .extensions import socket_closed, socket_opened
from .live import live_drop, live_observe
from .sockets import CLOSE_CHANGED, TableSocket
from .state import group_name, seat_view

logger = logging.getLogger(__name__)


class TableConsumer(TableSocket):
    seat: str | None = None
    delay: int = 0
    event_group: str | None = None

    async def connect(self) -> None:
        kwargs = self.scope["url_route"]["kwargs"]
        self.event_id, self.table_id = kwargs["event_id"], kwargs["table_id"]
        self.later: set[asyncio.Task] = set()  # a delayed spectator's views to come
        if not await self.opened():
            return
        user = self.scope["user"]
        # in the event's group before the rules are asked: a change made while they are
        # asked reaches this connection, which then asks again
        self.event_group = event_group_name(self.event_id)
        await self.channel_layer.group_add(self.event_group, self.channel_name)
        try:
            view = await database_sync_to_async(self.state_get)()
        except BridgeError as error:
            await self._refuse(error.code, error.message)
            return
        self.seat = view["seat"]
        self.delay = view.get("delay", 0)  # a delayed spectator (online.spectators)
        self.group = group_name(self.table_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await socket_opened(self)  # what other apps log of it (online.extensions)
        await self._view_send(view, whole=True)
        # docs/rules.md § Online play, disconnections: a seat back is told to the table
        # (it was told the seat was disconnected)
        if self.seat is not None and await presence.consumer_connected(self, user_id=user.pk):
            await database_sync_to_async(disconnections.table_presence_broadcast)(
                table_id=self.table_id
            )

    def ended_steps(self) -> list:
        """Its delayed views cancelled; its close logged (online.extensions) and its
        presence counted out (the seat is free to be marked gone) before its groups."""
        for task in list(getattr(self, "later", ())):
            task.cancel()
        steps = [socket_closed(self)]
        if self.seat is not None and self.group is not None:
            steps.append(presence.consumer_disconnected(self))
        return steps

    def groups_joined(self) -> list[str]:
        return [g for g in (self.group, self.event_group) if g is not None]

    # -- client -> server ---------------------------------------------------------------

    def act(self, version: int, content: dict) -> None:
        services.play_act(
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

    def state_get(self) -> dict:
        return services.table_state_get(
            user=self.scope["user"], event_id=self.event_id, table_id=self.table_id
        )

    async def chat(self, message_id, content: dict) -> bool:
        """A seated player's chat line, relayed to the table's seats (online.chat)."""
        try:
            message = await database_sync_to_async(chat_message_build)(
                user=self.scope["user"], event_id=self.event_id, table_id=self.table_id,
                text=content.get("text"),
            )  # fmt: skip
        except BridgeError as error:
            await self._error(message_id, error.code, error.message)
            return True
        await self.channel_layer.group_send(self.group, {"type": "table.chat", "message": message})
        return True

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
            view = await database_sync_to_async(self.state_get)()
        except BridgeError:
            return
        await self.send_json({"type": "state", "table": view})

    async def table_chat(self, message: dict) -> None:
        """A chat line: to the table's seats only (not to those watching it)."""
        if self.seat is not None and not self.shown_out:
            await self.send_json(message["message"])

    async def table_warning(self, message: dict) -> None:
        await self.send_json({"type": "warning", "minutes_left": message["minutes_left"]})
