"""Production: refuses to start without a secret key, a database and a broker.

The site runs behind nginx (deploy/nginx/), which terminates TLS or sits behind another
terminator, and always sets ``X-Forwarded-Proto`` itself; gunicorn is reachable only by
nginx. That is what makes trusting the header (``SECURE_PROXY_SSL_HEADER``) safe.
"""

from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403
from .base import BASE_DIR, CACHES, DATABASES, env

for _name in ("DJANGO_SECRET_KEY", "DATABASE_URL", "CELERY_BROKER_URL"):
    if not env(_name, default=""):
        raise ImproperlyConfigured(f"{_name} must be set in production.")

DEBUG = False
SECRET_KEY = env("DJANGO_SECRET_KEY")
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS")
# The links in emails: SITE_URL, else https:// and the first allowed host that is one
# name (not a wildcard or a ".domain" pattern); never the development address.
_names = [h for h in ALLOWED_HOSTS if h and "*" not in h and not h.startswith(".")]
SITE_URL = env("SITE_URL", default="") or (f"https://{_names[0]}" if _names else "")
if not SITE_URL:
    raise ImproperlyConfigured(
        "SITE_URL must be set in production when DJANGO_ALLOWED_HOSTS names no single host."
    )
CELERY_TASK_ALWAYS_EAGER = False
ROBOTS_IN_THREAD = False
CLOCK_IN_SERVER = False  # Celery beat is the clock

# Keep a connection per worker thread for a minute instead of opening one per request,
# and check it before reuse (a restarted PostgreSQL does not cost one failed request).
DATABASES["default"]["CONN_MAX_AGE"] = env.int("DJANGO_CONN_MAX_AGE", default=60)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
if CACHES["default"]["BACKEND"].endswith("RedisCache"):
    # A Redis that does not answer fails the request (and /health/) in seconds, not never.
    CACHES["default"]["OPTIONS"] = {"socket_connect_timeout": 2, "socket_timeout": 2}

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env.bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
# Probes (compose, systemd, a load balancer) ask gunicorn directly over plain HTTP.
SECURE_REDIRECT_EXEMPT = [r"^health/$"]
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_HSTS_SECONDS = env.int("DJANGO_SECURE_HSTS_SECONDS", default=60 * 60 * 24 * 30)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Where collectstatic writes and whitenoise serves from (the image builds it in /app).
STATIC_ROOT = Path(env("DJANGO_STATIC_ROOT", default=str(BASE_DIR / "staticfiles")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# One JSON object per line on stdout (config/jsonlog.py). Celery must not replace the
# root logger with its own text format, nor turn stdout into a logger (which would loop
# back into this handler); gunicorn's own loggers are set in deploy/gunicorn.conf.py.
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
CELERY_WORKER_REDIRECT_STDOUTS = False
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"json": {"()": "config.jsonlog.JsonFormatter"}},
    "handlers": {
        "stdout": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout",
            "formatter": "json",
        }
    },
    "root": {"handlers": ["stdout"], "level": env("DJANGO_LOG_LEVEL", default="INFO")},
    "loggers": {
        # Django's defaults print to the console only with DEBUG; let them reach the root.
        "django": {"handlers": [], "level": "INFO", "propagate": True},
        "django.server": {"handlers": [], "propagate": True},
        "kombu.connection": {"level": "ERROR"},
    },
}
