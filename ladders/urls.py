from django.urls import path

from . import views

app_name = "ladders"

urlpatterns = [
    path("", views.ladder_list, name="list"),
    path("new/", views.ladder_create, name="create"),
    path("<int:ladder_id>/", views.ladder_detail, name="detail"),
    path("<int:ladder_id>/challenges/", views.challenge_list, name="challenges"),
    path("<int:ladder_id>/teams/<int:team_id>/", views.team_history, name="team_history"),
    path("<int:ladder_id>/challenge/", views.challenge_issue, name="issue"),
    path("challenges/<int:challenge_id>/accept/", views.challenge_accept, name="accept"),
    path("challenges/<int:challenge_id>/decline/", views.challenge_decline, name="decline"),
    path("<int:ladder_id>/director/", views.director, name="director"),
    path("<int:ladder_id>/director/settings/", views.director_settings, name="settings"),
    path("<int:ladder_id>/director/add/", views.director_team_add, name="team_add"),
    path("<int:ladder_id>/director/remove/", views.director_team_remove, name="team_remove"),
    path("<int:ladder_id>/director/position/", views.director_position, name="position"),
    path("challenges/<int:challenge_id>/cancel/", views.director_cancel, name="cancel"),
    path("challenges/<int:challenge_id>/decide/", views.director_decide, name="decide"),
]
