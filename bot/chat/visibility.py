"""Who may see a stored game, and where a press belongs.

A finished game's record (`/history`, `/stats`, `/leaderboard`, `/export`, `/replay` and the Replay
button) is for those who can read the place it was played in, judged at the moment of asking with
Discord's own permission rules (``permissions_for``) on the guild cache. A place that is gone or
unknown hides its games, and a hidden game is answered exactly like one that does not exist. What a
command posts for everyone goes only where every reader could already see the game; else it is
ephemeral.

Components are honoured only where they belong: a table's buttons in the game's own channel (or
thread) on its server, a private menu in the presser's DM with the bot or on an ephemeral message.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

import discord

from bot.service.errors import ServiceError
from bot.service.records import Finished, GameLog, Records, place_of

#: A guild channel or thread as the cache (or a fetch) knows it.
Place = discord.abc.GuildChannel | discord.Thread


class Located(Protocol):
    """Anything stored with the server and channel (or thread) of its game."""

    @property
    def guild_id(self) -> int | None: ...

    @property
    def channel_id(self) -> int: ...


# -- where a component was pressed ---------------------------------------------------------------
def at_table(interaction: discord.Interaction, game: Located) -> bool:
    """Pressed in the game's own channel (or thread) on its own server."""
    return (
        game.guild_id is not None
        and interaction.guild_id == game.guild_id
        and interaction.channel_id == game.channel_id
    )


def in_own_dm(interaction: discord.Interaction) -> bool:
    """Pressed in the presser's direct messages with the bot (not a server, not someone else's DM
    or a group DM where a user-installed app might show a copy)."""
    channel = interaction.channel
    return (
        interaction.guild_id is None
        and not interaction.context.private_channel
        and getattr(channel, "type", None) == discord.ChannelType.private
    )


def in_private(interaction: discord.Interaction) -> bool:
    """Pressed in the presser's DM with the bot, or on an ephemeral message (only its reader sees it)."""
    message = interaction.message
    return in_own_dm(interaction) or (message is not None and message.flags.ephemeral)


def reader(interaction: discord.Interaction) -> discord.Member | None:
    """The person asking, as a member of a server the bot knows; None anywhere else."""
    user = interaction.user
    if interaction.guild is None or not isinstance(user, discord.Member) or user.guild.id != interaction.guild.id:
        return None
    return user


# -- who may see a stored game -------------------------------------------------------------------
class Visibility:
    def __init__(self, records: Records) -> None:
        self.records = records
        # Threads that are not in the cache (discord.py drops archived ones), fetched once: a
        # thread's parent and kind never change. None: gone, or not a thread of this server.
        self._fetched: dict[int, discord.Thread | None] = {}

    def forget(self, channel_id: int) -> None:
        """A deleted thread is not remembered as still there."""
        self._fetched.pop(channel_id, None)

    async def resolve(self, guild: discord.Guild, channel_id: int) -> Place | None:
        found = guild.get_channel_or_thread(channel_id)
        if found is not None:
            return found
        if channel_id in self._fetched:
            return self._fetched[channel_id]
        try:
            fetched = await guild.fetch_channel(channel_id)
        except (discord.NotFound, discord.Forbidden, discord.InvalidData):
            fetched = None
        except discord.HTTPException:
            return None  # Discord failed this once: hidden now, asked again next time
        # A channel (not a thread) missing from the cache is gone: the cache holds them all.
        thread = fetched if isinstance(fetched, discord.Thread) else None
        self._fetched[channel_id] = thread
        return thread

    async def can_view(self, member: discord.Member, place_id: int) -> bool:
        """Whether ``member`` can read the place now: view the channel and its history, and for a
        private thread also be in it (or manage threads there)."""
        place = await self.resolve(member.guild, place_id)
        if place is None:
            return False
        try:
            perms = place.permissions_for(member)
        except discord.ClientException:  # a thread whose parent channel is gone
            return False
        if not (perms.view_channel and perms.read_message_history):
            return False
        if isinstance(place, discord.Thread) and place.type == discord.ChannelType.private_thread:
            return perms.manage_threads or await _in_thread(place, member.id)
        return True

    async def viewable(self, member: discord.Member, places: Iterable[int]) -> set[int]:
        return {p for p in places if await self.can_view(member, p)}

    async def history(
        self,
        interaction: discord.Interaction,
        *,
        channel_id: int | None = None,
        user_id: int | None = None,
        limit: int = 10,
    ) -> list[Finished]:
        """The last finished games of this server that the person asking can see."""
        member = reader(interaction)
        if member is None:
            return []
        places = await self.viewable(member, await self.records.places(member.guild.id))
        return await self.records.history(
            guild_id=member.guild.id, channel_id=channel_id, user_id=user_id, places=places, limit=limit
        )

    async def finished_game(
        self, interaction: discord.Interaction, game_id: int | None, *, refusal: str = "no_finished_game"
    ) -> tuple[GameLog, bool]:
        """A finished game's log for someone who can see where it was played, and whether what is
        made of it may be posted here for everyone. A game that does not exist, is not finished,
        belongs to another server or is hidden from the asker gets the same ``refusal``."""
        member = reader(interaction)
        missing = ServiceError(refusal, game_id=game_id)
        if member is None or game_id is None:
            raise missing
        try:
            log = await self.records.game_log(game_id, member.guild.id)
        except ServiceError:
            raise missing from None
        if log.guild_id != member.guild.id or not await self.can_view(member, log.place):
            raise missing
        return log, await self.shares_readers(interaction.channel, member.guild, log.channel_id, log.parent_channel_id)

    async def shares_readers(
        self, here: object, guild: discord.Guild, channel_id: int, parent_channel_id: int | None
    ) -> bool:
        """Whether everyone who can read ``here`` could already see the game: its own channel, or
        the channel whose readers a public game thread has (or a thread of that channel)."""
        here_id = getattr(here, "id", None)
        if here_id is None:
            return False
        if here_id == channel_id:
            return True
        root = await self._readers_of(guild, channel_id, parent_channel_id)
        if root is None:
            return False
        return here_id == root or (isinstance(here, discord.Thread) and here.parent_id == root)

    async def _readers_of(self, guild: discord.Guild, channel_id: int, parent_channel_id: int | None) -> int | None:
        """The channel whose readers are exactly the game's readers; None when no channel has
        them (a private thread: fewer people read it than its channel)."""
        if parent_channel_id:
            return parent_channel_id  # the bot's game threads are public
        place = await self.resolve(guild, place_of(channel_id, parent_channel_id))
        if isinstance(place, discord.Thread):
            return place.parent_id if place.type != discord.ChannelType.private_thread else None
        return place.id if place is not None else None


async def _in_thread(thread: discord.Thread, user_id: int) -> bool:
    """Asked of Discord each time: without the members intent the cache does not follow who
    joins or leaves a thread."""
    try:
        await thread.fetch_member(user_id)
    except discord.HTTPException:  # NotFound: not in the thread; anything else: not known to be
        return False
    return True
