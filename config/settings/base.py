"""Settings shared by every environment, read from the environment (12-factor).

With no environment at all this is the embedded default: a SQLite file in the project,
Celery tasks run in-process (eagerly) and a local-memory cache.
"""

from datetime import timedelta
from pathlib import Path

import environ
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent.parent

env = environ.Env()

DEBUG = env.bool("DJANGO_DEBUG", default=True)
SECRET_KEY = env(
    "DJANGO_SECRET_KEY",
    default="dev-only-insecure-key-change-me-0123456789abcdefghijklmnopqrstuvwxyz",
)
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver"])

INSTALLED_APPS = [
    # first: `manage.py runserver` (`make demo`) serves HTTP and WebSockets from one
    # ASGI process (docs/online-play.md)
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "knox",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Redoc served from our static files: /api/docs/ works offline
    "axes",
    "accounts",
    "tournaments",
    "ratings",
    "ladders",
    "online",
    "robots",
    "practice",
    "analysis",
    "fairplay",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # last: turns a locked-out login into the lockout answer (accounts.throttle)
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
# Persistent connections: a new PostgreSQL connection per request cost about 10 ms of
# every result entry (python -m bench load). The health check drops a connection the
# server closed before the request reuses it.
DATABASES["default"]["CONN_MAX_AGE"] = env.int("DB_CONN_MAX_AGE", default=60)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = env.bool("DB_CONN_HEALTH_CHECKS", default=True)
# Check that every job takes its row locks in the one order (tournaments/lock_order.py,
# docs/rules.md § Concurrency): on in the tests, off (no cost) in production.
LOCK_ORDER_CHECK = env.bool("LOCK_ORDER_CHECK", default=False)
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The embedded default's threads (requests, the clock, robots) write one at a time
    # and never fail on a busy database: a transaction takes the write lock when it
    # begins (IMMEDIATE: a reader that would write later cannot deadlock another, which
    # SQLite answers at once with "database is locked"), a writer waits up to the
    # timeout, and readers never wait for a writer (WAL).
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "timeout": 30,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "accounts.User"
# The login throttle (django-axes) first: it refuses a locked-out login before the password
# is checked. The rule is in accounts/throttle.py and docs/operations.md § Security.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False  # the lockout ends 15 minutes on
AXES_LOCKOUT_CALLABLE = "accounts.throttle.lockout_response"
AXES_CLIENT_IP_CALLABLE = "accounts.throttle.client_ip"
# Reverse proxies in front of the site whose X-Forwarded-For is trusted (1 behind the
# nginx of deploy/); 0 trusts none: the address is REMOTE_ADDR.
TRUSTED_PROXY_COUNT = env.int("DJANGO_TRUSTED_PROXY_COUNT", default=0)
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "tournaments:event_list"
LOGOUT_REDIRECT_URL = "tournaments:event_list"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("zh-hans", _("Simplified Chinese"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env("DJANGO_TIME_ZONE", default="UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# The largest request body (not counting uploaded files) Django and the API's JSON parser
# read: Django's default, 2.5 MB; a PBN file sent as JSON text is at most 2 MB.
DATA_UPLOAD_MAX_MEMORY_SIZE = env.int("DJANGO_DATA_UPLOAD_MAX_MEMORY_SIZE", default=2_621_440)

REDIS_URL = env("REDIS_URL", default="")
if REDIS_URL:
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Online play's channel layer (docs/online-play.md): each table's connections form a
# group; with Redis a message sent by a player connected to one ASGI process reaches
# the seats connected to another. With no REDIS_URL (the demo, the tests) one process
# serves everything, its clock and robots included (CLOCK_IN_SERVER), and the in-memory
# layer is enough: online.layers hands a change made on any thread to the server's loop.
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "online.layers.RedisTableLayer",
            "CONFIG": {
                # A connection waits for its next message in a blocking pop of
                # ``brpop_timeout`` (5 s); the Redis client's own read timeout (5 s by
                # default) must be longer, or a seat whose table is quiet for 5 s loses
                # its WebSocket (``python -m bench play`` measured it).
                # Its pool of Redis connections per process: redis-py's default of 100
                # ran out under 2,000 connections a process (MaxConnectionsError, the
                # bench's actions never answered).
                "hosts": [
                    {
                        "address": REDIS_URL,
                        "socket_timeout": 15,
                        "max_connections": env.int("CHANNEL_LAYER_MAX_CONNECTIONS", default=1000),
                    }
                ],
                "capacity": 1500,
                "expiry": 30,
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "online.layers.ServerChannelLayer"}}
# A WebSocket message's size (bytes) and rate (messages a second per connection).
ONLINE_MESSAGE_MAX_BYTES = env.int("ONLINE_MESSAGE_MAX_BYTES", default=4096)
ONLINE_MESSAGES_PER_SECOND = env.int("ONLINE_MESSAGES_PER_SECOND", default=20)
# How many table sockets one user may hold open on one server process (docs/rules.md).
ONLINE_SOCKETS_PER_USER = env.int("ONLINE_SOCKETS_PER_USER", default=12)
# Presence at the online tables (docs/rules.md § Online play, disconnections): a seat
# gone longer than the grace while its board is in play is disconnected; each ASGI
# process beats every ONLINE_HEARTBEAT_SECONDS and is stopped once it has missed
# ONLINE_PROCESS_TIMEOUT_SECONDS; drops within ONLINE_OUTAGE_WINDOW_SECONDS of a server
# stop or start, or of ONLINE_OUTAGE_MIN_SEATS seats that are ONLINE_OUTAGE_SHARE of the
# seats connected, are an outage and cost nobody anything.
ONLINE_DISCONNECT_GRACE_SECONDS = env.float("ONLINE_DISCONNECT_GRACE_SECONDS", default=60.0)
ONLINE_PRESENCE_CHECK_SECONDS = env.float("ONLINE_PRESENCE_CHECK_SECONDS", default=10.0)
ONLINE_HEARTBEAT_SECONDS = env.float("ONLINE_HEARTBEAT_SECONDS", default=10.0)
ONLINE_PROCESS_TIMEOUT_SECONDS = env.float("ONLINE_PROCESS_TIMEOUT_SECONDS", default=30.0)
ONLINE_OUTAGE_WINDOW_SECONDS = env.float("ONLINE_OUTAGE_WINDOW_SECONDS", default=10.0)
ONLINE_RESTART_SECONDS = env.float("ONLINE_RESTART_SECONDS", default=60.0)
ONLINE_OUTAGE_MIN_SEATS = env.int("ONLINE_OUTAGE_MIN_SEATS", default=4)
ONLINE_OUTAGE_SHARE = env.float("ONLINE_OUTAGE_SHARE", default=0.5)
# docs/rules.md § Robots: a table waiting this long on a robot (no worker answered) gets
# the robots' simple legal choice from the watchdog, which beat runs this often.
ROBOT_STALL_SECONDS = env.float("ROBOT_STALL_SECONDS", default=15.0)
ROBOT_WATCHDOG_SECONDS = env.float("ROBOT_WATCHDOG_SECONDS", default=10.0)
# How long a web process reuses a live match state it has read from the cache before it
# asks the cache again (tournaments/formats/teams/live_cache.py): spectators' polls then
# cost no cache round trip; a new state is served at most this much later. 0: always ask.
LIVE_STATE_LOCAL_SECONDS = env.float("LIVE_STATE_LOCAL_SECONDS", default=0.25)

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "knox.auth.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PARSER_CLASSES": [
        "tournaments.api.parsers.JSONParser",  # bounded size and nesting depth
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.LimitOffsetPagination",
    "PAGE_SIZE": 100,
    "EXCEPTION_HANDLER": "tournaments.api.errors.exception_handler",
}
# API tokens (django-rest-knox): stored hashed, they expire; logout revokes them.
REST_KNOX = {
    "TOKEN_TTL": timedelta(hours=env.int("API_TOKEN_TTL_HOURS", default=10)),
    "AUTH_HEADER_PREFIX": "Token",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Bridgehall API",
    "DESCRIPTION": "Duplicate bridge events: registration, seating, results, standings.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # /api/docs/ loads Redoc from the site, never from a CDN: the sidecar's bundle, served
    # by config/docs.py without the logo it would fetch from Redocly's CDN
    "REDOC_DIST": "/api/docs/redoc",
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    # A side, a direction and a Mitchell's field are the same two values: one enum.
    # the director's adjusted score for each side (online console): one name for both
    "ENUM_NAME_OVERRIDES": {
        "SideEnum": ["NS", "EW"],
        "AdjustmentEnum": ["A+", "A=", "A-"],
        "TablePhaseEnum": ["auction", "play", "over"],
        "ConsolePhaseEnum": ["waiting", "auction", "play", "claim", "over", "done"],
    },
}

# Celery: with no broker the tasks run in-process, eagerly (the embedded default).
CELERY_BROKER_URL = env("CELERY_BROKER_URL", default="") or "memory://"
CELERY_TASK_ALWAYS_EAGER = CELERY_BROKER_URL == "memory://"
# With in-process tasks (the demo), robots play in a thread of their own, so that a
# player's page never waits for them (docs/rules.md § Robots); production: the workers.
ROBOTS_IN_THREAD = CELERY_TASK_ALWAYS_EAGER
# With in-process tasks the round clock runs in the server process too (tournaments.clock,
# started by config/asgi.py): every change it makes reaches the open tables through the
# one process's channel layer. Production: Celery beat (CLOCK_IN_SERVER is off).
CLOCK_IN_SERVER = env.bool("CLOCK_IN_SERVER", default=CELERY_TASK_ALWAYS_EAGER)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_RESULT_BACKEND = None
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = TIME_ZONE
SCHEDULER_TICK_SECONDS = env.float("SCHEDULER_TICK_SECONDS", default=5.0)
# Ladder notices (docs/rules.md § Ladder). The console by default; tests use memory.
EMAIL_BACKEND = env(
    "DJANGO_EMAIL_BACKEND", default="django.core.mail.backends.console.EmailBackend"
)
EMAIL_HOST = env("DJANGO_EMAIL_HOST", default="localhost")
EMAIL_PORT = env.int("DJANGO_EMAIL_PORT", default=25)
DEFAULT_FROM_EMAIL = env("DJANGO_DEFAULT_FROM_EMAIL", default="Bridgehall <noreply@localhost>")

# The whole-field Rate (docs/rules.md § The Rate); the defaults are the rules' own.
RATE_START = env.float("RATE_START", default=50.0)  # a new player's Rate
RATE_P_SCALE = env.float("RATE_P_SCALE", default=6.0)  # p = 50 + 50·tanh(XIMP / scale)
RATE_FADE = env.float("RATE_FADE", default=0.9)  # W <- fade·(W + boards of the week)
RATE_DISCONNECT_POINTS = env.float("RATE_DISCONNECT_POINTS", default=-16.0)
# docs/rules.md § Robots: a board a robot substitute played in a player's seat does not
# count for that player's Rate unless this is on.
RATE_SUBSTITUTED_BOARDS_COUNT = env.bool("RATE_SUBSTITUTED_BOARDS_COUNT", default=False)
RATE_DISCONNECT_BOARD_RATE = env.float("RATE_DISCONNECT_BOARD_RATE", default=0.0)
RATE_DISCONNECT_HCP_PAR = env.float("RATE_DISCONNECT_HCP_PAR", default=-20.0)
# Weeks are ISO weeks (Monday 00:00) in this zone.
RATE_TIME_ZONE = env("RATE_TIME_ZONE", default=TIME_ZONE)
# How often beat refreshes this week's points (seconds) and looks for a week to rate.
RATE_WEEKLY_POINTS_SECONDS = env.float("RATE_WEEKLY_POINTS_SECONDS", default=60.0)
# A finished event's opening leads are solved against double dummy by the worker.
RATE_ANALYSE_LEADS_ON_FINISH = env.bool("RATE_ANALYSE_LEADS_ON_FINISH", default=True)
# A board that ends with its play (online, practice, the pool, a file) has every card
# analysed double dummy by the worker (docs/rules.md § The analysis of the play).
ANALYSE_BOARDS_ON_END = env.bool("ANALYSE_BOARDS_ON_END", default=True)
# The fair-play screen (docs/rules.md § Accuracy and fair play): the boards a pair needs
# before its figures are shown, and the p-value below which a pair is flagged unless
# the director sets another.
FAIRPLAY_MIN_BOARDS = env.int("FAIRPLAY_MIN_BOARDS", default=30)
FAIRPLAY_THRESHOLD = env.float("FAIRPLAY_THRESHOLD", default=0.01)

CELERY_BEAT_SCHEDULE = {
    "refresh-weekly-points": {
        "task": "ratings.tasks.refresh_weekly_points",
        "schedule": timedelta(seconds=RATE_WEEKLY_POINTS_SECONDS),
        "options": {"expires": RATE_WEEKLY_POINTS_SECONDS},
    },
    "rate-last-week": {
        "task": "ratings.tasks.rate_last_week",
        "schedule": timedelta(minutes=10),
        "options": {"expires": 5 * 60},
    },
    "advance-due-events": {
        "task": "tournaments.tasks.advance_due_events",
        "schedule": timedelta(seconds=SCHEDULER_TICK_SECONDS),
        "options": {"expires": SCHEDULER_TICK_SECONDS * 2},
    },
    "enforce-ladder-deadlines": {
        "task": "ladders.tasks.enforce_ladder_deadlines",
        "schedule": timedelta(minutes=1),
        "options": {"expires": 50},
    },
    "check-online-presence": {
        "task": "online.tasks.check_presence",
        "schedule": timedelta(seconds=ONLINE_PRESENCE_CHECK_SECONDS),
        "options": {"expires": ONLINE_PRESENCE_CHECK_SECONDS},
    },
    "robot-substitutes": {
        "task": "robots.tasks.auto_substitutes",
        "schedule": timedelta(seconds=ONLINE_PRESENCE_CHECK_SECONDS),
        "options": {"expires": ONLINE_PRESENCE_CHECK_SECONDS},
    },
    "robot-watchdog": {
        "task": "robots.tasks.robots_watchdog",
        "schedule": timedelta(seconds=ROBOT_WATCHDOG_SECONDS),
        "options": {"expires": ROBOT_WATCHDOG_SECONDS},
    },
    "warn-online-tables": {
        "task": "online.tasks.warn_online_tables",
        "schedule": timedelta(seconds=20),
        "options": {"expires": 15},
    },
    "expire-idempotency-keys": {
        "task": "tournaments.tasks.expire_idempotency_keys",
        "schedule": timedelta(hours=1),
        "options": {"expires": 30 * 60},
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("DJANGO_LOG_LEVEL", default="WARNING")},
    # The in-process "memory://" broker has no host; kombu warns about it on every task.
    "loggers": {"kombu.connection": {"level": "ERROR"}},
}

# Email (docs/operations.md § Email): the console backend (the demo prints emails on the terminal)
# unless EMAIL_HOST names an SMTP server.
EMAIL_HOST = env("EMAIL_HOST", default="")
EMAIL_PORT = env.int("EMAIL_PORT", default=587)
EMAIL_HOST_USER = env("EMAIL_HOST_USER", default="")
EMAIL_HOST_PASSWORD = env("EMAIL_HOST_PASSWORD", default="")
EMAIL_USE_TLS = env.bool("EMAIL_USE_TLS", default=True)
EMAIL_USE_SSL = env.bool("EMAIL_USE_SSL", default=False)
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=20)
EMAIL_BACKEND = env(
    "EMAIL_BACKEND",
    default="django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend",
)
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="Bridgehall <noreply@bridgehall.local>")
# Where the links in emails point (no request to build them from): every email that links
# to the site builds its links from it (tournaments.services.mail.site_url). The demo's
# default follows the port it serves on (`make demo PORT=8080` sets it); production
# derives it from its host name (config/settings/production.py).
SITE_URL = env("SITE_URL", default="http://127.0.0.1:8000")
