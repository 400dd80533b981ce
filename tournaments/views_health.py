"""``/health/``: whether the services the site needs answer, and when the scheduler ran.

Each component gets a status. The database, and Redis wherever it is configured (the
cache, the Celery broker and online play's channel layer), are required: when one is
down the answer is 503, so a load balancer or an orchestrator takes this process out of
service. The scheduler (beat, or the in-process clock) is reported but not required: a
stale clock is not something restarting the web process would fix.
"""

from __future__ import annotations

from functools import lru_cache

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import JsonResponse
from django.utils import timezone

from .models import SchedulerTick

REDIS_TIMEOUT = 2.0


def _database() -> dict:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception as exc:  # noqa: BLE001 - any failure means "down"
        return {"status": "down", "required": True, "error": type(exc).__name__}
    return {"status": "ok", "required": True, "vendor": connection.vendor}


def _cache() -> dict:
    backend = settings.CACHES["default"]["BACKEND"]
    if not backend.endswith("RedisCache"):
        return {"status": "ok", "required": False, "backend": "local"}
    try:
        cache.set("health:ping", "pong", timeout=10)
        if cache.get("health:ping") != "pong":
            raise RuntimeError("read back a different value")
    except Exception as exc:  # noqa: BLE001
        return {"status": "down", "required": True, "backend": "redis", "error": _name(exc)}
    return {"status": "ok", "required": True, "backend": "redis"}


def _broker() -> dict:
    url = settings.CELERY_BROKER_URL
    if url.startswith("memory://"):
        return {"status": "ok", "required": False, "backend": "in-process"}
    if not url.startswith(("redis://", "rediss://")):
        return {"status": "unchecked", "required": False, "backend": url.split(":", 1)[0]}
    try:
        _redis(url).ping()
    except Exception as exc:  # noqa: BLE001
        return {"status": "down", "required": True, "backend": "redis", "error": _name(exc)}
    return {"status": "ok", "required": True, "backend": "redis"}


def _channel_layer() -> dict:
    """Online play's channel layer: a message sent to a channel comes back (Redis), or
    the in-memory layer of a single process (the demo)."""
    from asgiref.sync import async_to_sync
    from channels.layers import get_channel_layer
    from channels_redis.core import RedisChannelLayer
    from django.utils.module_loading import import_string

    backend = settings.CHANNEL_LAYERS["default"]["BACKEND"]
    if not issubclass(import_string(backend), RedisChannelLayer):
        return {"status": "ok", "required": False, "backend": "in-memory"}

    async def round_trip(layer) -> None:
        import asyncio

        channel = await layer.new_channel("health.")
        await asyncio.wait_for(layer.send(channel, {"type": "health.ping"}), REDIS_TIMEOUT)
        message = await asyncio.wait_for(layer.receive(channel), REDIS_TIMEOUT)
        if message.get("type") != "health.ping":
            raise RuntimeError("read back a different message")

    try:
        async_to_sync(round_trip)(get_channel_layer())
    except Exception as exc:  # noqa: BLE001
        return {"status": "down", "required": True, "backend": "redis", "error": _name(exc)}
    return {"status": "ok", "required": True, "backend": "redis"}


@lru_cache(maxsize=8)
def _redis(url: str):
    """One client (and connection pool) per broker URL for the process, not per probe."""
    import redis

    return redis.Redis.from_url(
        url, socket_connect_timeout=REDIS_TIMEOUT, socket_timeout=REDIS_TIMEOUT
    )


def _name(exc: Exception) -> str:
    return type(exc).__name__


def _scheduler(now) -> tuple[dict, dict]:
    try:
        ticks = {
            t.name: {
                "last_run_at": t.last_run_at.isoformat(),
                "seconds_ago": round((now - t.last_run_at).total_seconds(), 1),
                "runs": t.runs,
                "transitions": t.transitions,
            }
            for t in SchedulerTick.objects.all()
        }
    except Exception as exc:  # noqa: BLE001 - the database check reports the cause
        return {"status": "unknown", "required": False, "error": _name(exc)}, {}
    limit = max(60.0, settings.SCHEDULER_TICK_SECONDS * 6)
    fresh = any(t["seconds_ago"] <= limit for t in ticks.values())
    return {"status": "ok" if fresh else "stale", "required": False}, ticks


def health(request):
    now = timezone.now()
    components = {
        "database": _database(),
        "cache": _cache(),
        "broker": _broker(),
        "channel_layer": _channel_layer(),
    }
    components["scheduler"], ticks = _scheduler(now)
    down = [n for n, c in components.items() if c["required"] and c["status"] != "ok"]
    body = {
        "status": "down" if down else "ok",
        **{name: c["status"] for name, c in components.items()},
        "ticks": ticks,
        "components": components,
    }
    response = JsonResponse(body, status=503 if down else 200)
    response["Cache-Control"] = "no-store"
    return response
