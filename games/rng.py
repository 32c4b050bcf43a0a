"""A small serialisable RNG and the scripted-chance funnel every engine draws through.

The generator is splitmix64: one 64-bit integer of state, so a dumped game stays small and
``load(dump(s))`` continues the same sequence. ``Chance`` adds the ``script`` option of
DESIGN.md: per kind of chance a list consumed in draw order before the RNG takes over.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_MISSING = object()


class Rng:
    """splitmix64; ``below(n)`` is unbiased by rejection."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), drawn in one frame (engines call it in their hot loops;
        it is ``next64`` with the rejection step inlined, the same draws)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        state = self.state
        while True:
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                self.state = state
                return z % n

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates in place."""
        below = self.below
        for i in range(len(items) - 1, 0, -1):
            j = below(i + 1)
            items[i], items[j] = items[j], items[i]


class Chance:
    """The game's RNG plus whatever the ``script`` option still has to say.

    ``script`` is a dict whose values are lists (consumed front first) or dicts of lists
    (e.g. War Chest's per-seat draws: ``take("draws", "0")``). The remaining script is part of
    the state, so replay and dump/load see the same outcomes.
    """

    __slots__ = ("rng", "script")

    def __init__(self, seed: int = 0, script: dict[str, Any] | None = None) -> None:
        self.rng = Rng(seed)
        self.script: dict[str, Any] = copy.deepcopy(script) if script else {}

    def _list(self, path: tuple[str, ...]) -> list[Any] | None:
        node: Any = self.script
        for key in path:
            if not isinstance(node, dict) or key not in node:
                return None
            node = node[key]
        return node if isinstance(node, list) and node else None

    def take(self, *path: str) -> Any:
        """The next scripted value for that kind, or ``Chance.NONE`` when none is left."""
        values = self._list(path)
        return values.pop(0) if values is not None else _MISSING

    def peek(self, *path: str) -> Any:
        """Like ``take`` but leaves the value in place (to validate before consuming)."""
        values = self._list(path)
        return values[0] if values is not None else _MISSING

    NONE = _MISSING

    def dump(self) -> dict[str, Any]:
        return {"rng": self.rng.state, "script": copy.deepcopy(self.script)}

    @classmethod
    def load(cls, data: dict[str, Any]) -> Chance:
        ch = cls.__new__(cls)
        ch.rng = Rng(data["rng"])
        ch.script = copy.deepcopy(data.get("script") or {})
        return ch

    def clone(self) -> Chance:
        """An independent copy, cheap for search: the generator's state, and the script (usually
        empty once the game runs) copied only when something is left of it."""
        ch = Chance.__new__(Chance)
        ch.rng = Rng(self.rng.state)
        ch.script = copy.deepcopy(self.script) if self.script else {}
        return ch
