"""The Activity is on only with the web table on and both OAuth2 settings given (blank counts as unset)."""

from __future__ import annotations

from bot.config import Settings


def settings(**env: str) -> Settings:
    return Settings(_env_file=None, discord_token="t", **env)  # type: ignore[call-arg, arg-type]


def test_the_activity_needs_the_web_table_and_both_oauth_settings() -> None:
    web = {"web_port": "8080", "public_url": "https://board.example.org"}
    assert settings(**web, discord_client_id="1", discord_client_secret="s").activity_enabled
    assert not settings(**web, discord_client_id="1").activity_enabled
    assert not settings(**web, discord_client_id="1", discord_client_secret="  ").activity_enabled
    assert not settings(discord_client_id="1", discord_client_secret="s").activity_enabled
    assert not settings(**web, discord_client_id=" ", discord_client_secret="s").activity_enabled
