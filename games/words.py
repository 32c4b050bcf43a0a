"""Words every game's texts share: counted nouns, lists, how a text names a seat, and glossaries.

- Plurals: English and Dutch share one rule for whole numbers (CLDR): the singular for 1, the
  plural for everything else ("1 chip", "−1 point", "0 chips", "2 fiches"). No text writes "chip(s)".
- Seats: a text spoken to one seat (its direct message, its own view, the terminal of the one
  person playing) names that seat in the second person ("You draw", "Jij trekt", "your Worker");
  everyone else by name, exactly as written: "alice" stays "alice" at the start of a sentence.
- Glossary: each game spells each of its concepts one way per language (the rules file's term,
  the Dutch term of its seed); templates name a concept as ``[concept]`` (singular), ``[concept+]``
  (plural) or ``[Concept]`` (capitalised), and a test searches rendered texts for the variants a
  glossary forbids.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

__all__ = (
    "plural",
    "count",
    "listing",
    "capital",
    "Seats",
    "Term",
    "Glossary",
    "pick",
)


def plural(n: int | float, one: str, other: str) -> str:
    """The form of a noun for ``n`` things (CLDR counts the absolute value: "−1 point")."""
    return one if abs(n) == 1 else other


def count(n: int | float, one: str, other: str) -> str:
    """``n`` and its noun: ``count(1, "chip", "chips")`` -> ``1 chip``."""
    return f"{n} {plural(n, one, other)}"


_AND = {"en": "and", "nl": "en"}


def listing(items: Iterable[str], lang: str) -> str:
    """``a``, ``a and b``, ``a, b and c`` (Dutch ``en``)."""
    parts = [p for p in items if p]
    if len(parts) <= 1:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} {_AND.get(lang, 'and')} {parts[-1]}"


def capital(text: str) -> str:
    """The first letter upper case: for sentence starts that are not a name."""
    return text[:1].upper() + text[1:]


def pick(table: Mapping[str, str], key: str, you: bool) -> str:
    """A template, or its second-person form ``key/you`` when the sentence is about the reader."""
    if you:
        return table.get(f"{key}/you", table[key])
    return table[key]


# -- seats -----------------------------------------------------------------------------------------
_YOU = {
    "en": {"subject": "You", "object": "you", "possessive": "your"},
    "nl": {"subject": "Jij", "object": "jou", "possessive": "jouw"},
}
_PLAYER = {"en": "player {n}", "nl": "speler {n}"}


@dataclass(frozen=True)
class Seats:
    """How one text names the seats: by name, the reader (``viewer``) as "you".

    ``names`` may be shorter than the table (a view without names); a seat without a name is
    "player N", counted from 1. Two seats with the same name are told apart by their number, so
    no menu offers two options that read alike.
    """

    names: Sequence[str]
    lang: str = "en"
    viewer: int | None = None
    other: Callable[[int], str] | None = None  # a game's name for seats beyond ``names``

    def _lang(self) -> str:
        return self.lang if self.lang in _YOU else "en"

    def you(self, seat: object) -> bool:
        return self.viewer is not None and seat == self.viewer

    def name(self, seat: object) -> str:
        """The seat's name (never "you"): for lists and labels."""
        if isinstance(seat, str) and seat.isdigit():
            seat = int(seat)
        if not isinstance(seat, int) or isinstance(seat, bool):
            return "?"
        if 0 <= seat < len(self.names):
            name = str(self.names[seat])
            if sum(1 for n in self.names if str(n) == name) > 1:
                return f"{name} ({seat + 1})"
            return name
        if self.other is not None:
            return self.other(seat)
        return _PLAYER[self._lang()].format(n=seat + 1)

    def _named(self, seat: object) -> bool:
        """Whether the seat has a name of its own (a name is never capitalised)."""
        if isinstance(seat, str) and seat.isdigit():
            seat = int(seat)
        return isinstance(seat, int) and 0 <= seat < len(self.names)

    def subject(self, seat: object) -> str:
        """At the start of a sentence: "You" / "Jij" for the reader, else the name as written
        (a seat without a name: "Player 2")."""
        if self.you(seat):
            return _YOU[self._lang()]["subject"]
        return self.name(seat) if self._named(seat) else capital(self.name(seat))

    def object(self, seat: object) -> str:
        """Inside a sentence: "you" / "jou" for the reader, else the name."""
        return _YOU[self._lang()]["object"] if self.you(seat) else self.name(seat)

    def label(self, seat: object) -> str:
        """After a label's colon ("start player: you", "startspeler: jij"), else the name."""
        return _YOU[self._lang()]["subject"].lower() if self.you(seat) else self.name(seat)

    def owner(self, seat: object, thing: str, start: bool = False, article: str = "") -> str:
        """``thing`` of that seat: "your Knight", "bob's Knight"; Dutch "jouw Ridder", "Ridder van bob"
        (with ``article`` "de werker van bob"). ``start``: it opens the sentence."""
        lang = self._lang()
        if self.you(seat):
            text = f"{_YOU[lang]['possessive']} {thing}"
        elif lang == "nl":
            text = f"{article} {thing} van {self.name(seat)}" if article else f"{thing} van {self.name(seat)}"
        else:
            text = f"{self.name(seat)}'s {thing}"
            return capital(text) if start and not self._named(seat) else text  # a name stays as written
        return capital(text) if start else text

    def several(self, seats: Iterable[object], subject: bool = False) -> str:
        """Several seats as one list: "alice and you"; as a ``subject`` "Jij en bob", "alice en jij"."""
        words = []
        for i, s in enumerate(seats):
            if not self.you(s):
                words.append(self.name(s) if self._named(s) or not (subject and i == 0) else capital(self.name(s)))
            elif subject:
                words.append(self.subject(s) if i == 0 else self.label(s))
            else:
                words.append(self.object(s))
        return listing(words, self._lang())


# -- glossaries ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Term:
    """One concept of a game: its singular and plural per language, and the variants no text may use.

    ``avoid`` holds, per language, patterns (regular expressions, matched case-insensitively on
    whole words) for other spellings of the same concept, e.g. Dutch "locatie" where the game says
    "bolwerk".
    """

    en: tuple[str, str]
    nl: tuple[str, str]
    avoid: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def forms(self, lang: str) -> tuple[str, str]:
        return self.nl if lang == "nl" else self.en


_PLACEHOLDER = re.compile(r"\[([A-Za-z][a-z_]*)(\+?)\]")


class Glossary:
    """A game's terms, by concept; the one place each concept is spelled."""

    def __init__(self, terms: Mapping[str, Term]) -> None:
        self.terms = dict(terms)
        self._avoid = {
            lang: [
                (concept, re.compile(rf"(?<!\w){pattern}(?!\w)", re.IGNORECASE))
                for concept, term in self.terms.items()
                for pattern in term.avoid.get(lang, ())
            ]
            for lang in ("en", "nl")
        }

    def word(self, concept: str, lang: str, n: int | float = 1) -> str:
        """The concept's noun for ``n`` things."""
        one, other = self.terms[concept].forms(lang)
        return plural(n, one, other)

    def count(self, concept: str, lang: str, n: int | float) -> str:
        """``n`` and the concept's noun: "2 control markers"."""
        return f"{n} {self.word(concept, lang, n)}"

    def expand(self, template: str, lang: str) -> str:
        """Fill ``[concept]``, ``[concept+]`` and ``[Concept]`` from the glossary."""

        def fill(m: re.Match[str]) -> str:
            key, many = m.group(1), m.group(2)
            word = self.word(key.lower(), lang, 2 if many else 1)
            return capital(word) if key[0].isupper() else word

        return _PLACEHOLDER.sub(fill, template)

    def table(self, texts: Mapping[str, Mapping[str, str]]) -> dict[str, dict[str, str]]:
        """A language -> key -> template table with every placeholder filled."""
        return {lang: {k: self.expand(v, lang) for k, v in by_key.items()} for lang, by_key in texts.items()}

    def pairs(self, texts: Mapping[str, tuple[str, str]]) -> dict[str, tuple[str, str]]:
        """A key -> (English, Dutch) table with every placeholder filled."""
        return {k: (self.expand(en, "en"), self.expand(nl, "nl")) for k, (en, nl) in texts.items()}

    def violations(self, text: str, lang: str) -> list[tuple[str, str]]:
        """(concept, variant found) for every forbidden spelling in ``text``."""
        found = []
        for concept, pattern in self._avoid.get(lang, []):
            for m in pattern.finditer(text):
                found.append((concept, m.group(0)))
        return found
