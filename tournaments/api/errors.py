"""API errors: a service's BridgeError becomes a JSON error with a stable code."""

from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from ..errors import BridgeError


def exception_handler(exc, context):
    if isinstance(exc, BridgeError):
        return Response({"detail": exc.message, "code": exc.code}, status=exc.status)
    return drf_exception_handler(exc, context)
