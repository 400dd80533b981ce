#!/usr/bin/env sh
# A Celery worker: round transitions, double-dummy analysis. Run one or more.
set -e
exec celery -A config worker -l info --concurrency "${WORKER_CONCURRENCY:-2}"
