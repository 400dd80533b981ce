"""API errors: a service's BridgeError becomes a JSON error with a stable code.

DRF's own errors with a single ``detail`` (not found, permission denied, not
authenticated) get the same ``{"detail", "code"}`` shape; input validation errors keep
DRF's field errors (``{"field": ["message", ...]}``). A body over Django's
``DATA_UPLOAD_MAX_MEMORY_SIZE`` is a 413 ``too_large`` in that shape too.
"""

from django.core.exceptions import RequestDataTooBig
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from ..errors import BridgeError
from .parsers import RequestTooLarge


def exception_handler(exc, context):
    if isinstance(exc, BridgeError):
        return Response({"detail": exc.message, "code": exc.code}, status=exc.status)
    if isinstance(exc, RequestDataTooBig):  # Django refused to read the body
        exc = RequestTooLarge()
    response = drf_exception_handler(exc, context)
    if (
        response is not None
        and isinstance(response.data, dict)
        and set(response.data) == {"detail"}
    ):
        response.data["code"] = getattr(response.data["detail"], "code", None) or "error"
    return response


class ErrorSerializer(serializers.Serializer):
    """The body of every refusal that is not a field error (documentation only)."""

    detail = serializers.CharField()
    code = serializers.CharField()
