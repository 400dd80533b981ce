"""The API's JSON parser: a bounded body and a bounded nesting depth.

Python's ``json`` module parses nested arrays and objects recursively, so a body such as
``'{"u":' * 5000`` raised a ``RecursionError`` (a 500). This parser reads at most
``DATA_UPLOAD_MAX_MEMORY_SIZE`` bytes (a larger body is a 413) and counts the nesting of
the text, outside its strings, before handing it to ``json``: deeper than ``MAX_DEPTH`` is
a 400. No API input needs more than a few levels.
"""

from __future__ import annotations

import re

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import parsers, status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.utils import json

MAX_DEPTH = 32

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


class RequestTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = gettext_lazy("The request body is too large.")
    default_code = "too_large"


def json_too_deep(text: str, *, limit: int = MAX_DEPTH) -> bool:
    """Whether the arrays and objects of JSON ``text`` nest deeper than ``limit``.

    Brackets inside strings do not count; the scan is iterative and stops at the first
    level past the limit. Text that is not JSON may be miscounted: ``json`` refuses it next.
    """
    depth = 0
    for match in _BRACKET.finditer(_STRING.sub('""', text)):
        if match.group() in "[{":
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser with the size and depth limits (``DEFAULT_PARSER_CLASSES``)."""

    def parse(self, stream, media_type=None, parser_context=None):
        encoding = parsers.get_encoding(parser_context or {})
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        body = stream.read() if limit is None else stream.read(limit + 1)
        if limit is not None and len(body) > limit:
            raise RequestTooLarge()
        try:
            text = body.decode(encoding)
        except UnicodeDecodeError as exc:
            raise ParseError(
                _("The request body is not valid %(encoding)s.") % {"encoding": encoding}
            ) from exc
        if json_too_deep(text):
            raise ParseError(
                _("JSON parse error - nested deeper than %(limit)d levels.") % {"limit": MAX_DEPTH}
            )
        parse_constant = json.strict_constant if self.strict else None
        try:
            return json.loads(text, parse_constant=parse_constant)
        except ValueError as exc:
            raise ParseError(_("JSON parse error - %(error)s") % {"error": exc}) from exc
