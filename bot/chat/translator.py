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
    "Your link to this game's board in the browser, and one for watchers.": "Jouw link naar het bord van dit spel in de browser, en een voor kijkers.",
    "Your private view and your choices, only for you.": "Jouw eigen overzicht en keuzes, alleen voor jou.",
    "Make a move by typing it (suggestions list the legal ones).": "Doe een zet door hem te typen (de suggesties zijn de geldige zetten).",
    "Start typing; pick one of the suggestions": "Begin te typen; kies een van de suggesties",
    "Take a player out of this channel's lobby (host).": "Haal een speler uit de lobby van dit kanaal (gastheer).",
    "Who to take out": "Wie eruit moet",
    "Time each player has per turn before the others may let a bot play (default: the server's)": "Tijd per beurt voordat de anderen een bot mogen laten spelen (standaard: die van de server)",
    "Give up the game in this channel.": "Geef het spel in dit kanaal op.",
    "How you hear that it is your turn.": "Hoe je hoort dat je aan de beurt bent.",
    "on: mentioned in the channel · dm: also a direct message · off: no ping": "on: genoemd in het kanaal · dm: ook een privébericht · off: geen melding",
    "Your running games in every server, and whose turn it is.": "Je lopende spellen op elke server, en wie aan de beurt is.",
    "This server's settings (Manage Server to change them).": "De instellingen van deze server (wijzigen met Server beheren).",
    "The language of the bot's messages in channels": "De taal van de berichten van de bot in kanalen",
    "The default turn clock of /start": "De standaard beurtklok van /start",
    "Open a new thread for every game (several games per channel)": "Open een nieuwe thread per spel (meerdere spellen per kanaal)",
    "The games offered, by name or key, separated by commas, or all": "De aangeboden spellen, op naam of sleutel, met komma's gescheiden, of all",
    "The only channel the bot plays in": "Het enige kanaal waarin de bot speelt",
    "Lift the channel limit": "Hef de kanaalbeperking op",
    "This server's best players of a game.": "De beste spelers van een spel op deze server.",
    "Which game (default: this channel's, else the most played)": "Welk spel (standaard: dat van dit kanaal, anders het meest gespeelde)",
    "A player's record on this server, per game.": "De resultaten van een speler op deze server, per spel.",
    "Whose record (default: yours)": "Wiens resultaten (standaard: de jouwe)",
    "The last finished games in this channel or on this server.": "De laatst uitgespeelde spellen in dit kanaal of op deze server.",
    "The whole server instead of this channel": "De hele server in plaats van dit kanaal",
    "An animated replay of a finished game.": "Een geanimeerde herhaling van een uitgespeeld spel.",
    "The game's number (see /history)": "Het nummer van het spel (zie /history)",
    "A finished game's full log as a JSON file.": "Het volledige verloop van een uitgespeeld spel als JSON-bestand.",
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
