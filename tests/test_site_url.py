"""The links in emails point to the site's configured address (``SITE_URL``): the demo
follows the port it serves on, production its host name, never a fixed 127.0.0.1:8000."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.core import mail
from django.test import override_settings

from ratings.services.standing import tier_change_email_send
from tests.factories import TierChangeFactory, UserFactory
from tournaments import services

ROOT = Path(__file__).resolve().parents[1]
PRODUCTION = {
    "DJANGO_SECRET_KEY": "x" * 50,
    "DATABASE_URL": "postgres://u@localhost/db",
    "CELERY_BROKER_URL": "redis://localhost:6379/0",
}


def production_site_url(**env: str) -> subprocess.CompletedProcess:
    code = "import django; django.setup(); from django.conf import settings as s; print(s.SITE_URL)"
    clean = {k: v for k, v in os.environ.items() if k not in ("SITE_URL", "DJANGO_ALLOWED_HOSTS")}
    clean.update(PRODUCTION, **env, DJANGO_SETTINGS_MODULE="config.settings.production")
    return subprocess.run(
        [sys.executable, "-c", code], env=clean, capture_output=True, text=True, timeout=60,
        cwd=ROOT,
    )  # fmt: skip


def test_production_links_to_its_host_name():
    proc = production_site_url(DJANGO_ALLOWED_HOSTS="bridge.example.org,127.0.0.1")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1] == "https://bridge.example.org"


def test_production_takes_the_configured_site_url():
    proc = production_site_url(
        DJANGO_ALLOWED_HOSTS=".example.org", SITE_URL="https://bridge.example.org:8443"
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1] == "https://bridge.example.org:8443"


def test_production_without_a_host_name_asks_for_the_site_url():
    proc = production_site_url(DJANGO_ALLOWED_HOSTS=".example.org,*")
    assert proc.returncode != 0
    assert "SITE_URL must be set in production" in proc.stderr


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_the_demo_links_to_the_port_it_serves_on():
    def site_url(*args: str) -> str:
        env = {k: v for k, v in os.environ.items() if k != "SITE_URL"}
        rule = 'print-site-url: ; @echo "$$SITE_URL"'
        proc = subprocess.run(
            ["make", "--no-print-directory", f"--eval={rule}", "print-site-url", *args],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert proc.returncode == 0, proc.stderr
        return proc.stdout.strip()

    assert site_url() == "http://127.0.0.1:8000"
    assert site_url("PORT=8080") == "http://127.0.0.1:8080"


@override_settings(SITE_URL="https://bridge.example.org/")
def test_every_email_links_to_the_site_url(make_event, django_capture_on_commit_callbacks):
    event = make_event(pairs=0, name="Club night")
    alice, bob = UserFactory(display_name="Alice"), UserFactory(display_name="Bob")
    with django_capture_on_commit_callbacks(execute=True):
        services.entry_register(event=event, player=alice, partner=bob)
    invitation = mail.outbox[-1]
    link = f"https://bridge.example.org/events/{event.pk}/"
    assert link in invitation.body and link in invitation.alternatives[0][0]
    change = TierChangeFactory(master_points=1, from_tier=0, to_tier=1)
    assert tier_change_email_send(change_id=change.pk)
    tier = mail.outbox[-1]
    assert "https://bridge.example.org/players/" in tier.body
    assert "127.0.0.1" not in tier.body + invitation.body
    # One master point is singular.
    assert "With 1 master point you have reached" in tier.body
