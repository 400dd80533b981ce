#!/usr/bin/env sh
# The web process: migrate, collect static files, serve with gunicorn.
set -e
python manage.py migrate --noinput
python manage.py collectstatic --noinput
exec gunicorn config.wsgi:application --bind 0.0.0.0:8000 --workers "${WEB_CONCURRENCY:-3}" \
  --access-logfile - --timeout 60
