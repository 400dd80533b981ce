"""gunicorn settings: ``gunicorn -c deploy/gunicorn.conf.py config.wsgi:application``.

Every value can be changed from the environment without editing this file.
"""

import os

# nginx is the only client: in compose gunicorn is exposed on the internal network only,
# on a machine without containers bind it to loopback (GUNICORN_BIND=127.0.0.1:8000).
bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")

# Processes x threads. The default suits a 2-core box: 2 processes per core, 2 threads
# each, so 8 requests in flight while others wait on PostgreSQL. Scale with WEB_CONCURRENCY
# (or at run time: `kill -TTIN` / `kill -TTOU` the master adds / removes one process).
workers = int(os.environ.get("WEB_CONCURRENCY", "4"))
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", "2"))

# A request that takes longer than this is a bug: the worker is killed and restarted.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
# On SIGTERM (deploy, restart) requests in progress get this long to finish.
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", "30"))
keepalive = 5
# Recycle processes now and then so a slow leak cannot grow without bound.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "2000"))
max_requests_jitter = 200

# The proxy in front sets X-Forwarded-Proto / -For; Django decides on the scheme itself
# (SECURE_PROXY_SSL_HEADER), gunicorn trusts the headers only from these addresses.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")

# No runtime control socket: workers are scaled by WEB_CONCURRENCY or TTIN/TTOU.
control_socket_disable = True

# Logs: one JSON object per line on stdout, access and errors alike (config/jsonlog.py).
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
logconfig_dict = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "json": {"()": "config.jsonlog.JsonFormatter"},
        "access": {"()": "config.jsonlog.GunicornAccessFormatter"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout",
            "formatter": "json",
        },
        "access": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout",
            "formatter": "access",
        },
    },
    "root": {"level": "INFO", "handlers": ["console"]},
    "loggers": {
        "gunicorn.error": {"level": "INFO", "handlers": ["console"], "propagate": False},
        "gunicorn.access": {"level": "INFO", "handlers": ["access"], "propagate": False},
    },
}
