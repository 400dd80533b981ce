"""The channel layer's Redis settings (config/settings/base.py)."""

from __future__ import annotations

import runpy
from pathlib import Path

from channels_redis.core import RedisChannelLayer
from channels_redis.utils import create_pool

BASE = Path(__file__).resolve().parents[2] / "config" / "settings" / "base.py"


def test_a_quiet_table_keeps_its_connections(monkeypatch) -> None:
    """A connection waits for its table's next message in a blocking pop on Redis; the
    client's read must outlast that wait, or the read times out when the table has been
    quiet for a few seconds and the seat's WebSocket is closed (redis-py reads for 5 s
    by default, exactly the pop's wait: half the quiet connections were lost)."""
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:6379/9")
    settings = runpy.run_path(str(BASE))
    config = settings["CHANNEL_LAYERS"]["default"]
    assert config["BACKEND"] == "online.layers.RedisTableLayer"
    for host in config["CONFIG"]["hosts"]:
        pool = create_pool(host if isinstance(host, dict) else {"address": host})
        timeout = pool.connection_class(**pool.connection_kwargs).socket_timeout  # no I/O
        assert timeout is None or timeout > RedisChannelLayer.brpop_timeout + 1
