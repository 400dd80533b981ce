"""The ASGI application: HTTP through Django, WebSockets of online play and the practice
table through Channels (docs/online-play.md). ``manage.py runserver`` (daphne) serves
both from one process; production runs it under the ASGI server of deploy/ beside gunicorn.

The embedded default (``make demo``: no broker, no Redis) runs its round clock in this
process (``CLOCK_IN_SERVER``, tournaments.clock), so that the clock's changes reach the
open tables through the process's own channel layer."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")
django_application = get_asgi_application()  # sets Django up before the imports below

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.conf import settings  # noqa: E402

from online.routing import websocket_urlpatterns  # noqa: E402
from online.ws_auth import TokenAuthMiddleware  # noqa: E402
from practice.routing import websocket_urlpatterns as practice_websockets  # noqa: E402
from tournaments.clock import clock_start  # noqa: E402

WEBSOCKETS = [*websocket_urlpatterns, *practice_websockets]

application = ProtocolTypeRouter(
    {
        "http": django_application,
        # the session cookie, or ?token=<API token> (a script, a robot)
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(TokenAuthMiddleware(URLRouter(WEBSOCKETS)))
        ),
    }
)

if settings.CLOCK_IN_SERVER:
    clock_start()
