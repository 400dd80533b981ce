#!/usr/bin/env sh
# The web process: gunicorn with deploy/gunicorn.conf.py. Migrations are NOT run here:
# they run once, before the new code serves, as the `migrate` job (compose) or the
# bridgehall-migrate unit (systemd); see docs/operations.md § Production.
set -e
exec gunicorn -c deploy/gunicorn.conf.py config.wsgi:application
