"""Why the database cannot be used at start-up, in one line an admin can act on.

Start-up meets the database three times: reading ``DATABASE_URL`` (make_engine), the first
connection (wait_until_reachable) and the migrations (upgrade). Each failure becomes one
``DatabaseStartupError`` whose message names the problem and the URL with its password masked;
``explain`` also says whether waiting could help (a server still starting) or not (a refused
login, a database that does not exist, a URL that cannot work).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, InvalidRequestError, NoSuchModuleError

EXAMPLES = "postgresql+asyncpg://user:password@host:5432/name or sqlite+aiosqlite:///data/speltafel.db"
#: SQLSTATEs worth waiting for: a server that is starting or shutting down, or full for a moment
_PASSING = {"57P01", "57P02", "57P03", "53300"}


class DatabaseStartupError(Exception):
    """The bot cannot start on this database; ``str()`` is one line without the password."""


@dataclass(frozen=True)
class Explained:
    message: str
    retry: bool  # waiting (DATABASE_WAIT) may help


def parse(url: str) -> URL | None:
    try:
        return make_url(url)
    except (ArgumentError, ValueError):
        return None


def masked(url: str) -> str:
    """The URL as it may be shown: the password as ``***``; one that cannot be parsed not at all."""
    parsed = parse(url)
    return parsed.render_as_string(hide_password=True) if parsed is not None else "(not shown: it cannot be read)"


def _where(url: URL) -> str:
    return f"{url.host or 'localhost'}:{url.port or 5432}"


def _sqlstate(exc: BaseException) -> tuple[str | None, str]:
    """The SQLSTATE and the server's own message, wherever the driver or SQLAlchemy put them."""
    seen: set[int] = set()
    todo: list[BaseException | None] = [exc]
    while todo:
        e = todo.pop(0)
        if e is None or id(e) in seen:
            continue
        seen.add(id(e))
        code = getattr(e, "sqlstate", None)
        if isinstance(code, str) and code:
            return code, _first_line(getattr(e, "message", None) or str(e))
        todo += [getattr(e, "orig", None), e.__cause__, e.__context__]
    return None, ""


def _first_line(text: str) -> str:
    line = (text.strip().splitlines() or [""])[0]
    return re.sub(r"^\([\w.]+\)\s*", "", line)[:300]  # SQLAlchemy's "(driver.Error) " prefix


def _os_error(exc: BaseException) -> OSError | None:
    e: BaseException | None = exc
    while e is not None:
        if isinstance(e, OSError):
            return e
        e = e.__cause__ or e.__context__
    return None


def _reason(error: OSError) -> str:
    """ "Connection refused" rather than asyncpg's "Connect call failed ('127.0.0.1', 1)"."""
    if error.errno and error.errno > 0:
        return os.strerror(error.errno)
    return error.strerror or str(error) or type(error).__name__


def shown(problem: str, url: str) -> str:
    """The line an admin reads: the problem, then the URL with its password masked."""
    return scrub(f"{problem} (DATABASE_URL={masked(url)})", url)


def explain_url(exc: BaseException, url: str) -> str:
    """Why ``make_engine(url)`` failed: the URL cannot be read, or names a driver we cannot use."""
    parsed = parse(url)
    if parsed is None:
        return f"DATABASE_URL cannot be read as a database URL; it looks like {EXAMPLES}"
    driver = parsed.drivername
    if isinstance(exc, NoSuchModuleError):
        return f"DATABASE_URL names an unknown database driver {driver!r}; use {EXAMPLES}"
    if isinstance(exc, ImportError):
        module = getattr(exc, "name", None) or "its module"
        return f"DATABASE_URL names the driver {driver!r}, whose module {module} is not installed; use {EXAMPLES}"
    if isinstance(exc, InvalidRequestError):
        return f"DATABASE_URL names the driver {driver!r}, which is not asynchronous; use {EXAMPLES}"
    if isinstance(exc, OSError) and parsed.get_backend_name() == "sqlite":
        return f"cannot make the folder of the SQLite database {parsed.database}: {exc.strerror or exc}"
    return f"DATABASE_URL {masked(url)} cannot be used: {type(exc).__name__}: {_first_line(str(exc))}"


def explain(exc: BaseException, url: str) -> Explained:
    """Why connecting to ``url`` failed, and whether waiting could help."""
    parsed = parse(url) or make_url("postgresql://")
    if parsed.get_backend_name() == "sqlite":
        _code, text = _sqlstate(exc)
        reason = text or _first_line(str(getattr(exc, "orig", None) or exc))
        return Explained(f"cannot open the SQLite database {parsed.database}: {reason}", retry=False)
    code, text = _sqlstate(exc)
    where, user, name = _where(parsed), parsed.username or "(none)", parsed.database or "(none)"
    if code == "28P01":
        return Explained(f"the server at {where} refused the password of user {user}", retry=False)
    if code == "28000":
        return Explained(f"the server at {where} refused user {user}: {text}", retry=False)
    if code == "3D000":
        return Explained(f"the database {name} does not exist on the server at {where}", retry=False)
    if code is not None:
        retry = code.startswith("08") or code in _PASSING
        return Explained(f"the server at {where} answered: {text} [{code}]", retry=retry)
    os_error = _os_error(exc)
    if os_error is not None or isinstance(exc, TimeoutError):
        reason = _reason(os_error) if os_error is not None else "no answer in time"
        return Explained(f"no database server answers at {where} ({reason})", retry=True)
    return Explained(
        f"cannot connect to the server at {where}: {type(exc).__name__}: {_first_line(str(exc))}", retry=False
    )


def scrub(message: str, url: str) -> str:
    """A last guard: the password never leaves, whatever a driver put into its message."""
    parsed = parse(url)
    password = parsed.password if parsed is not None else None
    return message.replace(str(password), "***") if password else message
