#!/usr/bin/env sh
# The release step, run once per deploy before web, worker and beat start on new code:
# apply migrations (and collect static files when they are not baked into an image).
set -e
python manage.py migrate --noinput
if [ "${COLLECTSTATIC:-0}" = "1" ]; then
  python manage.py collectstatic --noinput
fi
