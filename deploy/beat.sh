#!/usr/bin/env sh
# Celery beat: sends the round scheduler's tick every SCHEDULER_TICK_SECONDS.
# Run EXACTLY ONE beat for the whole site. Each beat sends its own ticks, so two beats
# double the scheduler's load and their ticks race for the same events' locks; the tick
# is idempotent (every transition happens once), so a second beat by mistake does no
# harm to results, but it is never a way to scale. Scale workers instead.
set -e
exec celery -A config beat -l info --schedule "${BEAT_SCHEDULE_FILE:-/tmp/celerybeat-schedule}"
