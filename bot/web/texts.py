"""The web page's own words in English and Dutch (the game's texts come from each engine, refusals
from the chat's messages, so both places say the same)."""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "your_turn": {"en": "Your turn", "nl": "Jij bent aan de beurt"},
    "waiting_for": {"en": "Waiting for {names}", "nl": "Wachten op {names}"},
    "players": {"en": "Players", "nl": "Spelers"},
    "log": {"en": "What happened", "nl": "Wat er gebeurde"},
    "recent": {"en": "Since your last move", "nl": "Sinds jouw laatste zet"},
    "recent_public": {"en": "Latest moves", "nl": "Laatste zetten"},
    "last_move": {"en": "Last move", "nl": "Laatste zet"},
    "choices": {"en": "Your choices", "nl": "Jouw keuzes"},
    "no_choice": {"en": "Nothing to choose right now.", "nl": "Nu valt er niets te kiezen."},
    "back": {"en": "Back", "nl": "Terug"},
    "spectator": {"en": "Watching (public view)", "nl": "Meekijken (openbaar beeld)"},
    "you": {"en": "you", "nl": "jij"},
    "finished": {"en": "The game is over.", "nl": "Het spel is afgelopen."},
    "votes": {"en": "Time ran out", "nl": "De tijd is om"},
    "board": {"en": "The board", "nl": "Het bord"},
    "reconnecting": {"en": "Connection lost, reconnecting…", "nl": "Verbinding weg, opnieuw verbinden…"},
    "refused": {
        "en": "This board link is not valid (it expired or was altered). Ask for a new one with /board.",
        "nl": "Deze bordlink is niet geldig (verlopen of veranderd). Vraag een nieuwe met /board.",
    },
    "seat_lost": {
        "en": "This link no longer opens your seat: you do not play it any more. Watch with /board.",
        "nl": "Deze link opent je plaats niet meer: je speelt hem niet meer. Kijk mee met /board.",
    },
    "too_many_pages": {
        "en": "This board is open in too many windows; this one was closed. Reload to open it here.",
        "nl": "Dit bord is in te veel vensters open; dit venster is gesloten. Herlaad om het hier te openen.",
    },
    "malformed": {
        "en": "The request was malformed.",
        "nl": "Het verzoek was onjuist opgebouwd.",
    },
    "activity_refused": {
        "en": "Discord did not confirm who you are; close the Activity and open it again.",
        "nl": "Discord bevestigde niet wie je bent; sluit de Activity en open hem opnieuw.",
    },
    "activity_no_game": {
        "en": "No game is being played in this channel that you can open. Start one with /join and /start.",
        "nl": "In dit kanaal loopt geen spel dat jij kunt openen. Begin er een met /join en /start.",
    },
    "not_over": {"en": "The game is not over yet.", "nl": "Het spel is nog niet afgelopen."},
    "replay": {"en": "Replay", "nl": "Herhaling"},
    "public_view": {"en": "Public view", "nl": "Openbaar beeld"},
    "view_of": {"en": "View", "nl": "Beeld"},
    "round": {"en": "Round", "nl": "Ronde"},
    "first": {"en": "First step", "nl": "Eerste stap"},
    "previous": {"en": "Step back", "nl": "Stap terug"},
    "play": {"en": "Play", "nl": "Afspelen"},
    "pause": {"en": "Pause", "nl": "Pauze"},
    "next": {"en": "Step forward", "nl": "Stap vooruit"},
    "last": {"en": "Last step", "nl": "Laatste stap"},
    "step": {"en": "Step", "nl": "Stap"},
    # one page passed from person to person (a local table's hand-over link)
    "hand_over": {"en": "Pass the device to {name}", "nl": "Geef het apparaat aan {name}"},
    "hand_over_ready": {"en": "I am {name}: show my seat", "nl": "Ik ben {name}: toon mijn plaats"},
    "title_turn": {"en": "▶ Your turn · {game}", "nl": "▶ Jij bent aan zet · {game}"},
    "title_waiting": {"en": "Waiting for {names} · {game}", "nl": "Wachten op {names} · {game}"},
    "sound": {"en": "Sound when it is my turn", "nl": "Geluid als ik aan zet ben"},
    "marked": {
        "en": "Dashed outlines mark where you can act. Esc undoes a first click.",
        "nl": "Gestreepte randen tonen waar je iets kunt doen. Esc maakt een eerste klik ongedaan.",
    },
    "slow_down": {"en": "Too many requests; wait a moment.", "nl": "Te veel verzoeken; wacht even."},
    "not_built": {
        "en": "The board page is not built on this server: cd web && npm ci && npm run build",
        "nl": "De bordpagina is op deze server niet gebouwd: cd web && npm ci && npm run build",
    },
}


def lang_of_locale(locale: object) -> str | None:
    """The page's language for a Discord locale (``nl``, ``en-GB``...), or None for one it does not speak."""
    text = str(locale or "").lower()
    return "nl" if text.startswith("nl") else "en" if text.startswith("en") else None


def lang_of_header(accept_language: str | None) -> str:
    """Dutch when the browser prefers Dutch over English, English otherwise."""
    for part in (accept_language or "").split(","):
        tag = part.split(";")[0].strip().lower()
        if tag.startswith("nl"):
            return "nl"
        if tag.startswith("en"):
            return "en"
    return "en"


def texts(lang: str) -> dict[str, str]:
    return {key: entry.get(lang) or entry["en"] for key, entry in TEXTS.items()}
