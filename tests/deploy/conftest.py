"""Helpers for the tests that run the production set-up: real services, real binaries."""

from __future__ import annotations

import os
import secrets
import shutil
from pathlib import Path
from urllib.parse import quote

import pytest
from django.db import connection

from tests.conftest import REQUIRE_SERVICES
from tests.live.conftest import need_redis

ROOT = Path(__file__).resolve().parents[2]


def need(what: str, ok: bool) -> None:
    """Skip locally, fail in CI (REQUIRE_SERVICES=1), when ``what`` is missing."""
    if not ok:
        if REQUIRE_SERVICES:
            pytest.fail(f"REQUIRE_SERVICES=1 but {what} is missing")
        pytest.skip(f"needs {what}")


def need_binaries(*names: str) -> dict[str, str]:
    found = {name: shutil.which(name) for name in names}
    need(", ".join(n for n, p in found.items() if not p) + " on PATH", all(found.values()))
    return found


def database_url(name: str | None = None) -> str:
    """The test database (or another on the same server) as a DATABASE_URL."""
    db = connection.settings_dict
    auth = quote(db["USER"] or "postgres")
    if db.get("PASSWORD"):
        auth += ":" + quote(db["PASSWORD"])
    host = db.get("HOST") or "127.0.0.1"
    port = db.get("PORT") or "5432"
    return f"postgres://{auth}@{host}:{port}/{name or db['NAME']}"


@pytest.fixture
def redis_urls() -> dict[str, str]:
    """The broker and cache URLs of the environment (Redis), checked to answer."""
    broker = os.environ.get("CELERY_BROKER_URL", "")
    need("CELERY_BROKER_URL=redis://...", broker.startswith("redis://"))
    need_redis(broker)
    urls = {"CELERY_BROKER_URL": broker}
    if os.environ.get("REDIS_URL", "").startswith("redis://"):
        need_redis(os.environ["REDIS_URL"])
        urls["REDIS_URL"] = os.environ["REDIS_URL"]
    return urls


def production_env(**extra: str) -> dict[str, str]:
    """The environment config.settings.production requires, on top of this process's
    (minus its Django and service settings, which the caller gives)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO_", "GUNICORN_")) and k not in ("DATABASE_URL", "REDIS_URL")
    }
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.production",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="bridge.test,127.0.0.1",
        PYTHONUNBUFFERED="1",
    )
    env.update(extra)
    return env
