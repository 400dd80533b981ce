"""The robots' pages (``docs/rules.md`` § Robots, *Substitutes*)."""

from django.urls import path

from . import views

app_name = "robots"

urlpatterns = [
    path("robots/system/", views.system_card_page, name="system"),
    path(
        "events/<int:event_id>/tables/<int:table_id>/reclaim/",
        views.reclaim_page,
        name="reclaim",
    ),
]
