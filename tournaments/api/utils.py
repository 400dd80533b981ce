"""Small helpers shared by the API views."""

from __future__ import annotations

from typing import TypeVar

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework.exceptions import NotFound
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.response import Response

from .. import selectors
from ..models import Event
from .errors import ErrorSerializer

T = TypeVar("T")

_DESCRIPTIONS = {
    400: "Invalid input: code invalid with the messages in fields (also repeated at the "
    "top level as {field: [messages]}), or a service's refusal with its own code.",
    401: "Not authenticated.",
    403: "Refused.",
    404: "Not found.",
    409: "Conflicts with the current state.",
    422: "The Idempotency-Key was used for another request.",
}

OFFSET = OpenApiParameter(
    name="offset",
    type=OpenApiTypes.INT,
    location=OpenApiParameter.QUERY,
    required=False,
    description="The first row of the page (0 for the first).",
)


class Pagination(LimitOffsetPagination):
    """``limit``/``offset`` pages; a ``limit`` above ``max_limit`` gets ``max_limit``
    rows (an unbounded one reached the database as an out-of-range LIMIT: a 500)."""

    max_limit = 100


class FieldPagination(LimitOffsetPagination):
    """An event's pairs (standings, entries): one page holds a whole normal field, so a
    client that never sends ``limit`` sees every pair, as before pages existed."""

    default_limit = 500
    max_limit = 500


def page_params(pagination_class, *, default: bool = True) -> list[OpenApiParameter]:
    """``limit``/``offset`` of an endpoint, with its default and maximum page size."""
    limit = pagination_class.default_limit
    if default:
        text = f"Rows per page (default {limit}, at most {pagination_class.max_limit})."
    else:
        text = (
            f"Ask for a page (default {limit} rows, at most {pagination_class.max_limit}):"
            " the answer is then {count, next, previous, results} instead of the list."
        )
    return [
        OpenApiParameter(name="limit", type=OpenApiTypes.INT, required=False, description=text),
        OFFSET,
    ]


def found(obj: T | None, message: str) -> T:
    """``obj``, or a 404 with ``message`` (what was not found)."""
    if obj is None:
        raise NotFound(message, code="not_found")
    return obj


def event_or_404(event_id: int) -> Event:
    return found(selectors.event_get(event_id=event_id), _("No such event."))


def error_responses(*codes: int) -> dict[int, OpenApiResponse]:
    """Schema entries for the refusals of an endpoint."""
    return {
        code: OpenApiResponse(
            response=ErrorSerializer,
            description=_DESCRIPTIONS[code],
        )
        for code in codes
    }


def paginated_response(*, pagination_class, serializer_class, queryset, request, view) -> Response:
    """One page of ``queryset`` with ``count``/``next``/``previous`` (LimitOffset)."""
    paginator = pagination_class()
    page = paginator.paginate_queryset(queryset, request, view=view)
    if page is None:
        return Response(serializer_class(queryset, many=True).data)
    return paginator.get_paginated_response(serializer_class(page, many=True).data)
