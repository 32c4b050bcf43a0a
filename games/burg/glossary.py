"""Im Schutze der Burg (De Koningsburcht) terms, one spelling per language (rules §1; Dutch: the
BSW Dutch manual of the seed).

A pawn is a "helper" / "werker"; the card is a "Worker" / "Arbeider"; points are "victory points"
(VP) / "winstpunten" (WP), not the "overwinningspunten" of Steden en Ridders.
"""

from __future__ import annotations

from games.words import Glossary, Term

GLOSSARY = Glossary(
    {
        "character_card": Term(
            ("character card", "character cards"),
            ("personenkaart", "personenkaarten"),
            {"en": ("person cards?", "role cards?"), "nl": ("karakterkaarten?", "rolkaarten?")},
        ),
        "card": Term(("card", "cards"), ("kaart", "kaarten")),
        "helper": Term(
            ("helper", "helpers"), ("werker", "werkers"), {"en": ("pawns?",), "nl": ("helpers?", "pionnen?")}
        ),
        "castle_helper": Term(("castle helper", "castle helpers"), ("werker in de burcht", "werkers in de burcht")),
        "worker_card": Term(("worker card", "worker cards"), ("arbeiderskaart", "arbeiderskaarten")),
        "trade_field": Term(
            ("trade field", "trade fields"), ("grondstofveld", "grondstofvelden"), {"nl": ("handelsvelden?",)}
        ),
        "watchtower": Term(
            ("watchtower", "watchtowers"),
            ("wachttoren", "wachttorens"),
            {"en": ("defen[cs]e tower",), "nl": ("verdedigingstoren",)},
        ),
        "resource": Term(("resource", "resources"), ("grondstof", "grondstoffen")),
        "vp": Term(("VP", "VP"), ("WP", "WP"), {"en": ("victory pts",), "nl": ("overwinningspunt(en)?",)}),
        "victory_point": Term(("victory point", "victory points"), ("winstpunt", "winstpunten")),
        "taler": Term(("taler", "taler"), ("taler", "taler"), {"en": ("thalers?", "talers"), "nl": ("talers",)}),
        "castle": Term(("castle", "castles"), ("burcht", "burchten"), {"nl": ("kasteel",)}),
        "building": Term(("building", "buildings"), ("gebouw", "gebouwen")),
        "round": Term(("round", "rounds"), ("ronde", "rondes"), {"nl": ("ronden",)}),
        "start_player": Term(("start player", "start players"), ("startspeler", "startspelers")),
        "round_track": Term(("round track", "round tracks"), ("rondeaanduiding", "rondeaanduidingen")),
        "supply": Term(("supply", "supplies"), ("voorraad", "voorraden")),
        "winter_card": Term(("winter card", "winter cards"), ("winterkaart", "winterkaarten")),
        "guest": Term(("guest", "guests"), ("gast", "gasten")),
    }
)
