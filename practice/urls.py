"""The practice pages."""

from django.urls import path

from . import views

app_name = "practice"

urlpatterns = [
    path("practice/", views.practice_home, name="home"),
    path("practice/events/<int:event_id>/", views.practice_start, name="start"),
    path("practice/<int:session_id>/", views.practice_table, name="table"),
    path("practice/<int:session_id>/summary/", views.practice_summary, name="summary"),
]
