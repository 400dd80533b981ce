from django.urls import include, path

urlpatterns = [
    path("", include("tournaments.api.urls")),
    path("", include("ladders.api_urls")),
    path("", include("ratings.api_urls")),
    path("", include("online.api_urls")),
    path("", include("robots.explain_urls")),
    path("", include("robots.api_urls")),
    path("", include("practice.api_urls")),
    path("", include("fairplay.api_urls")),
]
