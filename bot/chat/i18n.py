"""The bot's own sentences in English and Dutch; game texts come from each engine."""

from __future__ import annotations

from typing import Any

MESSAGES: dict[str, dict[str, str]] = {
    # refusals (service error codes)
    "no_game": {
        "en": "There is no game in this channel. Start one with `/join game:<name>`.",
        "nl": "Er is geen spel in dit kanaal. Begin er een met `/join game:<naam>`.",
    },
    "choose_game": {
        "en": "Which game? Use `/join game:<name>` (see `/games`).",
        "nl": "Welk spel? Gebruik `/join game:<naam>` (zie `/games`).",
    },
    "unknown_game": {
        "en": "I don't know a game called “{game}”. See `/games`.",
        "nl": "Ik ken geen spel “{game}”. Zie `/games`.",
    },
    "game_running": {"en": "A game is already running in this channel.", "nl": "In dit kanaal loopt al een spel."},
    "other_lobby": {
        "en": "This channel's lobby is for {game_name}; join that or use another channel.",
        "nl": "De lobby in dit kanaal is voor {game_name}; doe daaraan mee of gebruik een ander kanaal.",
    },
    "already_joined": {"en": "You have already joined this game.", "nl": "Je doet al mee aan dit spel."},
    "lobby_full": {"en": "The lobby is full ({max} players).", "nl": "De lobby is vol ({max} spelers)."},
    "not_in_lobby": {
        "en": "You are not in this channel's lobby. Use `/join` first.",
        "nl": "Je zit niet in de lobby van dit kanaal. Gebruik eerst `/join`.",
    },
    "leave_running": {
        "en": "The game is running; the host or a moderator can `/abandon` it.",
        "nl": "Het spel loopt; de gastheer of een moderator kan het `/abandon`-en.",
    },
    "too_few": {
        "en": "Not enough players: {have} joined, at least {min} needed.",
        "nl": "Te weinig spelers: {have} aangemeld, minstens {min} nodig.",
    },
    "too_many": {
        "en": "Too many players: {have} joined, at most {max} allowed.",
        "nl": "Te veel spelers: {have} aangemeld, hoogstens {max} toegestaan.",
    },
    "bad_count": {
        "en": "This game is played with {counts} players, not {have}.",
        "nl": "Dit spel speel je met {counts} spelers, niet met {have}.",
    },
    "bad_options": {"en": "Those options are not valid: {detail}", "nl": "Die opties kloppen niet: {detail}"},
    "abandon_denied": {
        "en": "Only the host or someone with Manage Channels can abandon the game.",
        "nl": "Alleen de gastheer of iemand met Kanalen beheren kan het spel afbreken.",
    },
    "closed": {"en": "This choice is no longer open.", "nl": "Deze keuze is niet meer open."},
    "not_a_player": {"en": "You are not playing in this game.", "nl": "Je speelt niet mee in dit spel."},
    "not_your_button": {"en": "This choice belongs to another player.", "nl": "Deze keuze is van een andere speler."},
    "not_your_turn": {"en": "It is not your turn.", "nl": "Je bent niet aan de beurt."},
    "illegal": {"en": "That is not allowed: {reason}", "nl": "Dat mag niet: {reason}"},
    "busy": {
        "en": "Someone else acted at the same moment; try again.",
        "nl": "Iemand anders deed tegelijk een zet; probeer het opnieuw.",
    },
    "error": {
        "en": "Something went wrong on my side; nothing was changed. Please try again.",
        "nl": "Er ging bij mij iets mis; er is niets veranderd. Probeer het opnieuw.",
    },
    "no_choice": {"en": "You have nothing to choose right now.", "nl": "Je hoeft nu niets te kiezen."},
    "bad_play": {
        "en": "Pick one of the suggestions: “{text}” is not a legal action now.",
        "nl": "Kies een van de suggesties: “{text}” is nu geen geldige zet.",
    },
    "bad_level": {
        "en": "There is no AI level “{level}”; choose {levels}.",
        "nl": "Er is geen AI-niveau “{level}”; kies {levels}.",
    },
    "addbot_running": {
        "en": "The game is already running: AI players can only be added in the lobby.",
        "nl": "Het spel loopt al: AI-spelers kun je alleen in de lobby toevoegen.",
    },
    "removebot_running": {
        "en": "The game is already running: AI players can only be removed in the lobby.",
        "nl": "Het spel loopt al: AI-spelers kun je alleen in de lobby weghalen.",
    },
    "no_bot": {
        "en": "There is no AI player {name} in this lobby.",
        "nl": "Er zit geen AI-speler {name} in deze lobby.",
    },
    "only_ai": {
        "en": "A game needs at least one person; AI players alone cannot play.",
        "nl": "Een spel heeft minstens één mens nodig; AI-spelers alleen kunnen niet spelen.",
    },
    "dm_only_guild": {
        "en": "Use this command in the channel of the game.",
        "nl": "Gebruik deze opdracht in het kanaal van het spel.",
    },
    # lobby and announcements
    "joined": {
        "en": "{name} joined {game_name} ({count}/{max}). `/start` when everyone is in.",
        "nl": "{name} doet mee aan {game_name} ({count}/{max}). `/start` zodra iedereen er is.",
    },
    "bot_added": {
        "en": "{who} seated the AI player {name} ({count}/{max}).",
        "nl": "{who} heeft AI-speler {name} erbij gezet ({count}/{max}).",
    },
    "bot_removed": {
        "en": "{who} took the AI player {name} out of the lobby.",
        "nl": "{who} heeft AI-speler {name} uit de lobby gehaald.",
    },
    "ai_seat": {"en": "{name} (AI, {level})", "nl": "{name} (AI, {level})"},
    "level_easy": {"en": "easy", "nl": "makkelijk"},
    "level_normal": {"en": "normal", "nl": "normaal"},
    "level_hard": {"en": "hard", "nl": "moeilijk"},
    "players": {"en": "Players", "nl": "Spelers"},
    "left": {"en": "{name} left the lobby.", "nl": "{name} heeft de lobby verlaten."},
    "lobby_closed": {"en": "{name} left; the lobby is closed.", "nl": "{name} is weg; de lobby is gesloten."},
    "started": {
        "en": "{game_name} begins! Players in order: {players}.",
        "nl": "{game_name} begint! Spelers in volgorde: {players}.",
    },
    "abandoned": {"en": "The game was abandoned by {name}.", "nl": "Het spel is afgebroken door {name}."},
    "finished": {"en": "Game over!", "nl": "Het spel is afgelopen!"},
    "rank_line": {"en": "{rank}. {name}: {score}", "nl": "{rank}. {name}: {score}"},
    "tiebreak": {"en": "Tie broken by: {tiebreak}", "nl": "Gelijkspel beslist door: {tiebreak}"},
    "dm_refused": {
        "en": "{mention}, I can't send you direct messages. Press **Make my choice** below or use `/hand`.",
        "nl": "{mention}, ik kan je geen privéberichten sturen. Druk hieronder op **Mijn keuze maken** of gebruik `/hand`.",
    },
    "dm_sent": {"en": "Your choice is waiting in your DMs.", "nl": "Je keuze staat klaar in je privéberichten."},
    "your_turn": {
        "en": "{mentions}: your turn on the table message. {what}",
        "nl": "{mentions}: jij bent aan de beurt, op het tafelbericht. {what}",
    },
    "waiting_for": {"en": "Waiting for: {names}", "nl": "Wachten op: {names}"},
    "lobby_title": {"en": "{game_name} — lobby", "nl": "{game_name} — lobby"},
    "lobby_players": {"en": "Players ({count}/{max}): {names}", "nl": "Spelers ({count}/{max}): {names}"},
    "make_choice": {"en": "Make my choice", "nl": "Mijn keuze maken"},
    "back": {"en": "Back", "nl": "Terug"},
    "more": {"en": "Choose…", "nl": "Kies…"},
    "chosen": {"en": "Done: {label}", "nl": "Gedaan: {label}"},
    "your_view": {"en": "Your view", "nl": "Jouw overzicht"},
    "in_game": {"en": "{game_name} in <#{channel}>", "nl": "{game_name} in <#{channel}>"},
    "games_title": {"en": "Games you can play", "nl": "Spellen die je kunt spelen"},
    "games_line": {
        "en": "**{game_name}** (`{key}`): {players} players{options}",
        "nl": "**{game_name}** (`{key}`): {players} spelers{options}",
    },
    "games_options": {"en": "; options: {options}", "nl": "; opties: {options}"},
    "help_title": {"en": "Speltafel commands", "nl": "Speltafel-opdrachten"},
    "help_body": {
        "en": (
            "`/join [game]` join or open a lobby in this channel\n`/leave` leave the lobby\n"
            "`/start [options]` start the game (e.g. `simultaneous_commit=true`)\n"
            "`/status` the table · `/hand` your private view and choices\n"
            "`/play action` type an action (with suggestions)\n"
            "`/addbot [level]` · `/removebot [name]` seat or remove an AI player in the lobby\n"
            "`/abandon` end the game (host or Manage Channels)\n`/rules [game]` · `/games` · `/help`\n"
            "Secret choices come by DM; if your DMs are closed, press **Make my choice**."
        ),
        "nl": (
            "`/join [spel]` meedoen of een lobby openen in dit kanaal\n`/leave` de lobby verlaten\n"
            "`/start [opties]` het spel starten (bv. `simultaneous_commit=true`)\n"
            "`/status` de tafel · `/hand` je eigen overzicht en keuzes\n"
            "`/play zet` een zet typen (met suggesties)\n"
            "`/addbot [niveau]` · `/removebot [naam]` een AI-speler in de lobby zetten of weghalen\n"
            "`/abandon` het spel beëindigen (gastheer of Kanalen beheren)\n`/rules [spel]` · `/games` · `/help`\n"
            "Geheime keuzes gaan per privébericht; staan die uit, druk dan op **Mijn keuze maken**."
        ),
    },
}


def lang_of(locale: object, default: str = "en") -> str:
    """`nl` for any Dutch locale, else English (or the configured default for unknown ones)."""
    text = str(getattr(locale, "value", locale) or "").lower()
    if text.startswith("nl"):
        return "nl"
    if text.startswith("en"):
        return "en"
    return default


def t(code: str, lang: str, **params: Any) -> str:
    entry = MESSAGES.get(code)
    if entry is None:
        return code
    text = entry.get(lang) or entry["en"]
    game = params.get("game")
    if isinstance(game, dict):  # localised game names travel as {lang: name}
        params["game_name"] = game.get(lang) or game.get("en")
    try:
        return text.format(**params)
    except (KeyError, IndexError):
        return text
