"""A JSON file someone hands us (an export, a saved game): every way its bytes can be damaged
becomes one ``DamagedFile`` whose message is a single line a person can act on.

The schema lives with each kind of file (games/export_file.py, games/save_file.py); this module
turns bytes into a JSON value and pydantic's complaints into one sentence. Reading the file is
the caller's (the terminal edge, games/__main__.py): nothing here touches the disk.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError

MAX_BYTES = 64 * 1024 * 1024  # far above the longest game's export (a few MB), far below harm


class DamagedFile(ValueError):
    """The file cannot be used; ``str(exc)`` is one line saying why."""


def decode(raw: bytes, max_bytes: int = MAX_BYTES) -> Any:
    """The JSON value in ``raw``: UTF-8 text holding one JSON document (a caller reads at most
    ``max_bytes + 1`` bytes, so a larger file is told apart without being read whole)."""
    if len(raw) > max_bytes:
        raise DamagedFile(f"it is larger than {max_bytes // (1024 * 1024)} MB")
    if not raw.strip():
        raise DamagedFile("it is empty")
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark from an editor is harmless
    except UnicodeDecodeError as exc:
        raise DamagedFile(f"it is not UTF-8 text (byte {exc.start})") from None
    try:
        return json.loads(text)
    except RecursionError:
        raise DamagedFile("it is not JSON this program can read: it is nested too deeply") from None
    except ValueError as exc:  # JSONDecodeError, and numbers past Python's digit limit
        where = f" at line {exc.lineno} column {exc.colno}" if isinstance(exc, json.JSONDecodeError) else ""
        message = exc.msg if isinstance(exc, json.JSONDecodeError) else str(exc)
        raise DamagedFile(f"it is not JSON: {message}{where}") from None


def kind_of(value: Any) -> str:
    """A JSON value's kind, as JSON names it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object"


def key_path(loc: tuple[int | str, ...]) -> str:
    """``("log", 3, "seat")`` as ``log[3].seat``."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def first_problem(exc: ValidationError) -> str:
    """The first thing pydantic found wrong, as ``key path: what is wrong``."""
    error = exc.errors(include_url=False)[0]
    loc = tuple(p for p in error["loc"] if not (isinstance(p, str) and p.startswith("function-")))
    where = key_path(loc)
    if error["type"] == "missing":
        return f"the key {where} is missing" if where else "a key is missing"
    message = str(error["msg"])
    if error["type"] == "value_error":
        message = message.removeprefix("Value error, ")
    if error["type"] not in ("value_error", "assertion_error") and "input" in error:
        message += f", not {kind_of(error['input'])}"
    return f"{where}: {message}" if where else message
