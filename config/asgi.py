"""The ASGI application: HTTP through Django, WebSockets of online play through Channels
(docs/online-play.md). ``manage.py runserver`` (daphne) serves both from one process;
production runs it under the ASGI server of deploy/ beside gunicorn."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")
django_application = get_asgi_application()  # sets Django up before the imports below

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from online.routing import websocket_urlpatterns  # noqa: E402
from online.ws_auth import TokenAuthMiddleware  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_application,
        # the session cookie, or ?token=<API token> (a script, a robot)
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(TokenAuthMiddleware(URLRouter(websocket_urlpatterns)))
        ),
    }
)
