"""The channel layer of the embedded default: one server process, no Redis.

Channels' in-memory layer keeps each connection's queue on the event loop of the server
that serves it. A change made on another thread of the process (the round clock, a
robot's turn, a task run in-process) sends from an event loop of its own, and an
``asyncio.Queue`` woken from a foreign thread is not woken at all until the server's
loop happens to turn: the table waited, or never heard. ``ServerChannelLayer`` hands
every such call to the server's loop, so that a change reaches the open tables from
wherever in the process it is made (docs/online-play.md, the embedded default).

With Redis (several processes), ``RedisTableLayer`` is channels-redis's layer with fewer
trips to Redis for each change a table sends.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from channels_redis.core import BoundedQueue, RedisChannelLayer

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


#: A group's members gone longer than the group expiry are swept at most this often (s).
GROUP_SWEEP_SECONDS = 60.0

_GROUP_SEND_LUA = """
local over_capacity = 0
local now = tonumber(ARGV[#ARGV - 1])
local expiry = tonumber(ARGV[#ARGV])
for i = 1, #KEYS do
    redis.call('ZREMRANGEBYSCORE', KEYS[i], 0, now - expiry)
    if redis.call('ZCOUNT', KEYS[i], '-inf', '+inf') < tonumber(ARGV[i + #KEYS]) then
        redis.call('ZADD', KEYS[i], now, ARGV[i])
        redis.call('EXPIRE', KEYS[i], expiry)
    else
        over_capacity = over_capacity + 1
    end
end
return over_capacity
"""


#: The most messages one read of a process's queue takes at once.
RECEIVE_BATCH = 128


def _count(counts: dict[str, int], key: str, step: int) -> None:
    left = counts.get(key, 0) + step
    if left > 0:
        counts[key] = left
    else:
        counts.pop(key, None)


class RedisTableLayer(RedisChannelLayer):
    """channels-redis's layer, with fewer trips to Redis for what a table does most
    (docs/benchmarks.md § Online play under load): the Redis client's CPU was the
    largest part of an action's.

    - ``group_send`` (one for every action at a table) talks to Redis twice instead of
      four times: the group's members, then one script per Redis server that drops each
      receiving key's expired messages and queues the new one. Members gone longer than
      the group expiry are swept at most every ``GROUP_SWEEP_SECONDS`` per group, not
      before every send: a member past its expiry costs at most a message nobody reads.
    - The connections of a process receive through one reader of the process's queue
      per event loop, which takes every message waiting on it in one read (at most
      ``RECEIVE_BATCH``), and waits in a blocking pop only when there is none, where
      the library spent four commands on each message (its backup of the message in
      flight guards a read cancelled half-way; here the reader is never cancelled while
      its process serves, and a process that stops takes its connections with it).
      Each connection's messages wait in its own queue, dropped once nobody has read it
      for the message expiry."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._swept: dict[str, float] = {}
        self._inbox: dict[str, asyncio.Queue] = {}
        self._read_at: dict[str, float] = {}  # when each inbox was last read or made
        self._waiting: dict[str, int] = {}  # receives waiting, by channel
        self._listening: dict[str, int] = {}  # and by the process's queue
        self._readers: dict[tuple[asyncio.AbstractEventLoop, str], asyncio.Task] = {}
        self._inbox_swept = time.monotonic()

    async def receive(self, channel):
        if "!" not in channel:  # a channel of no process: the library's own way
            return await super().receive(channel)
        assert self.require_valid_channel_name(channel)
        inbox = self._inbox_of(channel)
        real = self.non_local_name(channel)
        self._reader_start(real)
        _count(self._waiting, channel, 1)
        _count(self._listening, real, 1)
        try:
            message = await inbox.get()
        finally:
            _count(self._waiting, channel, -1)
            _count(self._listening, real, -1)
            self._read_at[channel] = time.monotonic()
        return message

    def _inbox_of(self, channel: str) -> asyncio.Queue:
        inbox = self._inbox.get(channel)
        if inbox is None:
            inbox = self._inbox[channel] = BoundedQueue(self.get_capacity(channel))
            self._read_at[channel] = time.monotonic()
        return inbox

    def _reader_start(self, real: str) -> None:
        """The reader of the process's queue ``real`` (``specific.<prefix>!``, or the
        health check's) on this loop, started when there is none."""
        loop = asyncio.get_running_loop()
        reader = self._readers.get((loop, real))
        if reader is None or reader.done():
            for old in [key for key, task in self._readers.items() if task.done()]:
                del self._readers[old]
            self._readers[loop, real] = loop.create_task(self._read(real))

    async def _read(self, real: str) -> None:
        """The process's one reader: every waiting message in one read, else a blocking
        pop; each message put in the inbox of each connection it is for."""
        key = self.prefix + real
        index = self.consistent_hash(real)
        while True:
            try:
                connection = self.connection(index)
                popped = await connection.zpopmin(key, RECEIVE_BATCH)
                if not popped:
                    got = await connection.bzpopmin(key, timeout=self.brpop_timeout)
                    popped = [(got[1], got[2])] if got is not None else []
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - Redis away: try again, as the library does
                if asyncio.current_task().cancelling():  # the client made it an error
                    raise asyncio.CancelledError from None
                logger.exception("reading channel %s", real)
                await asyncio.sleep(1)
                continue
            for member, _score in popped:
                message = self.deserialize(member)
                channels = message.pop("__asgi_channel__", real)
                for channel in channels if isinstance(channels, list) else [channels]:
                    self._inbox_of(channel).put_nowait(message)
            self._inboxes_sweep()
            if not popped and real not in self._listening:  # nobody listens: the next starts it
                return

    async def flush(self) -> None:
        """The library's flush, this loop's reader stopped first (its pool is closed)."""
        loop = asyncio.get_running_loop()
        for key in [key for key in self._readers if key[0] is loop]:
            reader = self._readers.pop(key)
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await reader
        self._inbox.clear()
        self._read_at.clear()
        await super().flush()

    def _inboxes_sweep(self) -> None:
        """Drop the inboxes nobody has read for the message expiry (their connection
        closed): their messages would have expired in Redis too."""
        now = time.monotonic()
        if now - self._inbox_swept < self.expiry:
            return
        self._inbox_swept = now
        for channel in [c for c, at in self._read_at.items() if now - at > self.expiry]:
            if channel not in self._waiting:
                self._inbox.pop(channel, None)
                self._read_at.pop(channel, None)

    async def group_send(self, group, message) -> None:
        assert self.require_valid_group_name(group), "Group name not valid"
        key = self._group_key(group)
        connection = self.connection(self.consistent_hash(group))
        now = time.time()
        if now - self._swept.get(group, 0.0) >= GROUP_SWEEP_SECONDS:
            if len(self._swept) > 10_000:  # forget groups long quiet
                fresh = {g: t for g, t in self._swept.items() if now - t < GROUP_SWEEP_SECONDS}
                self._swept = fresh
            self._swept[group] = now
            await connection.zremrangebyscore(key, min=0, max=int(now) - self.group_expiry)
        names = [member.decode("utf8") for member in await connection.zrange(key, 0, -1)]
        by_connection, messages, capacities = self._map_channel_keys_to_connection(names, message)
        for index, keys in by_connection.items():
            args = [messages[k] for k in keys] + [capacities[k] for k in keys]
            over = await self.connection(index).eval(
                _GROUP_SEND_LUA, len(keys), *keys, *args, now, int(self.expiry)
            )
            if over:
                logger.info("%s of %s channels over capacity in group %s", over, len(names), group)
