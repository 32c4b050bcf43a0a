"""Slash-command sync that keeps an Activity's entry point.

When an application has Activities on, Discord gives it an Entry Point command (type 4, the
"Launch" button of the app launcher) and refuses a bulk overwrite of the global commands that
leaves it out (error 50240). discord.py's ``CommandTree.sync`` knows nothing of it, so the bot
first syncs as usual and, when Discord answers 50240, sends its commands again with the entry
point Discord holds.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

log = logging.getLogger(__name__)

ENTRY_POINT = 4  # Discord's PRIMARY_ENTRY_POINT command type
KEEP_ENTRY_POINT = 50240  # "You cannot remove this app's Entry Point command in a bulk update operation"
#: The fields of a command a bulk overwrite takes (the rest are Discord's own: version, application_id)
_WRITABLE = (
    "id",
    "type",
    "name",
    "name_localizations",
    "description",
    "description_localizations",
    "handler",
    "integration_types",
    "contexts",
    "default_member_permissions",
    "nsfw",
)


async def sync_commands(tree: app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None = None) -> int:
    """Sync the tree's commands (to ``guild``, or globally); returns how many Discord holds now."""
    try:
        return len(await tree.sync(guild=guild))
    except discord.HTTPException as exc:
        if guild is not None or exc.code != KEEP_ENTRY_POINT:
            raise
    client = tree.client
    app_id = client.application_id
    assert app_id is not None  # tree.sync checked it
    held = await client.http.get_global_commands(app_id)
    keep = [{k: c[k] for k in _WRITABLE if k in c} for c in held if c.get("type") == ENTRY_POINT]
    translator = tree.translator
    commands = tree.get_commands()
    ours = [await c.get_translated_payload(tree, translator) if translator else c.to_dict(tree) for c in commands]
    data = await client.http.bulk_upsert_global_commands(app_id, payload=[*ours, *keep])
    log.info("kept the Activity's entry point command (%s) while syncing", ", ".join(c["name"] for c in keep))
    return len(data)
