"""The OpenAPI schema view, built once per process instead of on every request.

drf-spectacular builds the schema on each request, and its first build in a process is
not thread-safe: its extension registry loads lazily, so two simultaneous first requests
make one of them fail (500). Building is also the slowest request the site has. So the
first request builds it under a lock, and every later one serves that document.
"""

from __future__ import annotations

import threading

from django.utils import translation
from drf_spectacular.views import SpectacularAPIView
from rest_framework.response import Response


class SchemaView(SpectacularAPIView):
    """``/api/schema/``: one schema per language (``?lang=`` or the active one) and API
    version, generated once. The schema is the public one (``SERVE_PUBLIC``), the same for
    every user, so one copy serves everyone."""

    _schemas: dict[tuple, dict] = {}
    _lock = threading.Lock()

    @classmethod
    def clear(cls) -> None:
        with cls._lock:
            cls._schemas.clear()

    def _get_schema_response(self, request):
        version = self.api_version or request.version or self._get_version_parameter(request)
        key = (translation.get_language(), version)
        schema = self._schemas.get(key)
        if schema is None:
            with self._lock:
                schema = self._schemas.get(key)
                if schema is None:
                    generator = self.generator_class(
                        urlconf=self.urlconf, api_version=version, patterns=self.patterns
                    )
                    schema = generator.get_schema(request=request, public=self.serve_public)
                    self._schemas[key] = schema
        return Response(
            data=schema,
            headers={
                "Content-Disposition": f'inline; filename="{self._get_filename(request, version)}"'
            },
        )
