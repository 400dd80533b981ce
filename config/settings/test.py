"""Test settings: the same as base, faster hashing; services from the environment."""

from .base import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
DEBUG = False
REQUIRE_SERVICES = env.bool("REQUIRE_SERVICES", default=False)  # noqa: F405

# A lock taken out of the one order raises (tournaments/lock_order.py).
LOCK_ORDER_CHECK = True

# Tasks run in-process inside tests; the live-services tests start a real worker instead.
CELERY_TASK_ALWAYS_EAGER = True

# Every read of a live match state asks the cache (a test sees a change at once).
LIVE_STATE_LOCAL_SECONDS = 0

# The opening leads of a finished event are solved by the worker (DDS, tens of ms a
# lead); the tests of the analysis call the service themselves.
RATE_ANALYSE_LEADS_ON_FINISH = False

# Every card of a board is solved at its end (DDS, about 0.1 s a board); the tests of
# the analysis turn it on.
ANALYSE_BOARDS_ON_END = False

# No heartbeat task in the tests' event loops: a test beats a process itself
# (online.presence.process_beat).
ONLINE_HEARTBEAT_SECONDS = 0

# Robots decide fast in the tests (docs/rules.md § Robots: 1 s and 24 layouts by default).
ROBOT_BUDGET = 0.2
ROBOT_SAMPLES = 4
# ... and right after the commit of the change that woke them, in the same thread.
ROBOTS_IN_THREAD = False
# No clock thread in the tests' servers: a test ticks the clock itself (tournaments.clock).
CLOCK_IN_SERVER = False
