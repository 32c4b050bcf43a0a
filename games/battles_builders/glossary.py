"""Battles & Builders terms, one spelling per language (rules §1; Dutch: the seed rulebook).

"Event tile" is "gebeurtenistegel" in Dutch, like the "gebeurtenisdobbelsteen" of Steden en
Ridders: the seed's anglicism "eventtegel" is not used.
"""

from __future__ import annotations

from games.words import Glossary, Term

GLOSSARY = Glossary(
    {
        "chip": Term(("chip", "chips"), ("fiche", "fiches"), {"en": ("tokens?",), "nl": ("penning(en)?",)}),
        "builder": Term(("builder", "builders"), ("bouwer", "bouwers"), {"nl": ("bouwfiches?",)}),
        "infantry": Term(("infantry", "infantry"), ("infanterie", "infanterie"), {"nl": ("infanterieleger",)}),
        "cavalry": Term(("cavalry", "cavalry"), ("cavalerie", "cavalerie"), {"nl": ("cavalerieleger",)}),
        "archer": Term(("archer", "archers"), ("boogschutter", "boogschutters"), {"nl": ("boogschutterleger",)}),
        "king": Term(("king", "kings"), ("koning", "koningen")),
        "army": Term(("army", "armies"), ("leger", "legers")),
        "stock": Term(("stock", "stocks"), ("voorraad", "voorraden")),
        "commit": Term(("commit", "commits"), ("inzet", "inzetten"), {"nl": ("inleg",)}),
        "event_tile": Term(
            ("event tile", "event tiles"), ("gebeurtenistegel", "gebeurtenistegels"), {"nl": ("eventtegels?",)}
        ),
        "strategy_tile": Term(("strategy tile", "strategy tiles"), ("strategietegel", "strategietegels")),
        "prestige_point": Term(
            ("prestige point", "prestige points"),
            ("prestigepunt", "prestigepunten"),
            {"en": ("pts",), "nl": ("ptn",)},
        ),
        "prestige_chip": Term(("prestige chip", "prestige chips"), ("prestigefiche", "prestigefiches")),
        "point": Term(("point", "points"), ("punt", "punten"), {"en": ("pts",), "nl": ("ptn",)}),
        "barbarian_battle": Term(("barbarian battle", "barbarian battles"), ("barbaarslag", "barbaarslagen")),
        "start_player": Term(("start player", "start players"), ("startspeler", "startspelers")),
        "fictitious_player": Term(
            ("fictitious player", "fictitious players"),
            ("fictieve speler", "fictieve spelers"),
            {"en": ("dummy",), "nl": ("dummy",)},
        ),
        "round": Term(("round", "rounds"), ("ronde", "rondes"), {"nl": ("ronden",)}),
        "die": Term(("die", "dice"), ("dobbelsteen", "dobbelstenen")),
        "terrain": Term(("terrain", "terrains"), ("terrein", "terreinen")),
    }
)
