"""JSON log lines for production: one object per line on stdout, for Django, Celery and
gunicorn alike, so a log collector can index them without parsing free text.

The standard library's ``json`` and ``logging`` are enough here; a dependency such as
python-json-logger would add little besides its own field-renaming options.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from datetime import UTC, datetime

# Attributes every LogRecord has; anything else on a record came from ``extra=``.
_RECORD_ATTRS = frozenset(vars(logging.makeLogRecord({}))) | {"message", "asctime", "taskName"}


class JsonFormatter(logging.Formatter):
    """``{"time", "level", "logger", "message", ...}``: ``extra=`` fields and the traceback
    (``exc_info``) are added as their own keys."""

    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": self.message(record),
            "process": record.process,
        }
        entry.update(self.fields(record))
        if record.exc_info:
            entry["exc_info"] = self.formatException(record.exc_info)
        if record.stack_info:
            entry["stack_info"] = self.formatStack(record.stack_info)
        return json.dumps(entry, default=str, ensure_ascii=False)

    def message(self, record: logging.LogRecord) -> str:
        return record.getMessage()

    def fields(self, record: logging.LogRecord) -> dict:
        return {
            key: value
            for key, value in vars(record).items()
            if key not in _RECORD_ATTRS and not key.startswith("_")
        }


class GunicornAccessFormatter(JsonFormatter):
    """gunicorn's access log: gunicorn hands the request's "atoms" as the record's
    arguments (a mapping); they become fields instead of a text line."""

    ATOMS = {
        "remote_addr": "h",
        "method": "m",
        "path": "U",
        "query": "q",
        "protocol": "H",
        "status": "s",
        "bytes": "B",
        "duration_ms": "M",
        "referer": "f",
        "user_agent": "a",
        "forwarded_for": "{x-forwarded-for}i",
        "forwarded_proto": "{x-forwarded-proto}i",
        "request_id": "{x-request-id}i",
    }

    def message(self, record: logging.LogRecord) -> str:
        atoms = record.args
        if not isinstance(atoms, Mapping):
            return record.getMessage()
        return f"{atoms['m']} {atoms['U']} {atoms['s']}"

    def fields(self, record: logging.LogRecord) -> dict:
        atoms = record.args
        if not isinstance(atoms, Mapping):
            return super().fields(record)
        out = {}
        for field, atom in self.ATOMS.items():
            value = atoms[atom]
            if isinstance(value, str):
                value = value.replace('\\"', '"')  # gunicorn escapes quotes for text logs
            if value not in (None, "-", ""):
                out[field] = value
        if "status" in out:
            out["status"] = int(out["status"])
        return out
