"""What the local table's command line says, in English and Dutch."""

from __future__ import annotations

from typing import Any

WORDS: dict[str, dict[str, str]] = {
    "started": {"en": "A new game of {game}: {seats}.", "nl": "Een nieuw spel {game}: {seats}."},
    "resumed": {
        "en": "The unfinished game of {game} goes on where it was (game {id}, step {version}): {seats}.",
        "nl": "Het onafgemaakte spel {game} gaat verder waar het was (spel {id}, stap {version}): {seats}.",
    },
    "ai_seat": {"en": "{name} (AI, {level})", "nl": "{name} (AI, {level})"},
    "ai_added": {
        "en": "{game} needs {players} seats: {count} more AI player joins ({level}).",
        "nl": "{game} heeft {players} plaatsen nodig: er komt {count} AI-speler bij ({level}).",
    },
    "ai_added_many": {
        "en": "{game} needs {players} seats: {count} more AI players join ({level}).",
        "nl": "{game} heeft {players} plaatsen nodig: er komen {count} AI-spelers bij ({level}).",
    },
    "ignored": {
        "en": "The unfinished game goes on as it was set up, so {args} is not used (--new starts a new game).",
        "nl": "Het onafgemaakte spel gaat verder zoals het begon, dus {args} wordt niet gebruikt (--new begint een nieuw spel).",
    },
    "ended": {
        "en": "The unfinished game of {game} (game {id}) was ended; a new one begins.",
        "nl": "Het onafgemaakte spel {game} (spel {id}) is beëindigd; een nieuw begint.",
    },
    "table_at": {"en": "The table is open at {address}", "nl": "De tafel staat open op {address}"},
    "seat_links": {
        "en": "Each person opens their own link (it shows their secrets: give it to them only):",
        "nl": "Ieder opent de eigen link (die toont de eigen geheimen: geef hem alleen aan die persoon):",
    },
    "your_link": {"en": "Your link:", "nl": "Jouw link:"},
    "hand_over_link": {
        "en": "One page for {names}, passed from person to person:",
        "nl": "Eén pagina voor {names}, doorgegeven van persoon tot persoon:",
    },
    "watch_link": {"en": "Watch (public view, no secrets):", "nl": "Meekijken (openbaar beeld, geen geheimen):"},
    "network": {
        "en": "Other devices on this network reach the table at these addresses.",
        "nl": "Andere apparaten op dit netwerk bereiken de tafel op deze adressen.",
    },
    "browser": {"en": "Opening the first link in your browser.", "nl": "De eerste link gaat open in je browser."},
    "port_taken": {
        "en": "Port {port} is in use, so the table took port {other}.",
        "nl": "Poort {port} is bezet, dus de tafel nam poort {other}.",
    },
    "port_busy": {
        "en": "Port {port} on {host} cannot be used ({why}); choose another with --port.",
        "nl": "Poort {port} op {host} is niet te gebruiken ({why}); kies een andere met --port.",
    },
    "not_built": {
        "en": "The board page is not built: cd web && npm ci && npm run build",
        "nl": "De bordpagina is niet gebouwd: cd web && npm ci && npm run build",
    },
    "stop_hint": {
        "en": "Ctrl-C stops the table; the game is kept. To go on later: {command}",
        "nl": "Ctrl-C stopt de tafel; het spel blijft bewaard. Later verder: {command}",
    },
    "stopped": {
        "en": "The table stopped; the game is kept. To go on: {command}",
        "nl": "De tafel is gestopt; het spel blijft bewaard. Verder spelen: {command}",
    },
    "over": {
        "en": "The game is over; the page shows the result and the replay. Ctrl-C stops the table.",
        "nl": "Het spel is afgelopen; de pagina toont de uitslag en de herhaling. Ctrl-C stopt de tafel.",
    },
    "ended_by_vote": {
        "en": "The players voted to end the game. Ctrl-C stops the table.",
        "nl": "De spelers stemden om het spel te beëindigen. Ctrl-C stopt de tafel.",
    },
    "stopped_over": {"en": "The table stopped.", "nl": "De tafel is gestopt."},
    "name_a_game": {
        "en": "There is no unfinished game to go on with: name a game ({games}).",
        "nl": "Er is geen onafgemaakt spel om mee verder te gaan: noem een spel ({games}).",
    },
    "several": {
        "en": "There are several unfinished games; name the one to go on with: {games}.",
        "nl": "Er zijn meerdere onafgemaakte spellen; noem het spel om mee verder te gaan: {games}.",
    },
    "needs_game": {
        "en": "{args} needs a game: python -m bot local GAME {args}",
        "nl": "{args} vraagt om een spel: python -m bot local SPEL {args}",
    },
    "bad_count": {
        "en": "{game} is played by {counts} players, not {players}.",
        "nl": "{game} wordt met {counts} spelers gespeeld, niet met {players}.",
    },
    "too_many_ai": {
        "en": "{ai} AI seats leave no seat for a person at a table of {players}.",
        "nl": "{ai} AI-plaatsen laten aan een tafel van {players} geen plaats voor een persoon.",
    },
    "names_count": {
        "en": "{count} names for {people} people: give one name per person (--names).",
        "nl": "{count} namen voor {people} personen: geef één naam per persoon (--names).",
    },
    "names_twice": {
        "en": "Each person needs a name of their own: {name} is given twice.",
        "nl": "Iedereen heeft een eigen naam nodig: {name} staat er twee keer.",
    },
    "bad_name": {
        "en": "A name is 1 to 32 characters, without line breaks: {name} is not.",
        "nl": "Een naam is 1 tot 32 tekens, zonder regeleinden: {name} niet.",
    },
    "hand_over_alone": {
        "en": "--hand-over passes one page between people; this table has one person, who gets their own link.",
        "nl": "--hand-over geeft één pagina door tussen personen; aan deze tafel zit één persoon, met een eigen link.",
    },
    "player": {"en": "Player {n}", "nl": "Speler {n}"},
    "database": {"en": "Database: {error}", "nl": "Database: {error}"},
}

#: what a local table's pages say their own way (the web table's other words are as in Discord):
#: a new link comes from the command, not from /board
PAGE_WORDS: dict[str, dict[str, str]] = {
    "refused": {
        "en": "This link does not open this table (it was altered, or is another table's). The command "
        "that opened the table prints its links each time it starts.",
        "nl": "Deze link opent deze tafel niet (hij is veranderd, of hoort bij een andere tafel). Het "
        "commando dat de tafel opende toont de links telkens als het start.",
    },
    "seat_lost": {
        "en": "This link no longer opens your seat: you do not play it any more. Watch with the watch "
        "link the command printed.",
        "nl": "Deze link opent je plaats niet meer: je speelt hem niet meer. Kijk mee met de meekijklink "
        "die het commando toonde.",
    },
}


def say(key: str, lang: str, **params: Any) -> str:
    entry = WORDS[key]
    return (entry.get(lang) or entry["en"]).format(**params)
