"""Where a local table keeps its things: the person's data folder (platformdirs), the SQLite file in
it, and the secret that signs the board links (kept, so printed links and open pages outlive a
restart). Each kind of game sits in a pseudo channel of its own, so the next start finds its
unfinished game again."""

from __future__ import annotations

import hashlib
import os
import secrets
from pathlib import Path

import platformdirs

APP = "speltafel"
DATABASE_FILE = "local.db"
SECRET_FILE = "board-secret"


def data_folder() -> Path:
    """The person's data folder (e.g. ~/.local/share/speltafel; XDG_DATA_HOME moves it on Linux)."""
    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def database_url(given: str | None, folder: Path) -> str:
    """``--database``: an SQLAlchemy URL, or the path of a SQLite file; by default the SQLite file in
    the data folder."""
    if not given:
        return f"sqlite+aiosqlite:///{folder / DATABASE_FILE}"
    if "://" in given:
        return given
    return f"sqlite+aiosqlite:///{Path(given).expanduser().resolve()}"


def link_secret(folder: Path) -> str:
    """The secret of this computer's board links, made once and readable by its owner only."""
    path = folder / SECRET_FILE
    try:
        kept = path.read_text(encoding="ascii").strip()
    except (FileNotFoundError, UnicodeDecodeError):
        kept = ""
    if len(kept) >= 32:
        return kept
    folder.mkdir(parents=True, exist_ok=True)
    made = secrets.token_hex(32)
    handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(handle, "w", encoding="ascii") as out:
        out.write(made + "\n")
    return made


def channel_of(game_key: str) -> int:
    """The pseudo channel of local games of this kind: one unfinished game per kind. Below 2**32,
    far below any Discord id (milliseconds since 2015 shifted by 22 bits), so a database shared with
    the bot never mixes the two."""
    digest = hashlib.blake2b(f"speltafel local {game_key}".encode(), digest_size=4).digest()
    return 1 + int.from_bytes(digest, "big")


def person_id(index: int) -> int:
    """The user id of the person at this place of a local table's seating (AI seats have none)."""
    return index + 1
