import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")
django_application = get_wsgi_application()

from tournaments.live_wsgi import LiveSpectatorFastPath  # noqa: E402 (needs Django set up)

# Anonymous spectators' polls of a match's live state are answered from the cache
# before Django's middleware (tournaments/live_wsgi.py); everything else is Django's.
application = LiveSpectatorFastPath(django_application)
