"""The schema. It is created only by the Alembic migrations in `migrations/`."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Float, ForeignKey, Index, MetaData, String, UniqueConstraint, event, text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, relationship

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

JsonType = JSON().with_variant(JSONB(), "postgresql")

# Statuses of a table: a lobby gathers players, then the game runs until it is over.
LOBBY, RUNNING, FINISHED, ABANDONED = "lobby", "running", "finished", "abandoned"
ACTIVE = (LOBBY, RUNNING)


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)
    type_annotation_map = {dict[str, Any]: JsonType, list[Any]: JsonType}


class Game(Base):
    __tablename__ = "games"

    id: Mapped[int] = mapped_column(primary_key=True)
    guild_id: Mapped[int | None] = mapped_column(BigInteger)
    channel_id: Mapped[int] = mapped_column(BigInteger, index=True)
    game_key: Mapped[str] = mapped_column(String(40))
    status: Mapped[str] = mapped_column(String(16))
    host_id: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[dict[str, Any]] = mapped_column(default=dict)
    seed: Mapped[int] = mapped_column(BigInteger, default=0)
    snapshot: Mapped[dict[str, Any] | None]
    # Per seat: {"seq": version when the prompt opened, "sig": hash of the prompt's menu}.
    prompts: Mapped[dict[str, Any]] = mapped_column(default=dict)
    result: Mapped[dict[str, Any] | None]
    version: Mapped[int] = mapped_column(default=0)
    # Turn clock: seconds a waiting player has before the others may bring in a stand-in (None = off).
    clock_seconds: Mapped[int | None]
    # Votes after a clock ran out: {"<seat>": {"stand_in": [user ids], "end": [user ids]}}.
    votes: Mapped[dict[str, Any]] = mapped_column(default=dict)
    # In thread mode the game lives in a thread of this channel (archived when the game ends).
    parent_channel_id: Mapped[int | None] = mapped_column(BigInteger)
    # The channel's play-by-play: {"recent": [events], "pending": [events not yet in the log thread]}.
    table_log: Mapped[dict[str, Any]] = mapped_column(default=dict)
    # When /start began the game (a game's duration counts from here); None while it is a lobby.
    started_at: Mapped[datetime | None]
    finished_at: Mapped[datetime | None]
    rated_at: Mapped[datetime | None]  # set in the unit of work that rated the game: rated once
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    seats: Mapped[list[Seat]] = relationship(
        back_populates="game", order_by="Seat.position", lazy="selectin", cascade="all, delete-orphan"
    )

    __mapper_args__ = {"version_id_col": version}
    __table_args__ = (
        # One lobby or running game per channel (threads are channels too).
        Index(
            "uq_games_active_channel",
            "channel_id",
            unique=True,
            sqlite_where=text("status IN ('lobby', 'running')"),
            postgresql_where=text("status IN ('lobby', 'running')"),
        ),
    )


class Seat(Base):
    __tablename__ = "seats"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    position: Mapped[int]  # join order in the lobby, the seat number once started
    user_id: Mapped[int | None] = mapped_column(BigInteger)
    display_name: Mapped[str] = mapped_column(String(100))
    is_ai: Mapped[bool] = mapped_column(default=False)
    ai_level: Mapped[str | None] = mapped_column(String(8))  # easy, normal or hard for an AI seat
    locale: Mapped[str] = mapped_column(String(8), default="en")
    dm_open: Mapped[bool] = mapped_column(default=True)
    # The channel was told this player's DMs are closed; told again only after a DM got through.
    dm_noticed: Mapped[bool] = mapped_column(default=False)
    # A person's seat that an AI (level normal) plays while they are away, or for good after /resign.
    stand_in: Mapped[bool] = mapped_column(default=False)
    resigned: Mapped[bool] = mapped_column(default=False)
    joined_at: Mapped[datetime] = mapped_column(default=utcnow)

    game: Mapped[Game] = relationship(back_populates="seats", lazy="raise")

    __table_args__ = (
        UniqueConstraint("game_id", "position"),
        UniqueConstraint("game_id", "user_id", name="uq_seats_game_user"),
    )


@event.listens_for(Session, "before_flush")
def _seats_move_their_game(session: Session, _flush: Any, _instances: Any) -> None:
    """A change of a game's seats (added, removed, a flag changed) moves the game's version as a
    change of its row does: the version then names everything a table is read from, and a process
    that kept a table at that version may use it (bot/service/seen.py)."""
    changed: set[int] = set()
    for obj in (*session.new, *session.dirty, *session.deleted):
        if isinstance(obj, Seat):
            if obj.game_id is not None and (obj in session.new or obj in session.deleted or session.is_modified(obj)):
                changed.add(obj.game_id)
        elif isinstance(obj, Game) and obj.id is not None and "seats" in obj.__dict__ and session.is_modified(obj):
            changed.add(obj.id)  # a seat added to or taken from its list
    for game_id in changed:
        game = session.identity_map.get(Game.__mapper__.identity_key_from_primary_key((game_id,)))
        if game is not None:
            game.updated_at = utcnow()  # an UPDATE of the row, and so of its version


class ActionRow(Base):
    """The log: replaying it from the seed rebuilds the snapshot. Rows are only appended, except
    that taking an action back removes the game's last one."""

    __tablename__ = "actions"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seq: Mapped[int]
    seat: Mapped[int]
    action: Mapped[dict[str, Any]]
    stand_in: Mapped[bool] = mapped_column(default=False)  # made by the AI standing in for the seat
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # What taking it back restores besides the snapshot: the timer rows and votes its unit of work
    # removed ({"timers": [[seat, kind, due_at, fired_at], ...], "votes": {...}}); None before 0007.
    undo: Mapped[dict[str, Any] | None]

    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_actions_game_seq"),)


class Timer(Base):
    """A turn-clock deadline of one waiting seat. Rows, not memory: they survive restarts, and a
    process claims a due row (``FOR UPDATE SKIP LOCKED``, setting ``fired_at``) so it fires once."""

    __tablename__ = "timers"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int]
    kind: Mapped[str] = mapped_column(String(8))  # "remind" at half time, "expire" at the end
    due_at: Mapped[datetime] = mapped_column(index=True)
    fired_at: Mapped[datetime | None]


class UserPref(Base):
    """How a person wants to hear that it is their turn: on (mentioned in the channel), dm (also a
    direct message with a link), off (named without a ping)."""

    __tablename__ = "user_prefs"

    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    notify: Mapped[str] = mapped_column(String(8), default="on")


class GuildConfig(Base):
    """A server's settings, made with /config by someone with Manage Server."""

    __tablename__ = "guild_configs"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    language: Mapped[str | None] = mapped_column(String(8))
    clock: Mapped[str | None] = mapped_column(String(8))
    threads: Mapped[bool] = mapped_column(default=False)
    log: Mapped[str | None] = mapped_column(String(8))  # where the play-by-play goes; None = a thread
    games: Mapped[list[Any] | None]  # offered game keys; None = all
    channel_id: Mapped[int | None] = mapped_column(BigInteger)  # the one channel the bot plays in


class MessageRef(Base):
    """A message the bot edits in place (the table message, a player's DM prompt)."""

    __tablename__ = "message_refs"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(16))
    user_id: Mapped[int] = mapped_column(BigInteger, default=0)  # 0 for channel messages
    channel_id: Mapped[int] = mapped_column(BigInteger)
    message_id: Mapped[int] = mapped_column(BigInteger)

    __table_args__ = (UniqueConstraint("game_id", "kind", "user_id", name="uq_message_refs_game_kind_user"),)


class Rating(Base):
    """A player's rating in one game on one server: a person (``u:<id>``) or an AI level (``ai:hard``)."""

    __tablename__ = "ratings"

    id: Mapped[int] = mapped_column(primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    game_key: Mapped[str] = mapped_column(String(40))
    player: Mapped[str] = mapped_column(String(40))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(default=0)
    wins: Mapped[int] = mapped_column(default=0)
    best_score: Mapped[float | None] = mapped_column(Float)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)

    __table_args__ = (UniqueConstraint("guild_id", "game_key", "player", name="uq_ratings_guild_game_player"),)


class RatingChange(Base):
    """What one finished game did to each seat's shown rating (for the result message and /stats)."""

    __tablename__ = "rating_changes"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int]
    player: Mapped[str] = mapped_column(String(40))
    before: Mapped[int]
    after: Mapped[int]

    __table_args__ = (UniqueConstraint("game_id", "seat", name="uq_rating_changes_game_seat"),)
