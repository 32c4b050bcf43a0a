"""Words a player reads, in both languages: real plurals, one glossary term per concept, the reader
named "you", names as written, nothing public that says "your".

The texts come from random playouts of every game at its smallest and largest table: event lines
for the channel and for each seat, status lines of the table and of each seat, prompts, menu
labels, refusals and the rules summary.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from typing import Any

import pytest

from games import registry
from games.core import LANGS, Engine, IllegalAction, visible
from games.words import Glossary, Seats, Term, count, listing, plural

NAMES = ["alice", "bob", "carol", "dave"]
GAMES = sorted(registry.ENGINES)


@dataclass(frozen=True)
class Text:
    game: str
    lang: str
    kind: str  # event, status, prompt, menu, refusal, rules
    viewer: int | None  # the seat it is spoken to; None: everyone reads it
    text: str


def _engine(key: str) -> Engine:
    return registry.get(key)


def _glossary(key: str) -> Glossary:
    return import_module(f"games.{key}.glossary").GLOSSARY


def _sizes(engine: Engine) -> list[int]:
    sizes = [engine.min_players, engine.max_players]
    return sorted({n for n in sizes if n != 3 or engine.key != "war_chest"})


@cache
def texts(key: str) -> tuple[Text, ...]:
    """Every text of many random positions of one game, in both languages, for everyone and per seat."""
    engine = _engine(key)
    out: set[Text] = set()

    def add(lang: str, kind: str, viewer: int | None, text: str | None) -> None:
        if text:
            out.add(Text(key, lang, kind, viewer, text))

    for players in _sizes(engine):
        names = NAMES[:players]
        for seed in range(3):
            rnd = random.Random(seed)
            state = engine.start(players, {}, seed)
            events = list(getattr(engine, "opening_events", lambda s: [])(state))
            for step in range(900):
                for ev in events:
                    for lang in LANGS:
                        if visible(ev, None):
                            add(lang, "event", None, engine.describe_event(ev, lang, names))
                        for seat in range(players):
                            if visible(ev, seat):
                                add(lang, "event", seat, engine.describe_event(ev, lang, names, seat))
                pending = engine.pending(state)
                if not pending:
                    break
                seat = rnd.choice(sorted(pending))
                actions = engine.legal(state, seat)
                if step % 6 == 0:
                    for lang in LANGS:
                        public = engine.view(state, None)
                        add_all = [(None, line) for line in engine.status_lines(public, lang, names)]
                        for s in range(players):
                            add_all += [(s, line) for line in engine.status_lines(public, lang, names, s)]
                            own = engine.view(state, s)
                            add_all += [(s, line) for line in engine.status_lines(own, lang, names, s)]
                            add_all += [(s, line) for line in engine.private_lines(own, lang, names)]
                        for viewer, line in add_all:
                            add(lang, "status", viewer, line)
                        view = {**engine.view(state, seat), "names": names}
                        add(lang, "prompt", seat, engine.describe_prompt(view, pending[seat], lang))
                        for action in actions[:: max(1, len(actions) // 40)]:
                            add(lang, "menu", seat, " › ".join(engine.action_path(view, action, lang)))
                            add(lang, "menu", seat, engine.choice_label(view, action, lang))
                events = engine.apply(state, seat, rnd.choice(actions))
            result = engine.result(state)
            if result is not None:
                for lang in LANGS:
                    for s in result.scores:
                        add(lang, "status", None, engine.score_text(result.scores[s], lang))
                        for label, _points in engine.score_parts(result.details[s], lang):
                            add(lang, "status", None, label)
                    for note in engine.result_notes(result, lang, names):
                        add(lang, "status", None, note)
    text_module = import_module(f"games.{key}.text")
    for code in getattr(text_module, "REFUSALS", {}):
        for lang in LANGS:
            add(lang, "refusal", 0, engine.describe_refusal(IllegalAction(code), lang))
    for lang in LANGS:
        add(lang, "rules", None, engine.rules_summary(lang))
        for spec in engine.option_specs:
            add(lang, "rules", None, spec.help.get(lang))
    return tuple(sorted(out, key=lambda t: (t.lang, t.kind, t.text)))


def _bad(found: list[Text], what: str) -> str:
    shown = "\n".join(f"  [{t.lang} {t.kind} viewer={t.viewer}] {t.text}" for t in found[:12])
    return f"{len(found)} texts {what}:\n{shown}"


# -- the helpers -----------------------------------------------------------------------------------
def test_plurals_follow_the_count() -> None:
    assert count(1, "chip", "chips") == "1 chip"
    assert count(0, "chip", "chips") == "0 chips"
    assert count(2, "fiche", "fiches") == "2 fiches"
    assert plural(1, "kaart", "kaarten") == "kaart"
    assert listing(["alice"], "en") == "alice"
    assert listing(["alice", "bob", "carol"], "en") == "alice, bob and carol"
    assert listing(["alice", "bob"], "nl") == "alice en bob"


def test_seats_name_the_reader_you_and_keep_names_as_written() -> None:
    en = Seats(["alice", "bob"], "en", viewer=0)
    assert en.subject(0) == "You" and en.object(0) == "you" and en.label(0) == "you"
    assert en.subject(1) == "bob"  # never "Bob", not even at the start of a sentence
    assert en.owner(0, "Knight", start=True) == "Your Knight"
    assert en.owner(1, "Knight", start=True) == "bob's Knight"
    assert en.several([1, 0]) == "bob and you"
    nl = Seats(["alice", "bob"], "nl", viewer=0)
    assert nl.subject(0) == "Jij" and nl.object(0) == "jou" and nl.label(0) == "jij"
    assert nl.owner(0, "Ridder", start=True) == "Jouw Ridder"
    assert nl.owner(1, "werker", start=True, article="de") == "De werker van bob"
    assert Seats([], "en").subject(1) == "Player 2"  # no name: numbered from 1, a sentence start
    assert Seats(["bob", "bob"], "en").name(1) == "bob (2)"  # two alike never read the same


def test_a_glossary_fills_templates_and_finds_other_spellings() -> None:
    glossary = Glossary({"location": Term(("location", "locations"), ("bolwerk", "bolwerken"), {"nl": ("locaties?",)})})
    assert glossary.expand("[Location+] held: 3 of 8 [location+]", "nl") == "Bolwerken held: 3 of 8 bolwerken"
    assert glossary.count("location", "en", 1) == "1 location"
    assert glossary.violations("Je kant heeft die locatie al bezet.", "nl") == [("location", "locatie")]
    assert glossary.violations("Je kant heeft dat bolwerk al bezet.", "nl") == []
    assert glossary.violations("allocaties", "nl") == []  # whole words only


# -- every text of every game ------------------------------------------------------------------------
HEDGE = re.compile(r"\w\((?:s|en|es|n|e)\)")
#: "1" then a plural; not inside a number ("21", "0.1") nor a hex "2,-1"
ONE_MANY = {
    "en": re.compile(r"(?<![\d.,/])(?<!,-)\b1 ([a-z]+s)\b"),
    "nl": re.compile(r"(?<![\d.,/])(?<!,-)\b1 ([a-z]+(?:en|s))\b"),
}
#: words after "1" that end like a plural but are singular ("1 erts"), or a verb after a numbered
#: name ("Worker 1 brings", "Ronde 1 is")
SINGULAR = {
    "en": {"progress", "is", "was", "has", "begins", "brings", "holds", "takes", "moves", "loses"},
    "nl": {"erts", "steen", "dobbelsteen", "is"},
}


@pytest.mark.parametrize("key", GAMES)
def test_no_hedged_plurals_and_no_plural_after_one(key: str) -> None:
    found = [t for t in texts(key) if HEDGE.search(t.text)]
    assert not found, _bad(found, 'hedge a plural ("chip(s)", "kaart(en)")')
    wrong = [t for t in texts(key) if any(w not in SINGULAR[t.lang] for w in ONE_MANY[t.lang].findall(t.text))]
    assert not wrong, _bad(wrong, 'put a plural after 1 ("1 pts", "1 cards")')


@pytest.mark.parametrize("key", GAMES)
def test_every_text_uses_the_glossary_terms(key: str) -> None:
    glossary = _glossary(key)
    found = [t for t in texts(key) if glossary.violations(t.text, t.lang)]
    assert not found, _bad(found, "spell a concept unlike the glossary")
    leftover = [t for t in texts(key) if re.search(r"\[[A-Za-z_]+\+?\]|\{[a-z_]*\}|\bNone\b", t.text)]
    assert not leftover, _bad(leftover, "carry an unfilled placeholder")


#: third person after "You", Dutch third-person verbs after "jij", a subject pronoun as an object
YOU_GRAMMAR = {
    "en": re.compile(r"\bYou (?:is|has|was|does|[a-z]*[^s\W]s)\b|\bYou's\b|[a-z,] You\b"),
    "nl": re.compile(
        r"\b[Jj]ij (?:is|heeft|kan|wil|zal)\b|\b(?:van|op|aan|voor|met|tegen|bij|naar|uit|door) Jij\b"
        r"|\b(?:van|op|aan|voor|met|tegen|bij|naar|uit|door) jij\b|[a-z,] Jij\b"
    ),
}


@pytest.mark.parametrize("key", GAMES)
def test_texts_for_a_seat_name_it_you(key: str) -> None:
    spoken = [t for t in texts(key) if t.viewer is not None and t.kind in ("event", "status")]
    assert len(spoken) > 100
    named = [t for t in spoken if re.search(rf"\b{NAMES[t.viewer]}\b", t.text)]  # type: ignore[index]
    assert not named, _bad(named, "name their own reader instead of saying you")
    grammar = [t for t in texts(key) if YOU_GRAMMAR[t.lang].search(t.text)]
    assert not grammar, _bad(grammar, 'conjugate "you" wrongly ("You gets", "Jij is", "van Jij")')
    said_you = [t for t in spoken if re.search(r"\b(?:You|you|Jij|jij|jou|jouw|Jouw)\b", t.text)]
    assert said_you, "no text ever addressed its reader"


PRONOUNS = {
    "en": re.compile(r"\b(?:you|your|yours)\b", re.IGNORECASE),
    "nl": re.compile(r"\b(?:je|jij|jou|jouw|jullie)\b", re.IGNORECASE),
}


@pytest.mark.parametrize("key", GAMES)
def test_nothing_public_says_you(key: str) -> None:
    public = [t for t in texts(key) if t.viewer is None]
    assert len(public) > 50
    found = [t for t in public if PRONOUNS[t.lang].search(t.text)]
    assert not found, _bad(found, 'that everyone reads say "you"/"your"')


@pytest.mark.parametrize("key", GAMES)
def test_names_keep_their_case(key: str) -> None:
    shouted = re.compile(r"\b(?:" + "|".join(n.capitalize() for n in NAMES) + r")\b")
    found = [t for t in texts(key) if shouted.search(t.text)]
    assert not found, _bad(found, 'capitalise a name ("Alice")')


def test_dutch_waiting_is_said_once_on_the_war_chest_table() -> None:
    status = [t for t in texts("war_chest") if t.kind == "status" and t.lang == "nl"]
    assert not [t for t in status if "Wacht op" in t.text or "Wachten op" in t.text]
    assert any(t.text.startswith("Aan zet: ") for t in status)


# -- particular sentences ----------------------------------------------------------------------------
def test_one_winner_wins_and_a_team_wins_together() -> None:
    engine = _engine("war_chest")
    one = {"type": "game_won", "faction": "wolf", "seats": [1]}
    assert engine.describe_event(one, "en", NAMES[:2]) == "bob (Wolf) wins the game!"
    assert engine.describe_event(one, "en", NAMES[:2], 1) == "You (Wolf) win the game!"
    assert engine.describe_event(one, "nl", NAMES[:2], 1) == "Jij (Wolf) wint het spel!"
    team = {"type": "game_won", "faction": "raven", "seats": [0, 2]}
    assert engine.describe_event(team, "en", NAMES) == "alice and carol (Raven) win the game!"
    assert engine.describe_event(team, "nl", NAMES, 2) == "alice en jij (Raaf) winnen het spel!"
    assert engine.describe_event(team, "en", NAMES, 0) == "You and carol (Raven) win the game!"


def test_scores_say_what_they_count() -> None:
    assert _engine("war_chest").score_text(6, "en") == "6 locations controlled"
    assert _engine("war_chest").score_text(1, "nl") == "1 bolwerk bezet"
    assert _engine("burg").score_text(1, "en") == "1 victory point"
    assert _engine("burg").score_text(56, "nl") == "56 winstpunten"
    assert _engine("battles_builders").score_text(12, "en") == "12 prestige points"
    assert _engine("cities_knights").score_text(13, "nl") == "13 overwinningspunten"


def test_battles_builders_rolls_without_bookkeeping_and_commits_once_to_the_committer() -> None:
    engine = _engine("battles_builders")
    roll = {
        "type": "dice_rolled",
        "seat": 0,
        "colours": ["green", "green"],
        "values": [4, 6],
        "throw": "initial",
        "number": 0,
        "batch": 1,
        "total": 10,
    }
    assert engine.describe_event(roll, "en", NAMES[:2]) == "alice rolls green 4, green 6 — total 10."
    assert engine.describe_event(roll, "nl", NAMES[:2], 0) == "Jij gooit groen 4, groen 6 — totaal 10."
    committed = {"type": "committed", "seat": 0, "count": 1}
    assert engine.describe_event(committed, "en", NAMES[:2]) == "alice committed 1 chip."
    assert engine.describe_event(committed, "nl", NAMES[:2]) == "alice heeft 1 fiche ingezet."
    # the committer reads the private line listing the chips, not a second count-only line
    assert engine.describe_event(committed, "en", NAMES[:2], 0) is None
    confirmed = {"type": "commit_confirmed", "seat": 0, "chips": {"cavalry": 2}, "to": [0]}
    assert engine.describe_event(confirmed, "en", NAMES[:2], 0) == "You committed: 2 cavalry."


def _find(key: str, players: int, wanted: Any, seeds: range = range(40), steps: int = 3000) -> Any:
    """The first random position (state, seat, action) where ``wanted(state, seat, action)`` holds."""
    engine = _engine(key)
    for seed in seeds:
        rnd = random.Random(seed)
        state = engine.start(players, {}, seed)
        for _ in range(steps):
            pending = engine.pending(state)
            if not pending:
                break
            seat = rnd.choice(sorted(pending))
            actions = engine.legal(state, seat)
            for action in actions:
                if wanted(state, seat, action):
                    return state, seat, action
            engine.apply(state, seat, rnd.choice(actions))
    raise AssertionError(f"no position found in {key}")


@pytest.mark.parametrize(
    ("card", "en", "nl"),
    [
        ("worker", r"\+(\d+) VP, half of (\d+) \(value", r"\+(\d+) WP, de helft van (\d+) \(waarde"),
        ("stonemason", r": \+(\d+) VP \(value", r": \+(\d+) WP \(waarde"),
        ("bricklayer", r": 1 taler per piece paid \(value", r": 1 taler per betaald stuk \(waarde"),
    ],
)
def test_burg_build_menu_shows_what_the_chosen_builder_scores(card: str, en: str, nl: str) -> None:
    engine = _engine("burg")

    def building(state: Any, seat: int, action: Any) -> bool:
        task = engine.view(state, seat).get("task") or {}
        return action.get("type") == "build" and str(task.get("card", "")).startswith(card)

    state, seat, action = _find("burg", 2, building)
    view = {**engine.view(state, seat), "names": NAMES[:2]}
    full = next(b["vp"] for b in view["buildings"] if b["id"] == action["building"])
    label_en = engine.action_path(view, action, "en")[1]
    label_nl = engine.action_path(view, action, "nl")[1]
    m_en, m_nl = re.search(en, label_en), re.search(nl, label_nl)
    assert m_en and m_nl, (label_en, label_nl)
    if card == "worker":
        assert (int(m_en[1]), int(m_en[2])) == (full // 2, full)  # a Worker scores half (§9)
    elif card == "stonemason":
        assert int(m_en[1]) == full and int(m_nl[1]) == full
    else:
        path = engine.action_path(view, action, "en")
        paid = min(sum(action["payment"].values()), view["bank"])
        assert path[-1].endswith(f"→ +{paid} taler"), path


def test_burg_menus_name_the_other_player() -> None:
    engine = _engine("burg")
    state, seat, action = _find("burg", 3, lambda st, s, a: a.get("type") == "buy")
    view = {**engine.view(state, seat), "names": NAMES[:3]}
    label = engine.action_path(view, action, "en")[1]
    assert label == f"{NAMES[action['owner']]}'s Worker {action['card'][-1]}"
    assert engine.action_path(view, action, "nl")[1] == f"Arbeider {action['card'][-1]} van {NAMES[action['owner']]}"


def test_cities_and_knights_menus_name_the_player_to_rob() -> None:
    engine = _engine("cities_knights")
    state, seat, action = _find(
        "cities_knights", 3, lambda st, s, a: a.get("type") == "move_robber" and a.get("victim") is not None
    )
    view = {**engine.view(state, seat), "names": NAMES[:3]}
    assert engine.action_path(view, action, "en")[-1] == f"rob {NAMES[action['victim']]}"
    assert engine.action_path(view, action, "nl")[-1] == f"beroof {NAMES[action['victim']]}"


# -- the terminal table ------------------------------------------------------------------------------
def _console(key: str, lang: str, answers: int, humans: int = 1) -> str:
    import io

    from games.console import Console, Setup

    engine = _engine(key)
    players = max(engine.min_players, humans + 1)
    feed = iter(["1\n"] * answers)
    out = io.StringIO()
    setup = Setup(key, players, ["easy"] * (players - humans), 4, lang=lang)
    Console(setup, read=lambda: next(feed, "q\n"), out=out, budget_ms=20, iterations=10).run()
    return out.getvalue()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", GAMES)
def test_the_terminal_table_speaks_to_its_player_as_you(key: str, lang: str) -> None:
    text = _console(key, lang, 150)
    lines = text.splitlines()
    you = "You" if lang == "en" else "Jij"
    assert f"— {you} —" in lines
    bad = [line for line in lines if YOU_GRAMMAR[lang].search(line)]
    assert not bad, bad[:10]
    for wrong in ("You gets", "You draws", "You's", "Jij is", "van Jij", "op Jij", "You wins"):
        assert wrong not in text
    assert not [line for line in lines if HEDGE.search(line)]
    said = [line for line in lines if re.match(rf"(?:{you}|Your|Jouw) ", line)]
    assert said, "the person at the keyboard is never addressed"


def test_the_terminal_result_says_what_the_scores_count() -> None:
    text = _console("battles_builders", "en", 2000)
    tail = text.rstrip().splitlines()[-3:]
    assert tail[0] == "The game is over."
    assert all(re.fullmatch(r"\d\. .+: -?\d+ prestige points?", line) for line in tail[1:]), tail
