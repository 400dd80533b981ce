from django.conf import settings
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularRedocView

from accounts.views import language_set
from config.docs import redoc_bundle_view
from config.schema import SchemaView
from tournaments.views_health import health

urlpatterns = [
    path("admin/", admin.site.urls),
    path("health/", health, name="health"),
    # Django's set_language, which also keeps a signed-in player's choice for emails
    path("i18n/setlang/", language_set, name="set_language"),
    path("accounts/", include("accounts.urls")),
    path("api/", include("config.api_urls")),
    path("api/schema/", SchemaView.as_view(), name="schema"),
    path("api/docs/", SpectacularRedocView.as_view(url_name="schema"), name="api-docs"),
    # REDOC_DIST + "/bundles/redoc.standalone.js": the sidecar's Redoc, without its CDN logo
    path("api/docs/redoc/bundles/redoc.standalone.js", redoc_bundle_view, name="api-docs-redoc"),
    path("ladders/", include("ladders.urls")),
    path("", include("online.urls")),
    path("", include("robots.urls")),
    path("", include("practice.urls")),
    path("", include("fairplay.urls")),
    path("", include("ratings.urls")),
    path("", include("tournaments.urls")),
]

# Under /api/ these answer JSON in the API's error shape (tournaments.api.errors); an
# unknown /api/... URL is a JSON 404. Elsewhere they are Django's pages (templates/4xx).
handler400 = "tournaments.api.errors.bad_request"
handler403 = "tournaments.api.errors.permission_denied"
handler404 = "tournaments.api.errors.page_not_found"

if settings.DEBUG:
    from django.contrib.staticfiles.urls import staticfiles_urlpatterns

    urlpatterns += staticfiles_urlpatterns()
