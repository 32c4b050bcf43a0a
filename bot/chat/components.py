"""Persistent components: their state lives in the custom_id, so they work after a restart.

One DynamicItem class per component kind; each parses its custom_id and hands the press to the
controller, which checks where it was pressed and against the game's current prompt before anything
is applied. Templates accept any digits; an id that cannot be real parses to None and is refused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

import discord

from bot.service.menus import CUSTOM_ID, MAX_SEATS, MAX_SEQ, bounded

if TYPE_CHECKING:
    from bot.chat.app import Speltafel

Pressed = TypeVar("Pressed", bound=discord.ui.DynamicItem[Any])

__all__ = (
    "BackButton",
    "ChoiceButton",
    "ChoiceSelect",
    "HandButton",
    "ReplayButton",
    "ResendButton",
    "TakeBackButton",
    "TallySelect",
    "VoteButton",
)


def _app(interaction: discord.Interaction) -> Speltafel:
    return interaction.client  # type: ignore[return-value]


def _as_pressed(made: Pressed, item: discord.ui.Item[Any], **ids: int | None) -> Pressed:
    """The component as pressed: its own custom_id kept, its ids as parsed (None: cannot be real)."""
    made.custom_id = getattr(item, "custom_id", None) or made.custom_id
    for name, value in ids.items():
        setattr(made, name, value)
    return made


class ChoiceButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=CUSTOM_ID.pattern):
    """One option of a menu step (or Back): pressing it follows its path."""

    def __init__(
        self,
        custom_id: str,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
    ) -> None:
        super().__init__(discord.ui.Button(label=label[:80], custom_id=custom_id, style=style, row=row))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: Any, /
    ) -> ChoiceButton:
        return cls(item.custom_id or "", item.label or "…", item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _app(interaction).controller.press(interaction, self.item.custom_id or "")


def _select(
    custom_id: str, options: list[discord.SelectOption] | None, placeholder: str | None, most: int, row: int | None
) -> discord.ui.Select[Any]:
    """A select picking one option, or up to ``most`` of them; a rebuilt one (``from_custom_id``)
    carries a stand-in option until Discord's own are read."""
    options = options or [discord.SelectOption(label="…", value="-")]
    return discord.ui.Select(
        custom_id=custom_id,
        options=options,
        placeholder=placeholder,
        min_values=1,
        max_values=max(1, min(most, len(options))),
        row=row,
    )


class ChoiceSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template="s" + CUSTOM_ID.pattern):
    """A menu step with many options; each option's value is the full path to follow."""

    def __init__(
        self,
        custom_id: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        row: int | None = None,
    ) -> None:
        super().__init__(_select(custom_id, options, placeholder, 1, row))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select[Any], match: Any, /
    ) -> ChoiceSelect:
        return cls(item.custom_id or "", list(item.options), item.placeholder)

    async def callback(self, interaction: discord.Interaction) -> None:
        base = (self.item.custom_id or "")[1:]  # drop the "s" marker
        head, _, _ = base.rpartition(":")
        value = self.item.values[0] if self.item.values else ""
        await _app(interaction).controller.press(interaction, f"{head}:{value}")


class TallySelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template="t" + CUSTOM_ID.pattern):
    """A whole decision as one pick of pieces (chips to commit): each option one piece."""

    def __init__(
        self,
        custom_id: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        most: int = 1,
        row: int | None = None,
    ) -> None:
        super().__init__(_select(custom_id, options, placeholder, most, row))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select[Any], match: Any, /
    ) -> TallySelect:
        return cls(item.custom_id or "", list(item.options), item.placeholder, item.max_values)

    async def callback(self, interaction: discord.Interaction) -> None:
        custom_id = (self.item.custom_id or "")[1:]  # drop the "t" marker
        await _app(interaction).controller.press(interaction, custom_id, tally=list(self.item.values))


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"mk:(?P<game>\d+)"):
    """“Make my choice”: the presser's private view and menu, ephemerally (the DM fallback)."""

    def __init__(self, game_id: int, label: str = "Make my choice") -> None:
        super().__init__(
            discord.ui.Button(label=label, custom_id=f"mk:{game_id}", style=discord.ButtonStyle.success, emoji="🂠")
        )
        self.game_id: int | None = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: Any, /
    ) -> HandButton:
        return _as_pressed(cls(0, item.label or "Make my choice"), item, game_id=bounded(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _app(interaction).controller.hand_button(interaction, self.game_id)


class VoteButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"vt:(?P<game>\d+):(?P<seat>\d+):(?P<choice>[a-z]+)"
):
    """After a seat's time ran out: “Let a bot play for NAME” (sb) or “End the game” (end)."""

    def __init__(self, game_id: int, seat: int, choice: str, label: str = "…", row: int | None = None) -> None:
        style = discord.ButtonStyle.primary if choice == "sb" else discord.ButtonStyle.danger
        super().__init__(
            discord.ui.Button(label=label[:80], custom_id=f"vt:{game_id}:{seat}:{choice}", style=style, row=row)
        )
        self.game_id: int | None = game_id
        self.seat: int | None = seat
        self.choice = choice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: Any, /
    ) -> VoteButton:
        made = cls(0, 0, match["choice"], item.label or "…")
        return _as_pressed(made, item, game_id=bounded(match["game"]), seat=bounded(match["seat"], MAX_SEATS - 1))

    async def callback(self, interaction: discord.Interaction) -> None:
        choice = {"sb": "stand_in", "end": "end"}.get(self.choice, "")
        await _app(interaction).controller.vote(interaction, self.game_id, self.seat, choice)


class BackButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"bk:(?P<game>\d+)"):
    """“I'm back”: a person whose seat a stand-in plays takes it over again."""

    def __init__(self, game_id: int, label: str = "I'm back", row: int | None = None) -> None:
        super().__init__(
            discord.ui.Button(label=label, custom_id=f"bk:{game_id}", style=discord.ButtonStyle.success, row=row)
        )
        self.game_id: int | None = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: Any, /
    ) -> BackButton:
        return _as_pressed(cls(0, item.label or "I'm back"), item, game_id=bounded(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _app(interaction).controller.come_back(interaction, self.game_id)


class TakeBackButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tb:(?P<game>\d+):(?P<seat>\d+):(?P<seq>\d+)"
):
    """“↶ Take back” on a person's private answer: takes back the action numbered ``seq`` of that
    seat, if it is still the game's last one."""

    def __init__(self, game_id: int, seat: int, seq: int, label: str = "↶ Take back", row: int | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80], custom_id=f"tb:{game_id}:{seat}:{seq}", style=discord.ButtonStyle.secondary, row=row
            )
        )
        self.game_id: int | None = game_id
        self.seat: int | None = seat
        self.seq: int | None = seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: Any, /
    ) -> TakeBackButton:
        ids = {
            "game_id": bounded(match["game"]),
            "seat": bounded(match["seat"], MAX_SEATS - 1),
            "seq": bounded(match["seq"], MAX_SEQ),
        }
        return _as_pressed(cls(0, 0, 0, item.label or "↶ Take back"), item, **ids)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _app(interaction).controller.take_back(interaction, self.game_id, self.seat, self.seq)


class ResendButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"rs:(?P<game>\d+)"):
    """From /mygames: send me my secret choice's buttons again."""

    def __init__(self, game_id: int, label: str = "Send my choice again") -> None:
        super().__init__(
            discord.ui.Button(label=label[:80], custom_id=f"rs:{game_id}", style=discord.ButtonStyle.secondary)
        )
        self.game_id: int | None = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: Any, /
    ) -> ResendButton:
        return _as_pressed(cls(0, item.label or "Send my choice again"), item, game_id=bounded(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _app(interaction).controller.resend(interaction, self.game_id)


class ReplayButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"rp:(?P<game>\d+)"):
    """Under a finished game's result: post its animated replay."""

    def __init__(self, game_id: int, label: str = "Replay") -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80], custom_id=f"rp:{game_id}", style=discord.ButtonStyle.secondary, emoji="🎞"
            )
        )
        self.game_id: int | None = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: Any, /
    ) -> ReplayButton:
        return _as_pressed(cls(0, item.label or "Replay"), item, game_id=bounded(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _app(interaction).controller.replay_button(interaction, self.game_id)
