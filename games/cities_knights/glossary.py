"""Cities & Knights (Steden en Ridders) terms, one spelling per language (rules §1; Dutch: the
seed's terms where it has one, the Catan names otherwise).

A land hex is a "hex" / "tegel", commodities "handelswaar" (never "goederen"), the three tracks'
purchases "city improvements" / "stadsverbeteringen" (not "stadsuitbreidingen"), points
"victory points" / "overwinningspunten".
"""

from __future__ import annotations

from games.words import Glossary, Term

#: the game's name as its box says it in each language
GAME_NAME = {"en": "Catan: Cities & Knights", "nl": "Catan: Steden en Ridders"}

GLOSSARY = Glossary(
    {
        "hex": Term(("hex", "hexes"), ("tegel", "tegels"), {"nl": ("zeshoek(en)?", "vakken?")}),
        "intersection": Term(
            ("intersection", "intersections"),
            ("kruispunt", "kruispunten"),
            {"en": ("vertex", "vertices", "corners?"), "nl": ("hoekpunt(en)?",)},
        ),
        "path": Term(("path", "paths"), ("pad", "paden"), {"en": ("edges?",), "nl": ("randen?",)}),
        "resource": Term(("resource", "resources"), ("grondstof", "grondstoffen")),
        "commodity": Term(
            ("commodity", "commodities"),
            ("handelswaar", "handelswaar"),
            {"en": ("goods",), "nl": ("goederen(kaarten)?", "handelskaarten?")},
        ),
        "card": Term(("card", "cards"), ("kaart", "kaarten")),
        "progress_card": Term(
            ("progress card", "progress cards"),
            ("voortgangskaart", "voortgangskaarten"),
            {"en": ("development cards?",), "nl": ("ontwikkelingskaart(en)?",)},
        ),
        "city_improvement": Term(
            ("city improvement", "city improvements"),
            ("stadsverbetering", "stadsverbeteringen"),
            {"nl": ("stadsuitbreiding(en)?",)},
        ),
        "robber": Term(("robber", "robbers"), ("rover", "rovers"), {"nl": ("overvaller", "struikrover")}),
        "promote": Term(
            ("promote", "promote"), ("opwaarderen", "opwaarderen"), {"en": ("upgrade",), "nl": ("upgraden",)}
        ),
        "metropolis": Term(("metropolis", "metropolises"), ("metropool", "metropolen"), {"nl": ("metropolis",)}),
        "victory_point": Term(
            ("victory point", "victory points"),
            ("overwinningspunt", "overwinningspunten"),
            {"en": ("VP",), "nl": ("winstpunt(en)?",)},
        ),
        "point": Term(("point", "points"), ("punt", "punten"), {"en": ("pts",), "nl": ("ptn",)}),
        "barbarian_ship": Term(
            ("barbarian ship", "barbarian ships"), ("barbarenschip", "barbarenschepen"), {"nl": ("barbaars schip",)}
        ),
        "event_die": Term(("event die", "event dice"), ("gebeurtenisdobbelsteen", "gebeurtenisdobbelstenen")),
        "knight": Term(("knight", "knights"), ("ridder", "ridders")),
        "knight_strength": Term(("knight strength", "knight strength"), ("ridderkracht", "ridderkracht")),
        "settlement": Term(("settlement", "settlements"), ("nederzetting", "nederzettingen")),
        "city": Term(("city", "cities"), ("stad", "steden")),
        "city_wall": Term(("city wall", "city walls"), ("stadsmuur", "stadsmuren")),
        "road": Term(("road", "roads"), ("weg", "wegen")),
        "longest_road": Term(
            ("Longest Road", "Longest Road"), ("langste weg", "langste weg"), {"nl": ("langste handelsroute",)}
        ),
        "defender": Term(
            ("Defender of Catan", "Defenders of Catan"),
            ("Verdediger van Catan", "Verdedigers van Catan"),
            {"nl": ("verdediger van de kolonist",)},
        ),
        "discard": Term(("discard", "discard"), ("afleggen", "afleggen"), {"nl": ("weggooien",)}),
        "turn": Term(("turn", "turns"), ("beurt", "beurten")),
    }
)
