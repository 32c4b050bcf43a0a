"""Dutch descriptions of the slash commands for Dutch Discord clients; names stay as typed."""

from __future__ import annotations

import discord
from discord import app_commands

DUTCH: dict[str, str] = {
    "Join this channel's game, or open a lobby for a game.": "Doe mee met het spel in dit kanaal, of open een lobby voor een spel.",
    "The game to open a lobby for (see /games)": "Het spel waarvoor je een lobby opent (zie /games)",
    "Leave this channel's lobby.": "Verlaat de lobby van dit kanaal.",
    "Start the game in this channel.": "Start het spel in dit kanaal.",
    "Options as key=value, e.g. simultaneous_commit=true (see /games)": "Opties als sleutel=waarde, bv. simultaneous_commit=true (zie /games)",
    "End this channel's game (host or Manage Channels).": "Beëindig het spel in dit kanaal (gastheer of Kanalen beheren).",
    "The games you can play here.": "De spellen die je hier kunt spelen.",
    "A short summary of a game's rules.": "Een korte samenvatting van de spelregels.",
    "Which game (default: this channel's)": "Welk spel (standaard: dat van dit kanaal)",
    "How to play with this bot.": "Hoe je met deze bot speelt.",
    "Seat an AI player in this channel's lobby.": "Zet een AI-speler in de lobby van dit kanaal.",
    "How strong it plays: easy, normal (default) or hard": "Hoe sterk hij speelt: easy (makkelijk), normal (normaal, standaard) of hard (moeilijk)",
    "Take an AI player out of this channel's lobby.": "Haal een AI-speler uit de lobby van dit kanaal.",
    "Which AI player (default: the last one seated)": "Welke AI-speler (standaard: de laatst toegevoegde)",
    "Show this channel's table.": "Toon de tafel van dit kanaal.",
    "Your private view and your choices, only for you.": "Jouw eigen overzicht en keuzes, alleen voor jou.",
    "Make a move by typing it (suggestions list the legal ones).": "Doe een zet door hem te typen (de suggesties zijn de geldige zetten).",
    "Start typing; pick one of the suggestions": "Begin te typen; kies een van de suggesties",
}


class DutchDescriptions(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        if locale is not discord.Locale.dutch:
            return None
        if context.location in (
            app_commands.TranslationContextLocation.command_description,
            app_commands.TranslationContextLocation.parameter_description,
        ):
            return DUTCH.get(string.message)
        return None
