"""The ``Idempotency-Key`` header of the API's result writes (see services/idempotency)."""

from __future__ import annotations

import json
from collections.abc import Callable

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from ..services.idempotency import idempotency_key_clean, idempotent_perform

IDEMPOTENCY_KEY = OpenApiParameter(
    name="Idempotency-Key",
    type=OpenApiTypes.STR,
    location=OpenApiParameter.HEADER,
    required=False,
    description="Any unique string (e.g. a UUID), 1-255 printable ASCII characters. A "
    "retry with the same key, by the same user, to the same endpoint and with the same "
    "body gets the first response (status and body, with `Idempotent-Replayed: true`) "
    "and the work is not done again; the same key with another body or endpoint is 422. "
    "Only a successful response is stored; keys expire after 24 hours.",
)


def _payload(data) -> object:
    if hasattr(data, "lists"):  # a form or multipart body: every value of every field
        return {name: values for name, values in data.lists()}
    return data


def idempotent(request: Request, perform: Callable[[], Response]) -> Response:
    """``perform()`` once per ``Idempotency-Key`` of the user; without the header, as is."""
    header = request.headers.get("Idempotency-Key")
    if header is None:
        return perform()

    def run() -> tuple[int, object]:
        response = perform()
        # Stored as the JSON text the client received, keys in their order.
        return response.status_code, JSONRenderer().render(response.data).decode()

    outcome = idempotent_perform(
        user=request.user,
        key=idempotency_key_clean(header),
        endpoint=f"{request.method} {request.path}",
        payload=_payload(request.data),
        perform=run,
    )
    response = Response(json.loads(outcome.body), status=outcome.status)
    if outcome.replayed:
        response["Idempotent-Replayed"] = "true"
    return response
