"""Settings from the environment or a `.env` file (pydantic-settings)."""

from __future__ import annotations

from functools import lru_cache
from ipaddress import ip_network
from typing import Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///data/speltafel.db"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = Field(default=None, description="Bot token from the Developer Portal.")
    database_url: str = Field(default=DEFAULT_DATABASE_URL, description="SQLAlchemy async URL.")
    # Seconds to wait at start-up for a database that does not answer yet (a starting container).
    database_wait: float = Field(default=60.0, ge=0)
    dev_guild_id: int | None = Field(default=None, description="Sync commands to this guild only (instant).")
    log_level: str = "INFO"
    default_language: Literal["en", "nl"] = "en"
    shard_count: int | None = None
    # AI players: seconds an AI waits before it acts (a readable pace), thinking time per decision of
    # the hard level, and worker processes that think (default: one per core).
    ai_delay: float = Field(default=1.0, ge=0)
    ai_budget_ms: int = Field(default=1000, ge=10)
    ai_answer_wait: float = Field(default=30.0, ge=0)
    ai_workers: int | None = Field(default=None, ge=1)
    # Worker processes that draw board pictures (default: one per core; 0 = a thread of the bot process).
    picture_workers: int | None = Field(default=None, ge=0)
    # Replays (drawn one at a time in a worker process of their own): seconds before a person, and a
    # channel, may ask for another replay that must be drawn, and the megabytes of drawn replays kept.
    replay_cooldown: float = Field(default=60.0, ge=0)
    replay_channel_cooldown: float = Field(default=20.0, ge=0)
    replay_cache_mb: float = Field(default=32.0, ge=0)
    shard_ids: list[int] | None = None
    # Seconds between looks at the turn clocks' deadlines (reminders, expiry).
    clock_tick: float = Field(default=30.0, gt=0)
    # For tests and proxies: where discord.py sends REST calls and opens its gateway.
    discord_api_base: str | None = None
    discord_gateway_url: str | None = None
    # The web table (a board in the browser), on only when both are set: the port the bot listens on
    # and the address people reach it at (a reverse proxy's https address, or http://host:port).
    web_port: int | None = Field(default=None, ge=1, le=65535)
    public_url: str | None = None
    web_host: str = "0.0.0.0"
    # Signs the board links; unset, it is derived from DISCORD_TOKEN (every process of one bot agrees).
    web_secret: SecretStr | None = None
    web_link_hours: float = Field(default=12.0, gt=0)
    # Requests a person may make per minute, and seconds between looks for changes made by other processes
    # (on PostgreSQL those are announced at once; the poll is the fallback while that connection is down).
    web_rate: int = Field(default=120, ge=1)
    web_poll: float = Field(default=2.0, gt=0)
    # Reverse proxies whose X-Forwarded-For / Forwarded headers name the client (addresses or
    # networks, comma-separated: "127.0.0.1,10.0.0.0/8"); empty: the peer address is the client.
    web_trusted_proxies: str = ""
    # Open sockets (board pages) one link, and one person, may hold; one more closes the oldest.
    web_sockets_per_link: int = Field(default=4, ge=1, le=100)
    # Seconds a connection may stay idle or take to send a request's headers before it is closed.
    web_idle_timeout: float = Field(default=30.0, gt=0)
    # Where the built board page is (default: web/dist of the checkout; the image sets its own).
    web_bundle: str | None = None
    # The Discord Activity (the board inside Discord), on when the web table is on and both are set:
    # the application's OAuth2 client id and secret (Developer Portal, OAuth2).
    discord_client_id: str | None = None
    discord_client_secret: SecretStr | None = None

    @property
    def web_enabled(self) -> bool:
        return self.web_port is not None and bool(self.public_url)

    @property
    def activity_enabled(self) -> bool:
        return self.web_enabled and bool(self.discord_client_id) and self.discord_client_secret is not None

    @field_validator("dev_guild_id", "shard_count", "ai_workers", "picture_workers", "web_port", mode="before")
    @classmethod
    def _empty_is_none(cls, value: object) -> object:
        return None if value in ("", None) else value

    @field_validator("public_url", "web_secret", "discord_client_id", "discord_client_secret", mode="before")
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _parse_ids(cls, value: object) -> object:
        if value in ("", None):
            return None
        if isinstance(value, int):  # SHARD_IDS=0 reads as the JSON number 0
            return [value]
        if isinstance(value, str):
            return [int(part) for part in value.replace(" ", "").split(",") if part]
        return value

    @field_validator("web_trusted_proxies")
    @classmethod
    def _networks(cls, value: str) -> str:
        for entry in value.split(","):  # a typo fails at start-up, not at the first request
            if entry.strip():
                ip_network(entry.strip(), strict=False)
        return value

    @field_validator("log_level")
    @classmethod
    def _upper(cls, value: str) -> str:
        return value.upper()


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
