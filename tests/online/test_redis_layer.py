"""The channel layer of online play with Redis (``online.layers.RedisTableLayer``): a
table's change sent to its group reaches every connection in every process once, a
connection that left hears nothing more, and a full connection is skipped, not blocking
the others (docs/benchmarks.md § Online play under load)."""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import async_to_sync

from online.layers import RedisTableLayer


def _layer(url: str, **config) -> RedisTableLayer:
    return RedisTableLayer(hosts=[url], prefix="test-table-layer", **config)


def test_a_change_reaches_every_seat_of_both_processes_once(redis_url) -> None:
    async def run():
        one, two = _layer(redis_url), _layer(redis_url)  # two server processes
        seats = [await one.new_channel(), await one.new_channel(), await two.new_channel()]
        for channel in seats:
            await (one if channel in seats[:2] else two).group_add("table-1", channel)
        gone = await two.new_channel()
        await two.group_add("table-1", gone)
        await two.group_discard("table-1", gone)
        for version in (1, 2):
            await one.group_send("table-1", {"type": "table.state", "version": version})
        heard = []
        for channel in seats:
            layer = one if channel in seats[:2] else two
            heard.append([(await layer.receive(channel))["version"] for _ in range(2)])
        with pytest.raises(asyncio.TimeoutError):
            await asyncio.wait_for(two.receive(gone), 0.3)
        for channel in seats:
            layer = one if channel in seats[:2] else two
            with pytest.raises(asyncio.TimeoutError):
                await asyncio.wait_for(layer.receive(channel), 0.2)
        await one.flush()
        return heard

    assert async_to_sync(run)() == [[1, 2], [1, 2], [1, 2]]


def test_a_full_connection_is_skipped_and_the_others_still_hear(redis_url) -> None:
    async def run():
        sender = _layer(redis_url, capacity=2)  # two messages waiting fill a connection
        slow, quick = _layer(redis_url), _layer(redis_url)
        stuck, listening = await slow.new_channel(), await quick.new_channel()
        await sender.group_add("table-2", stuck)
        await sender.group_add("table-2", listening)
        got = []
        for version in range(1, 7):
            await sender.group_send("table-2", {"type": "table.state", "version": version})
            got.append((await quick.receive(listening))["version"])
        kept = [(await slow.receive(stuck))["version"] for _ in range(2)]
        with pytest.raises(asyncio.TimeoutError):
            await asyncio.wait_for(slow.receive(stuck), 0.3)
        await sender.flush()
        return got, kept

    got, kept = async_to_sync(run)()
    assert got == [1, 2, 3, 4, 5, 6]
    assert kept == [1, 2]  # full from then on: the rest was never queued for it


def test_a_process_s_other_queues_are_read_too(redis_url) -> None:
    """The health check's channel read first in a process (its own queue), the seats'
    channels are still read: each queue of the process has its reader."""

    async def run():
        layer = _layer(redis_url)
        health = await layer.new_channel("health.")
        await layer.send(health, {"type": "health.ping"})
        assert (await layer.receive(health))["type"] == "health.ping"
        seat = await layer.new_channel()
        await layer.group_add("table-3", seat)
        await layer.group_send("table-3", {"type": "table.state", "version": 1})
        message = await asyncio.wait_for(layer.receive(seat), 5)
        await layer.flush()
        return message["version"]

    assert async_to_sync(run)() == 1
