#!/usr/bin/env sh
# Celery beat: ticks the round scheduler every SCHEDULER_TICK_SECONDS. A second beat
# by mistake is harmless (every transition happens once), but run one.
set -e
exec celery -A config beat -l info --schedule /tmp/celerybeat-schedule
