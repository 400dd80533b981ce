from django.urls import path

from . import views

app_name = "ratings"

urlpatterns = [
    path("players/<str:username>/", views.player_detail, name="player_detail"),
    path("players/<str:username>/deduct/", views.player_deduct, name="player_deduct"),
    path("players/<str:username>/analysis/", views.player_analysis_page, name="player_analysis"),
    path("leaderboards/", views.leaderboard, name="leaderboard"),
    path(
        "events/<int:event_id>/pool/disconnection/",
        views.pool_disconnection,
        name="pool_disconnection",
    ),
]
