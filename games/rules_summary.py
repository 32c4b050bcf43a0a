"""Short rule summaries, for /rules and the terminal's `r`; the complete rules are the rulebooks.

Each game writes its summary in its own glossary's terms (``games/<game>/text.py``), so ``/rules``
names every concept as the game's menus, events and status do.
"""

from __future__ import annotations

from games import registry
from games.core import LANGS

SUMMARIES: dict[str, dict[str, str]] = {
    key: {lang: engine.rules_summary(lang) for lang in LANGS} for key, engine in registry.ENGINES.items()
}
