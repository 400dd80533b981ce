"""``/health/``: every component's status, and 503 when a required one is down."""

from __future__ import annotations

import socket

import pytest
from django.db import OperationalError, connections
from django.test import override_settings

from tournaments.services import schedule

pytestmark = pytest.mark.django_db

REDIS_CACHE = "django.core.cache.backends.redis.RedisCache"


def closed_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def redis_cache(url: str) -> dict:
    return {"default": {"BACKEND": REDIS_CACHE, "LOCATION": url}}


@override_settings(
    CACHES={"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}},
    CELERY_BROKER_URL="memory://",
)
def test_embedded_set_up_is_healthy(client):
    schedule.events_advance(name="beat")
    response = client.get("/health/")
    body = response.json()
    assert response.status_code == 200
    assert body["status"] == "ok"
    # The fields that existed before the components were added keep their meaning.
    assert body["database"] == "ok" and body["scheduler"] == "ok"
    assert body["ticks"]["beat"]["runs"] == 1
    assert body["components"]["cache"] == {"status": "ok", "required": False, "backend": "local"}
    assert body["components"]["broker"]["backend"] == "in-process"
    assert response["Cache-Control"] == "no-store"


def test_stale_scheduler_is_reported_but_not_fatal(client):
    body = client.get("/health/").json()
    assert body["scheduler"] == "stale"
    assert body["components"]["scheduler"]["required"] is False


def test_redis_up(client, redis_url):
    with override_settings(CACHES=redis_cache(redis_url), CELERY_BROKER_URL=redis_url):
        response = client.get("/health/")
    body = response.json()
    assert response.status_code == 200, body
    assert body["status"] == "ok"
    assert body["cache"] == "ok" and body["broker"] == "ok" and body["database"] == "ok"
    assert body["components"]["cache"] == {"status": "ok", "required": True, "backend": "redis"}
    assert body["components"]["broker"] == {"status": "ok", "required": True, "backend": "redis"}


def test_cache_redis_down_is_503(client):
    with override_settings(CACHES=redis_cache(f"redis://127.0.0.1:{closed_port()}/0")):
        response = client.get("/health/")
    body = response.json()
    assert response.status_code == 503
    assert body["status"] == "down"
    assert body["cache"] == "down" and body["database"] == "ok"
    assert body["components"]["cache"]["error"] == "ConnectionError"


def test_broker_redis_down_is_503(client):
    with override_settings(CELERY_BROKER_URL=f"redis://127.0.0.1:{closed_port()}/0"):
        response = client.get("/health/")
    body = response.json()
    assert response.status_code == 503
    assert body["broker"] == "down" and body["database"] == "ok"


def test_database_down_is_503(client, monkeypatch):
    def refuse():
        raise OperationalError("connection refused")

    monkeypatch.setattr(connections["default"], "cursor", refuse)
    response = client.get("/health/")
    body = response.json()
    assert response.status_code == 503
    assert body["status"] == "down"
    assert body["database"] == "down" and body["scheduler"] == "unknown"
    assert body["components"]["database"]["error"] == "OperationalError"


def redis_channel_layer(url: str) -> dict:
    return {"default": {"BACKEND": "online.layers.RedisTableLayer",
                        "CONFIG": {"hosts": [url]}}}  # fmt: skip


def test_online_play_s_channel_layer_is_reported(client, redis_url):
    in_memory = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    with override_settings(CHANNEL_LAYERS=in_memory):
        body = client.get("/health/").json()
    assert body["components"]["channel_layer"] == {
        "status": "ok", "required": False, "backend": "in-memory"
    }  # fmt: skip
    with override_settings(CHANNEL_LAYERS=redis_channel_layer(redis_url)):
        response = client.get("/health/")
    body = response.json()
    assert body["channel_layer"] == "ok", body
    assert body["components"]["channel_layer"]["backend"] == "redis"


def test_channel_layer_redis_down_is_503(client):
    url = f"redis://127.0.0.1:{closed_port()}/0"
    with override_settings(CHANNEL_LAYERS=redis_channel_layer(url)):
        response = client.get("/health/")
    body = response.json()
    assert response.status_code == 503
    assert body["channel_layer"] == "down" and body["database"] == "ok"
