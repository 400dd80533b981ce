"""The project's set-up: services in CI, production settings, the OpenAPI schema."""

import os
import subprocess
import sys

import pytest
from django.conf import settings
from django.db import connection


def test_ci_runs_on_postgresql_and_redis(db):
    if os.environ.get("REQUIRE_SERVICES") != "1":
        pytest.skip("only CI (REQUIRE_SERVICES=1) has to run on the real services")
    assert connection.vendor == "postgresql"
    import redis

    assert settings.CELERY_BROKER_URL.startswith("redis://")
    assert redis.Redis.from_url(settings.CELERY_BROKER_URL).ping()


def _production(env: dict) -> subprocess.CompletedProcess:
    code = "import django; django.setup()"
    clean = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "CELERY_BROKER_URL")}
    clean.update(env, DJANGO_SETTINGS_MODULE="config.settings.production")
    return subprocess.run(
        [sys.executable, "-c", code], env=clean, capture_output=True, text=True, timeout=60
    )


def test_production_refuses_to_start_without_secrets():
    proc = _production({"DJANGO_SECRET_KEY": ""})
    assert proc.returncode != 0
    assert "must be set in production" in proc.stderr


def test_production_starts_with_its_settings():
    proc = _production(
        {
            "DJANGO_SECRET_KEY": "x" * 50,
            "DATABASE_URL": "postgres://u@localhost/db",
            "CELERY_BROKER_URL": "redis://localhost:6379/0",
            "DJANGO_ALLOWED_HOSTS": "bridge.example.org",
        }
    )
    assert proc.returncode == 0, proc.stderr


def test_every_model_change_has_a_migration(db):
    from django.core.management import call_command

    call_command("makemigrations", "--check", "--dry-run", verbosity=0)
