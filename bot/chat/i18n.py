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
    "duplicate_option": {
        "en": "The option `{key}` is given more than once; give each option once.",
        "nl": "De optie `{key}` staat er meer dan eens; geef elke optie één keer.",
    },
    "abandon_denied": {
        "en": "Only the host or someone with Manage Channels can abandon the game.",
        "nl": "Alleen de gastheer of iemand met Kanalen beheren kan het spel afbreken.",
    },
    "closed": {"en": "This choice is no longer open.", "nl": "Deze keuze is niet meer open."},
    "tally_not_allowed": {
        "en": "That pick is not allowed; nothing was done. {rule}",
        "nl": "Die keuze mag niet; er is niets gedaan. {rule}",
    },
    "tally_placeholder": {"en": "…or pick them all at once", "nl": "…of kies ze allemaal in één keer"},
    "board_links": {
        "en": "**Your board** (only for you, valid {hours} hours): <{mine}>\n**For watchers** (public view): <{watch}>",
        "nl": "**Jouw bord** (alleen voor jou, {hours} uur geldig): <{mine}>\n**Voor kijkers** (openbaar beeld): <{watch}>",
    },
    "board_open": {"en": "Open the board", "nl": "Open het bord"},
    "replay_web": {"en": "Replay in the browser", "nl": "Herhaling in de browser"},
    "board_mine": {"en": "Your board", "nl": "Jouw bord"},
    "activity_open": {"en": "Open the board in Discord", "nl": "Open het bord in Discord"},
    "activity_unavailable": {
        "en": "The board can't be opened in Discord here; use /board for a link.",
        "nl": "Het bord kan hier niet in Discord geopend worden; gebruik /board voor een link.",
    },
    "board_watch": {
        "en": "You don't play here; **for watchers** (public view, valid {hours} hours): <{watch}>",
        "nl": "Je speelt hier niet mee; **voor kijkers** (openbaar beeld, {hours} uur geldig): <{watch}>",
    },
    "not_a_player": {"en": "You are not playing in this game.", "nl": "Je speelt niet mee in dit spel."},
    "not_your_button": {"en": "This choice belongs to another player.", "nl": "Deze keuze is van een andere speler."},
    "not_your_turn": {"en": "It is not your turn.", "nl": "Je bent niet aan de beurt."},
    "illegal": {"en": "That is not allowed: {reason}", "nl": "Dat mag niet: {reason}"},
    "busy": {
        "en": "Someone else acted at the same moment; try again.",
        "nl": "Iemand anders deed tegelijk een zet; probeer het opnieuw.",
    },
    "db_unavailable": {
        "en": "The games' database is not answering right now; nothing was changed. Try again in a moment.",
        "nl": "De database van de spellen antwoordt nu niet; er is niets veranderd. Probeer het zo opnieuw.",
    },
    "error": {
        "en": "Something went wrong on my side; nothing was changed. Please try again.",
        "nl": "Er ging bij mij iets mis; er is niets veranderd. Probeer het opnieuw.",
    },
    "no_choice": {"en": "You have nothing to choose right now.", "nl": "Je hoeft nu niets te kiezen."},
    "no_game_of_yours": {
        "en": "You are not playing in a running game. Join one with `/join` in a server's channel.",
        "nl": "Je speelt in geen lopend spel mee. Doe mee met `/join` in een kanaal van een server.",
    },
    "hand_which": {
        "en": "Several games are waiting for you. Which one?",
        "nl": "Er wachten meerdere spellen op jou. Welk spel?",
    },
    "hand_which_line": {"en": "**{game_name}** in <#{channel}>", "nl": "**{game_name}** in <#{channel}>"},
    "hand_which_button": {"en": "{game_name} in #{place}", "nl": "{game_name} in #{place}"},
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
    "bad_clock": {
        "en": "There is no clock “{clock}”; choose {clocks}.",
        "nl": "Er is geen klok “{clock}”; kies {clocks}.",
    },
    "bad_notify": {"en": "Choose on, dm or off, not “{mode}”.", "nl": "Kies on, dm of off, niet “{mode}”."},
    "bad_language": {"en": "Choose en or nl, not “{language}”.", "nl": "Kies en of nl, niet “{language}”."},
    "vote_self": {
        "en": "You are the one the game waits for: just make your move.",
        "nl": "Het spel wacht op jou: doe gewoon je zet.",
    },
    "vote_denied": {
        "en": "Only the other players of this game, the host or someone with Manage Channels can decide this.",
        "nl": "Alleen de andere spelers van dit spel, de gastheer of iemand met Kanalen beheren beslist dit.",
    },
    "not_away": {
        "en": "You are playing your seat yourself; no stand-in plays for you.",
        "nl": "Je speelt zelf; er speelt geen vervanger voor je.",
    },
    "resigned": {
        "en": "You have resigned from this game; a stand-in plays your seat to the end.",
        "nl": "Je hebt opgegeven; een vervanger speelt je plaats uit.",
    },
    "resign_lobby": {
        "en": "The game has not started: use `/leave` to leave the lobby.",
        "nl": "Het spel is nog niet begonnen: verlaat de lobby met `/leave`.",
    },
    "kick_running": {
        "en": "The game is running: a player who is away can be replaced by a stand-in when the turn clock runs out.",
        "nl": "Het spel loopt: een afwezige speler kan een vervanger krijgen als de beurtklok afloopt.",
    },
    "kick_denied": {
        "en": "Only the host or someone with Manage Channels can take players out of the lobby.",
        "nl": "Alleen de gastheer of iemand met Kanalen beheren kan spelers uit de lobby halen.",
    },
    "kick_unknown": {"en": "That person is not in this lobby.", "nl": "Die persoon zit niet in deze lobby."},
    "kick_self": {"en": "To leave the lobby yourself, use `/leave`.", "nl": "Gebruik `/leave` om zelf te vertrekken."},
    "wrong_channel": {
        "en": "On this server the games are played in <#{channel}>.",
        "nl": "Op deze server wordt in <#{channel}> gespeeld.",
    },
    "game_not_offered": {
        "en": "{game_name} is not offered on this server (see `/games`).",
        "nl": "{game_name} wordt op deze server niet aangeboden (zie `/games`).",
    },
    "config_denied": {
        "en": "Changing the server's settings needs the Manage Server permission. `/config` alone shows them.",
        "nl": "Voor het wijzigen van de serverinstellingen heb je Server beheren nodig. `/config` alleen toont ze.",
    },
    "no_finished_game": {
        "en": "There is no finished game #{game_id} on this server (see `/history`).",
        "nl": "Er is geen uitgespeeld spel #{game_id} op deze server (zie `/history`).",
    },
    "no_history": {
        "en": "No finished games on this server yet; name a game: `/leaderboard game:<name>`.",
        "nl": "Nog geen uitgespeelde spellen op deze server; noem een spel: `/leaderboard game:<naam>`.",
    },
    "replay_wait_person": {
        "en": "You asked for a replay a moment ago, and drawing one takes a while: you can ask for another "
        "in {seconds} s. A replay that was drawn before is shown at once.",
        "nl": "Je vroeg net al om een herhaling, en het tekenen ervan kost tijd: over {seconds} s kun je om "
        "een volgende vragen. Een herhaling die al eerder getekend is, komt meteen.",
    },
    "replay_wait_channel": {
        "en": "A replay was asked for in this channel a moment ago, and drawing one takes a while: the next "
        "can be asked for in {seconds} s. A replay that was drawn before is shown at once.",
        "nl": "In dit kanaal is net om een herhaling gevraagd, en het tekenen ervan kost tijd: over {seconds} s "
        "kan er om een volgende gevraagd worden. Een herhaling die al eerder getekend is, komt meteen.",
    },
    # lobby and announcements
    "joined_lobby": {
        "en": "You joined {game_name} ({count}/{max}); the lobby message shows who is in.",
        "nl": "Je doet mee aan {game_name} ({count}/{max}); het lobbybericht toont wie er meedoen.",
    },
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
    "host_now": {"en": "{name} hosts the game now.", "nl": "{name} is nu de gastheer."},
    "started": {
        "en": "{game_name} begins! Players in order: {players}.",
        "nl": "{game_name} begint! Spelers in volgorde: {players}.",
    },
    "abandoned": {"en": "The game was abandoned by {name}.", "nl": "Het spel is afgebroken door {name}."},
    "finished": {"en": "Game over!", "nl": "Het spel is afgelopen!"},
    "rank_line": {"en": "{rank}. {name}: {score}", "nl": "{rank}. {name}: {score}"},
    "score_parts": {"en": "Score by part", "nl": "Punten per onderdeel"},
    "dm_refused": {
        "en": "{mention}, I can't send you direct messages. Press **Make my choice** below or use `/hand`.",
        "nl": "{mention}, ik kan je geen privéberichten sturen. Druk hieronder op **Mijn keuze maken** of gebruik `/hand`.",
    },
    "dm_sent": {"en": "Your choice is waiting in your DMs.", "nl": "Je keuze staat klaar in je privéberichten."},
    "your_turn": {
        "en": "{mentions}: your turn on the table message. {what}",
        "nl": "{mentions}: jij bent aan de beurt, op het tafelbericht. {what}",
    },
    "turn_dm": {
        "en": "Your turn in {game_name} in <#{channel}>: {link}",
        "nl": "Je bent aan de beurt in {game_name} in <#{channel}>: {link}",
    },
    "remind_channel": {
        "en": "⏰ {mention}, the game is waiting for you; your time runs out {when}.",
        "nl": "⏰ {mention}, het spel wacht op jou; je tijd loopt af {when}.",
    },
    "remind_dm": {
        "en": "⏰ {game_name} in <#{channel}> is waiting for you; your time runs out {when}. {link}",
        "nl": "⏰ {game_name} in <#{channel}> wacht op jou; je tijd loopt af {when}. {link}",
    },
    "time_up": {
        "en": "⌛ {mention}'s time is up. The other players can press **{stand_in}** or **{end}** on the table "
        "message.",
        "nl": "⌛ De tijd van {mention} is om. De andere spelers kunnen op het tafelbericht op **{stand_in}** of "
        "**{end}** drukken.",
    },
    "time_up_queued": {
        "en": "⌛ {mention}'s time is up. The table message holds the votes on those whose time ran out first; "
        "the vote on {name} comes when one of them is decided.",
        "nl": "⌛ De tijd van {mention} is om. Op het tafelbericht staan de stemmingen over wie het eerst te laat "
        "was; de stemming over {name} volgt zodra er daarvan een beslist is.",
    },
    "vote_stand_in": {"en": "Let a bot play for {name}", "nl": "Laat een bot voor {name} spelen"},
    "vote_end": {"en": "End the game", "nl": "Spel beëindigen"},
    "im_back": {"en": "I'm back", "nl": "Ik ben terug"},
    "vote_counted": {
        "en": "You vote for: {option}. {tally}. A majority of the players present decides.",
        "nl": "Je stemt voor: {option}. {tally}. Een meerderheid van de aanwezige spelers beslist.",
    },
    "vote_for_stand_in": {"en": "a stand-in for {name}", "nl": "een vervanger voor {name}"},
    "vote_for_end": {"en": "ending the game", "nl": "het spel beëindigen"},
    "vote_tally": {
        "en": "Stand-in {stand_in}, End the game {end}",
        "nl": "Vervanger {stand_in}, Spel beëindigen {end}",
    },
    "stand_in_started": {
        "en": "🤖 A bot plays for {name} now (decided by {who}) until {name} presses **I'm back** or makes a move.",
        "nl": "🤖 Een bot speelt nu voor {name} (besloten door {who}) tot {name} op **Ik ben terug** drukt of zelf zet.",
    },
    "ended_by_vote": {
        "en": "The game was ended while waiting for {name} (decided by {who}).",
        "nl": "Het spel is beëindigd terwijl het op {name} wachtte (besloten door {who}).",
    },
    "stand_in_acted": {"en": "🤖 The stand-in for {name}:", "nl": "🤖 De vervanger van {name}:"},
    "is_back": {"en": "👋 {name} is back and plays again.", "nl": "👋 {name} is terug en speelt weer zelf."},
    "seat_stand_in": {"en": "{name} (away, a bot plays)", "nl": "{name} (afwezig, een bot speelt)"},
    "seat_resigned": {"en": "{name} (resigned, a bot plays)", "nl": "{name} (opgegeven, een bot speelt)"},
    "resigned_game_over": {
        "en": "{name} resigned; the game is over.",
        "nl": "{name} heeft opgegeven; het spel is voorbij.",
    },
    "resigned_stand_in": {
        "en": "{name} resigned; a bot plays their seat to the end.",
        "nl": "{name} heeft opgegeven; een bot speelt de plaats uit.",
    },
    "won_by_resignation": {
        "en": "{winner} wins: {loser} resigned.",
        "nl": "{winner} wint: {loser} heeft opgegeven.",
    },
    "won_by_resignation_many": {
        "en": "{winners} win: {loser} resigned.",
        "nl": "{winners} winnen: {loser} heeft opgegeven.",
    },
    "name_resigned": {"en": "{name} (resigned)", "nl": "{name} (opgegeven)"},
    "resigned_counts_last": {
        "en": "Resigning counts as a loss; last place: {names}.",
        "nl": "Opgeven telt als verlies; laatste plaats: {names}.",
    },
    "kicked": {"en": "{who} took {name} out of the lobby.", "nl": "{who} heeft {name} uit de lobby gehaald."},
    "kicked_closed": {
        "en": "{who} took {name} out of the lobby; no person is left, so the lobby is closed.",
        "nl": "{who} heeft {name} uit de lobby gehaald; er is geen mens meer over, dus de lobby is gesloten.",
    },
    "thread_opened": {
        "en": "{game_name} opens in <#{thread}>: join it there.",
        "nl": "{game_name} begint in <#{thread}>: doe daar mee.",
    },
    "clock_title": {"en": "Turn clock", "nl": "Beurtklok"},
    "open_offer": {"en": "Open offer", "nl": "Open aanbod"},
    "offer_time_left": {
        "en": "Waiting for {names} to answer: {ai} goes on {when}.",
        "nl": "Wacht op het antwoord van {names}: {ai} gaat {when} verder.",
    },
    "notify_on": {
        "en": "You are mentioned in the channel when it is your turn.",
        "nl": "Je wordt in het kanaal genoemd als je aan de beurt bent.",
    },
    "notify_dm": {
        "en": "You are mentioned in the channel and get a direct message with a link when it is your turn.",
        "nl": "Je wordt in het kanaal genoemd en krijgt een privébericht met een link als je aan de beurt bent.",
    },
    "notify_off": {
        "en": "Your name is still shown when it is your turn, but without a ping.",
        "nl": "Je naam staat er nog als je aan de beurt bent, maar zonder melding.",
    },
    "mygames_title": {"en": "Your running games", "nl": "Je lopende spellen"},
    "mygames_none": {"en": "You have no running games.", "nl": "Je hebt geen lopende spellen."},
    "mygames_line": {
        "en": "**{game_name}** {link} · waiting for: {waiting}",
        "nl": "**{game_name}** {link} · wacht op: {waiting}",
    },
    "mygames_clock": {"en": "time runs out {when}", "nl": "tijd loopt af {when}"},
    "resend": {"en": "Send my choice again: {game_name}", "nl": "Mijn keuze opnieuw sturen: {game_name}"},
    "dm_closed_use_hand": {
        "en": "I can't send you direct messages; use `/hand` in the game's channel.",
        "nl": "Ik kan je geen privéberichten sturen; gebruik `/hand` in het kanaal van het spel.",
    },
    "config_show": {
        "en": "Language: {language}\nDefault turn clock: {clock}\nA thread per game: {threads}\n"
        "Play-by-play: {log}\nGames: {games}\nChannel: {channel}",
        "nl": "Taal: {language}\nStandaard beurtklok: {clock}\nEen thread per spel: {threads}\n"
        "Verloop: {log}\nSpellen: {games}\nKanaal: {channel}",
    },
    "config_saved": {"en": "Saved.", "nl": "Opgeslagen."},
    "config_all": {"en": "all", "nl": "alle"},
    "config_auto": {"en": "the server's language", "nl": "de taal van de server"},
    "config_any": {"en": "any", "nl": "elk"},
    "yes": {"en": "yes", "nl": "ja"},
    "no": {"en": "no", "nl": "nee"},
    "rating_change": {
        "en": "{name}: rating {before} → {after} ({delta})",
        "nl": "{name}: rating {before} → {after} ({delta})",
    },
    "replay": {"en": "Replay", "nl": "Herhaling"},
    "replay_posted": {
        "en": "🎞 {game_name}, game {id}: the replay ({frames} frames).",
        "nl": "🎞 {game_name}, spel {id}: de herhaling ({frames} beelden).",
    },
    "replay_none": {"en": "This game has no pictures to replay.", "nl": "Dit spel heeft geen beelden om te herhalen."},
    "exported": {
        "en": "Game {id} as a file: `python -m games replay speltafel-{id}.json` plays it back in a terminal.",
        "nl": "Spel {id} als bestand: `python -m games replay speltafel-{id}.json` speelt het af in een terminal.",
    },
    "leaderboard_title": {"en": "{game_name}: leaderboard", "nl": "{game_name}: ranglijst"},
    "leaderboard_player": {"en": "Player", "nl": "Speler"},
    "leaderboard_rating": {"en": "Rating", "nl": "Rating"},
    "leaderboard_won": {"en": "Won", "nl": "Gewonnen"},
    "leaderboard_played": {"en": "Played", "nl": "Gespeeld"},
    "leaderboard_line": {
        "en": "{rank}. {name} — {rating} (won {wins}, played {games})",
        "nl": "{rank}. {name} — {rating} ({wins} gewonnen, {games} gespeeld)",
    },
    "leaderboard_empty": {
        "en": "No rated games of {game_name} on this server yet: a game counts when it is played to the end with at least one person.",
        "nl": "Nog geen gewaardeerde spellen {game_name} op deze server: een spel telt als het met minstens één mens wordt uitgespeeld.",
    },
    "stats_title": {"en": "{name}'s record", "nl": "Resultaten van {name}"},
    "stats_line": {
        "en": "**{game_name}**: rating {rating}, won {wins}, played {games}, best score {best}",
        "nl": "**{game_name}**: rating {rating}, {wins} gewonnen, {games} gespeeld, beste score {best}",
    },
    "stats_recent": {"en": "Last games:", "nl": "Laatste spellen:"},
    "stats_none": {
        "en": "{name} has no finished games on this server.",
        "nl": "{name} heeft geen uitgespeelde spellen op deze server.",
    },
    "history_title": {"en": "Finished games", "nl": "Uitgespeelde spellen"},
    "history_line": {
        "en": "`#{id}` **{game_name}** {when}, {minutes} min: {players}",
        "nl": "`#{id}` **{game_name}** {when}, {minutes} min: {players}",
    },
    "history_none": {"en": "No finished games here yet.", "nl": "Hier zijn nog geen spellen uitgespeeld."},
    "waiting_for": {"en": "Waiting for: {names}", "nl": "Wachten op: {names}"},
    "lobby_title": {"en": "{game_name} — lobby", "nl": "{game_name} — lobby"},
    "lobby_players": {"en": "Players ({count}/{max}): {names}", "nl": "Spelers ({count}/{max}): {names}"},
    "make_choice": {"en": "Make my choice", "nl": "Mijn keuze maken"},
    "back": {"en": "Back", "nl": "Terug"},
    "more": {"en": "Choose…", "nl": "Kies…"},
    "chosen": {"en": "Done: {label}", "nl": "Gedaan: {label}"},
    # taking an action back
    "take_back": {"en": "↶ Take back", "nl": "↶ Terugnemen"},
    "taken_back": {"en": "Taken back: {label}", "nl": "Teruggenomen: {label}"},
    "taken_back_hidden": {"en": "Taken back: your hidden choice", "nl": "Teruggenomen: je geheime keuze"},
    "took_back": {"en": "↶ {name} took back: {label}", "nl": "↶ {name} nam terug: {label}"},
    "took_back_hidden": {
        "en": "↶ {name} took back a hidden choice.",
        "nl": "↶ {name} nam een geheime keuze terug.",
    },
    "takeback_none": {"en": "You have made no move to take back.", "nl": "Je hebt geen zet om terug te nemen."},
    "takeback_acted": {
        "en": "This choice is no longer open: someone else has acted since your move, so it stands.",
        "nl": "Deze keuze is niet meer open: iemand anders heeft na je zet al gespeeld, dus die blijft staan.",
    },
    "takeback_revealed": {
        "en": "Your last move showed something new (a die, a draw, hidden choices), so it cannot be taken back.",
        "nl": "Je laatste zet liet iets nieuws zien (een worp, een trekking, geheime keuzes), "
        "dus die kan niet worden teruggenomen.",
    },
    "recent": {"en": "Last moves", "nl": "Laatste zetten"},
    "hidden_choice": {"en": "a hidden choice", "nl": "een geheime keuze"},
    "waiting_for_what": {"en": "Waiting for {name}: {what}", "nl": "Wachten op {name}: {what}"},
    "waiting_for_one": {"en": "Waiting for {name}", "nl": "Wachten op {name}"},
    "your_turn_hand": {
        "en": "{mentions}: your turn. Press **Make my choice** on the table message. {what}",
        "nl": "{mentions}: jij bent aan de beurt. Druk op **Mijn keuze maken** op het tafelbericht. {what}",
    },
    "log_thread": {"en": "{game_name} #{id} · play-by-play", "nl": "{game_name} #{id} · verloop"},
    "log_file": {"en": "play-by-play-{id}.txt", "nl": "verloop-{id}.txt"},
    "log_title": {"en": "Last moves", "nl": "Laatste zetten"},
    "bad_log": {"en": "Choose {modes}, not “{log}”.", "nl": "Kies {modes}, niet “{log}”."},
    "log_thread_mode": {"en": "a thread under the table message", "nl": "een thread onder het tafelbericht"},
    "log_off_mode": {
        "en": "only the table message and /status",
        "nl": "alleen het tafelbericht en /status",
    },
    "your_view": {"en": "Your view", "nl": "Jouw overzicht"},
    "own_view_note": {
        "en": "Only what is yours is shown here, and kept current; the table message shows the game as it goes.",
        "nl": "Hier staat alleen wat van jou is, steeds bijgewerkt; het tafelbericht toont het spel zoals het loopt.",
    },
    "nothing_private": {
        "en": "Nothing of yours is hidden from the others.",
        "nl": "Niets van jou is verborgen voor de anderen.",
    },
    "rest_on_table": {
        "en": "The board, the scores and whose turn it is: [the table message]({link}).",
        "nl": "Het bord, de stand en wie aan de beurt is: [het tafelbericht]({link}).",
    },
    "rest_on_table_here": {
        "en": "The board, the scores and whose turn it is: the table message in the game's channel.",
        "nl": "Het bord, de stand en wie aan de beurt is: het tafelbericht in het kanaal van het spel.",
    },
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
            "`/board` your link to the board in the browser, and one for watchers (when the web table is on)\n"
            "`/play action` type an action (with suggestions)\n"
            "`/addbot [level]` · `/removebot [name]` seat or remove an AI player in the lobby\n"
            "`/start clock:24h` a turn clock: reminders at half time, then the others may let a bot play\n"
            "`/resign` give up · `/kick player` take someone out of the lobby (host)\n"
            "`/abandon` end the game (host or Manage Channels)\n`/rules [game]` · `/games` · `/help`\n"
            "`/mygames` your games everywhere · `/notify on|dm|off` how you hear it is your turn\n"
            "`/config` the server's settings (Manage Server)\n"
            "`/leaderboard [game]` · `/stats [user]` · `/history` ratings and finished games\n"
            "`/replay game_id` an animated replay · `/export game_id` the game's log as a file\n"
            "Secret choices come by DM; if your DMs are closed, press **Make my choice**.\n"
            "**↶ Take back** under your move's answer undoes it while nobody else has moved "
            "and it showed nothing new."
        ),
        "nl": (
            "`/join [spel]` meedoen of een lobby openen in dit kanaal\n`/leave` de lobby verlaten\n"
            "`/start [opties]` het spel starten (bv. `simultaneous_commit=true`)\n"
            "`/status` de tafel · `/hand` je eigen overzicht en keuzes\n"
            "`/board` je link naar het bord in de browser, en een voor kijkers (als de webtafel aan staat)\n"
            "`/play zet` een zet typen (met suggesties)\n"
            "`/addbot [niveau]` · `/removebot [naam]` een AI-speler in de lobby zetten of weghalen\n"
            "`/start clock:24h` een beurtklok: herinnering halverwege, daarna mogen de anderen een bot laten spelen\n"
            "`/resign` opgeven · `/kick speler` iemand uit de lobby halen (gastheer)\n"
            "`/abandon` het spel beëindigen (gastheer of Kanalen beheren)\n`/rules [spel]` · `/games` · `/help`\n"
            "`/mygames` je spellen overal · `/notify on|dm|off` hoe je hoort dat je aan de beurt bent\n"
            "`/config` de instellingen van de server (Server beheren)\n"
            "`/leaderboard [spel]` · `/stats [gebruiker]` · `/history` ratings en uitgespeelde spellen\n"
            "`/replay spel_nr` een geanimeerde herhaling · `/export spel_nr` het verloop als bestand\n"
            "Geheime keuzes gaan per privébericht; staan die uit, druk dan op **Mijn keuze maken**.\n"
            "**↶ Terugnemen** onder het antwoord op je zet maakt die ongedaan zolang niemand anders "
            "gespeeld heeft en de zet niets nieuws liet zien."
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
