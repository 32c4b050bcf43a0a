"""War Chest terms, one spelling per language (rules §1; Dutch: the terms of the seed summary).

A control space is a "location" / "bolwerk", the marker on it a "control marker" /
"bezettingsmarker"; claiming the initiative is "initiatief opeisen" (the seed's
"startverklaring" is not used), a board space a "hex" / "veld".
"""

from __future__ import annotations

from games.words import Glossary, Term

GLOSSARY = Glossary(
    {
        "location": Term(
            ("location", "locations"),
            ("bolwerk", "bolwerken"),
            {
                "en": ("control points?", "control spaces?", "strongholds?"),
                "nl": ("locaties?", "controlepunt(en)?", "bezettingsposities?"),
            },
        ),
        "control_marker": Term(
            ("control marker", "control markers"),
            ("bezettingsmarker", "bezettingsmarkers"),
            {"en": ("control tokens?",), "nl": ("controlemarkers?", "bezettingstokens?")},
        ),
        "initiative": Term(
            ("initiative", "initiative"),
            ("initiatief", "initiatief"),
            {"nl": ("startverklaring", "startspelerverklaring", "startspelmarker", "startteken")},
        ),
        "initiative_marker": Term(
            ("initiative marker", "initiative markers"), ("initiatiefmarker", "initiatiefmarkers")
        ),
        "hex": Term(("hex", "hexes"), ("veld", "velden"), {"en": ("spaces?",), "nl": ("vak", "vakken", "gebied")}),
        "unit_card": Term(
            ("unit card", "unit cards"), ("eenheidskaart", "eenheidskaarten"), {"nl": ("militaire kaart",)}
        ),
        "unit": Term(("unit", "units"), ("eenheid", "eenheden"), {"nl": ("militair",)}),
        "coin": Term(("coin", "coins"), ("munt", "munten"), {"en": ("chips?",)}),
        "royal_coin": Term(("Royal Coin", "Royal Coins"), ("Koningsmunt", "Koningsmunten"), {"nl": ("koningmunt",)}),
        "bag": Term(("bag", "bags"), ("zak", "zakken"), {"nl": ("zakje",)}),
        "hand": Term(("hand", "hands"), ("hand", "handen")),
        "discard_pile": Term(
            ("discard pile", "discard piles"),
            ("aflegstapel", "aflegstapels"),
            {"nl": ("afleggebied", "afvoergebied", "verwerpkanaal")},
        ),
        "supply": Term(("supply", "supplies"), ("voorraad", "voorraden")),
        "maneuver": Term(
            ("maneuver", "maneuvers"), ("manoeuvre", "manoeuvres"), {"en": ("manoeuvres?",), "nl": ("operaties?",)}
        ),
        "deploy": Term(("deploy", "deploy"), ("plaatsen", "plaatsen")),
        "bolster": Term(("bolster", "bolster"), ("versterken", "versterken")),
        "claim_initiative": Term(
            ("claim the initiative", "claim the initiative"), ("initiatief opeisen", "initiatief opeisen")
        ),
        "recruit": Term(("recruit", "recruit"), ("werven", "werven"), {"nl": ("rekruteren", "rekruteert", "werving")}),
        "pass": Term(("pass", "pass"), ("passen", "passen"), {"nl": ("passeren", "passeert")}),
        "control": Term(("control", "control"), ("bezetten", "bezetten")),
        "tactic": Term(("tactic", "tactics"), ("tactiek", "tactieken")),
        "side": Term(("side", "sides"), ("kant", "kanten"), {"nl": ("koninkrijk",)}),
        "round": Term(("round", "rounds"), ("ronde", "rondes"), {"nl": ("ronden",)}),
    }
)
