from django.urls import include, path

urlpatterns = [
    path("", include("tournaments.api.urls")),
    path("", include("ladders.api_urls")),
]
