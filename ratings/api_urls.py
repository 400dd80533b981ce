from django.urls import path

from . import api

urlpatterns = [
    path("disconnections/", api.DisconnectionCreateApi.as_view(), name="api-disconnections"),
]
