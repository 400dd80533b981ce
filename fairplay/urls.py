from django.urls import path

from . import views

app_name = "fairplay"

urlpatterns = [
    path("fair-play/", views.fair_play_page, name="screen"),
    path("players/<str:username>/accuracy/", views.player_accuracy_page, name="player_accuracy"),
]
