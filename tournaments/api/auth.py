"""API tokens (django-rest-knox): a login gives an expiring token, stored hashed; logout
revokes it. Clients send ``Authorization: Token <token>``.

The login goes through Django's ``authenticate`` with the request, so the login throttle
(django-axes, see ``accounts.throttle``) counts API and page failures alike.
"""

from __future__ import annotations

from django.contrib.auth import authenticate
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from knox import views as knox_views
from rest_framework import serializers, status
from rest_framework.exceptions import APIException
from rest_framework.permissions import AllowAny

from accounts.throttle import lockout_message

from .errors import ErrorSerializer
from .utils import error_responses


class LockedOut(APIException):
    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_code = "locked_out"


_LOCKED_OUT = OpenApiResponse(
    response=ErrorSerializer, description="Too many failed logins: {detail, code: locked_out}."
)


class TokenObtainApi(knox_views.LoginView):
    """A username and password give a new token (a 429 once the login is locked out)."""

    authentication_classes: list = []
    permission_classes = [AllowAny]

    class InputSerializer(serializers.Serializer):
        username = serializers.CharField()
        password = serializers.CharField(trim_whitespace=False, style={"input_type": "password"})

        class Meta:
            ref_name = "TokenObtainInput"

    class OutputSerializer(serializers.Serializer):
        token = serializers.CharField(help_text="Send as `Authorization: Token <token>`.")
        expiry = serializers.DateTimeField(help_text="When the token stops working.")

        class Meta:
            ref_name = "Token"

    @extend_schema(
        operation_id="auth_token_create",
        request=InputSerializer,
        responses={200: OutputSerializer, **error_responses(400), 429: _LOCKED_OUT},
        auth=[],
    )
    def post(self, request, format=None):
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        # The Django request: the throttle marks a lockout on it.
        django_request = request._request
        user = authenticate(django_request, **serializer.validated_data)
        if user is None:
            if getattr(django_request, "axes_locked_out", False):
                raise LockedOut(lockout_message())
            raise serializers.ValidationError(
                {"non_field_errors": [_("Unable to log in with provided credentials.")]},
                code="authorization",
            )
        request.user = user
        return super().post(request, format=format)


class TokenLogoutApi(knox_views.LogoutView):
    @extend_schema(
        operation_id="auth_logout",
        request=None,
        responses={204: None, **error_responses(401)},
        description="Revokes the token this request is sent with.",
    )
    def post(self, request, format=None):
        return super().post(request, format=format)


class TokenLogoutAllApi(knox_views.LogoutAllView):
    @extend_schema(
        operation_id="auth_logout_all",
        request=None,
        responses={204: None, **error_responses(401)},
        description="Revokes every token of the user (every device).",
    )
    def post(self, request, format=None):
        return super().post(request, format=format)
