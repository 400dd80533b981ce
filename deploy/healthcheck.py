"""Container health probe: exit 0 when gunicorn's /health/ answers 200.

It asks gunicorn directly (plain HTTP, exempt from the HTTPS redirect) with a Host that
DJANGO_ALLOWED_HOSTS accepts.
"""

import os
import sys
import urllib.request

host = os.environ.get("DJANGO_ALLOWED_HOSTS", "localhost").split(",")[0].strip()
host = "localhost" if host in ("", "*") else host.lstrip(".")
request = urllib.request.Request("http://127.0.0.1:8000/health/", headers={"Host": host})
try:
    with urllib.request.urlopen(request, timeout=5) as response:
        sys.exit(0 if response.status == 200 else 1)
except Exception as exc:  # noqa: BLE001 - any failure is "unhealthy"
    print(f"unhealthy: {exc}", file=sys.stderr)
    sys.exit(1)
