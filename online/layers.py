"""The channel layer of the embedded default: one server process, no Redis.

Channels' in-memory layer keeps each connection's queue on the event loop of the server
that serves it. A change made on another thread of the process (the round clock, a
robot's turn, a task run in-process) sends from an event loop of its own, and an
``asyncio.Queue`` woken from a foreign thread is not woken at all until the server's
loop happens to turn: the table waited, or never heard. ``ServerChannelLayer`` hands
every such call to the server's loop, so that a change reaches the open tables from
wherever in the process it is made (docs/online-play.md, the embedded default).
"""

from __future__ import annotations

import asyncio
import logging

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer

logger = logging.getLogger(__name__)


def group_send_stored(group: str, message: dict) -> None:
    """Send ``message`` to ``group`` after the change it tells of is stored. A
    channel-layer outage loses the message, never the change: a client that reconnects
    (or polls) reads the stored state."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group, message)
    except Exception:  # noqa: BLE001 - stored already; the clients catch up on reconnect
        logger.exception("send to group %s failed", group)


class ServerChannelLayer(InMemoryChannelLayer):
    """The in-memory layer, safe to send to from any thread of the process: the groups
    and queues are only ever touched on the loop that receives (the server's)."""

    _home: asyncio.AbstractEventLoop | None = None

    async def _at_home(self, method, *args):
        """Run ``method`` on the server's loop, whatever loop calls it."""
        home = self._home
        here = asyncio.get_running_loop()
        if home is None or home is here or home.is_closed() or not home.is_running():
            return await method(*args)
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(method(*args), home))

    async def receive(self, channel):
        self._home = asyncio.get_running_loop()  # the loop the connections wait on
        return await super().receive(channel)

    async def send(self, channel, message):
        return await self._at_home(super().send, channel, message)

    async def group_send(self, group, message):
        return await self._at_home(super().group_send, group, message)

    async def group_add(self, group, channel):
        return await self._at_home(super().group_add, group, channel)

    async def group_discard(self, group, channel):
        return await self._at_home(super().group_discard, group, channel)
