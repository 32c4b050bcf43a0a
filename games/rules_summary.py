"""Short rule summaries, for /rules and the terminal's `r`; the complete rules are the rulebooks."""

from __future__ import annotations

SUMMARIES: dict[str, dict[str, str]] = {
    "battles_builders": {
        "en": (
            "8 rounds, one event tile each. In turn order everyone secretly commits 0-5 chips "
            "(6 with the king) from 12 builders, 4 infantry, 4 cavalry, 4 archers and a king; "
            "committing nothing costs 1 point. After the reveal, kings take a strategy tile; "
            "most builders score 3 (ties 1 each); armies roll dice whose colour depends on the "
            "terrain (green 5, yellow 4, red 3 on average) and the highest total wins the event "
            "tile, except the barbarian battle where the lowest loses 2. Spent chips are gone. "
            "Most prestige after 8 rounds wins. With 2 players a neutral third player commits 3 "
            "random chips a round."
        ),
        "nl": (
            "8 rondes, elk met één eventtegel. Op volgorde zet iedereen geheim 0-5 fiches in "
            "(6 met de koning) uit 12 bouwers, 4 infanterie, 4 cavalerie, 4 boogschutters en een "
            "koning; niets inzetten kost 1 punt. Na het omdraaien kiezen koningen een "
            "strategietegel; de meeste bouwers scoren 3 (gelijk: ieder 1); legers gooien "
            "dobbelstenen waarvan de kleur van het terrein afhangt (groen 5, geel 4, rood 3 "
            "gemiddeld) en het hoogste totaal wint de eventtegel, behalve bij de barbaarslag waar "
            "de laagste 2 verliest. Ingezette fiches zijn weg. Na 8 rondes wint de meeste "
            "prestige. Met 2 spelers zet een fictieve derde speler elke ronde 3 willekeurige fiches in."
        ),
    },
    "war_chest": {
        "en": (
            "Two sides (or two teams of two) draw coins from their bags and use each coin for one "
            "action: deploy, bolster, move, attack, control, recruit, claim initiative, pass or a "
            "unit's tactic. Place all your control markers to win."
        ),
        "nl": (
            "Twee kanten (of twee teams van twee) trekken munten uit hun zak en gebruiken elke munt "
            "voor één actie: plaatsen, versterken, bewegen, aanvallen, bezetten, werven, "
            "startverklaring, passen of een tactiek van de eenheid. Wie al zijn controlemarkers "
            "plaatst, wint."
        ),
    },
    "burg": {
        "en": (
            "Each round everyone secretly picks a person card; they resolve in card order to gain "
            "taler and resources, erect buildings with exact payment and place helpers in the "
            "castle. Most victory points after the last round wins."
        ),
        "nl": (
            "Elke ronde kiest iedereen geheim een personenkaart; die worden in kaartvolgorde "
            "afgehandeld om taler en grondstoffen te krijgen, gebouwen met exacte betaling te "
            "bouwen en helpers in de burcht te plaatsen. Na de laatste ronde wint wie de meeste "
            "punten heeft."
        ),
    },
    "cities_knights": {
        "en": (
            "Catan with knights, city improvements, commodities, progress cards and barbarians. "
            "Defend Catan with active knights and reach 13 victory points on your own turn."
        ),
        "nl": (
            "Catan met ridders, stadsuitbreidingen, handelswaar, voortgangskaarten en barbaren. "
            "Verdedig Catan met actieve ridders en haal 13 overwinningspunten in je eigen beurt."
        ),
    },
}
