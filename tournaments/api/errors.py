"""API errors: every 4xx answer of the API has one shape.

``{"detail": str, "code": str, "fields": {name: [message, ...]}}``:

- a service's ``BridgeError`` (400), ``ConflictError`` (409), ``PermissionDeniedError``
  (403) and ``IdempotencyKeyReused`` (422) give their message and stable code;
- DRF's own refusals (401, 403, 404, 405, 406, 415, 429, ...) their ``detail`` and code;
- a body over Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE`` is a 413 ``too_large``;
- input validation errors are ``code: "invalid"`` with the field errors in ``fields``
  (nested fields by dotted name, e.g. ``players.0``; errors of the whole input under
  ``non_field_errors``). For compatibility the field errors also stay at the top level
  as DRF gives them (``{"field": ["message"], ...}``), next to the three keys;
- outside DRF views, an unknown ``/api/...`` URL (404), a malformed request (400) and a
  refusal (403) under ``/api/`` get the same shape from the Django error handlers below
  (``config/urls.py``: ``handler400``, ``handler403``, ``handler404``).

``fields`` is ``{}`` when the refusal is not about a field.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults
from rest_framework import exceptions, serializers
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import exception_handler as drf_exception_handler

from ..errors import BridgeError
from .parsers import RequestTooLarge

API_PREFIX = "/api/"
INVALID = "invalid"


def error_body(detail: Any, code: str, fields: dict[str, list[str]] | None = None) -> dict:
    """The body of an API refusal."""
    return {"detail": str(detail), "code": code, "fields": fields or {}}


def _flatten(detail: Any, prefix: str = "") -> dict[str, list[str]]:
    """DRF's nested validation errors as ``{dotted name: [messages]}``."""
    out: dict[str, list[str]] = {}
    if isinstance(detail, dict):
        for key, value in detail.items():
            out.update(_flatten(value, f"{prefix}.{key}" if prefix else str(key)))
    elif isinstance(detail, list | tuple):
        name = prefix or api_settings.NON_FIELD_ERRORS_KEY
        for index, item in enumerate(detail):
            if isinstance(item, dict | list | tuple):
                if item:  # a nested item with no error is an empty dict
                    out.update(_flatten(item, f"{name}.{index}"))
            else:
                out.setdefault(name, []).append(str(item))
    else:
        out.setdefault(prefix or api_settings.NON_FIELD_ERRORS_KEY, []).append(str(detail))
    return out


def _validation_body(data: Any) -> dict:
    fields = _flatten(data)
    legacy = data if isinstance(data, dict) else {}
    return {**legacy, **error_body(exceptions.ValidationError.default_detail, INVALID, fields)}


def _code_of(data: dict, default: str) -> str:
    return getattr(data.get("detail"), "code", None) or default


def exception_handler(exc, context):
    if isinstance(exc, BridgeError):
        return Response(error_body(exc.message, exc.code), status=exc.status)
    if isinstance(exc, RequestDataTooBig):  # Django refused to read the body
        exc = RequestTooLarge()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        response.data = _validation_body(response.data)
    elif isinstance(response.data, dict) and "detail" in response.data:
        data = response.data
        response.data = {
            **data,
            **error_body(data["detail"], _code_of(data, "error"), data.get("fields")),
        }
    else:  # not expected from DRF: still the shape
        response.data = error_body(exceptions.APIException.default_detail, "error")
    return response


# --- Django's error views for requests that never reach a DRF view ----------------------


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX)


def _json(status: int, detail: Any, code: str) -> JsonResponse:
    return JsonResponse(error_body(detail, code), status=status)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """``handler400``: under /api/ a JSON 400 (a body over the limit: 413 ``too_large``)."""
    if not _is_api(request):
        return defaults.bad_request(request, exception)
    if isinstance(exception, RequestDataTooBig):
        return _json(RequestTooLarge.status_code, RequestTooLarge.default_detail, "too_large")
    return _json(400, exceptions.ParseError.default_detail, "bad_request")


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """``handler403``: under /api/ a JSON 403."""
    if not _is_api(request):
        return defaults.permission_denied(request, exception)
    return _json(403, exceptions.PermissionDenied.default_detail, "permission_denied")


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """``handler404``: under /api/ a JSON 404 (an unknown API URL), else the 404 page.

    A handler rather than a catch-all URL pattern, so that Django's ``APPEND_SLASH``
    redirect (``/api/events`` to ``/api/events/``) keeps working."""
    if not _is_api(request):
        return defaults.page_not_found(request, exception)
    return _json(404, exceptions.NotFound.default_detail, "not_found")


# --- documentation ----------------------------------------------------------------------


class ErrorSerializer(serializers.Serializer):
    """The body of every refusal (documentation only)."""

    detail = serializers.CharField(help_text="What went wrong, for people.")
    code = serializers.CharField(
        help_text="Stable, for programs: e.g. invalid, not_found, permission_denied, "
        "not_authenticated, method_not_allowed, too_large, locked_out, or a service's code."
    )
    fields = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        help_text="Messages by input field (dotted names for nested fields); {} unless "
        "code is invalid. Validation errors also repeat these at the top level, as "
        "{field: [messages]}, for older clients.",
    )

    class Meta:
        ref_name = "Error"
