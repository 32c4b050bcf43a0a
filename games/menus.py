"""Legal actions -> menus of at most 25 options per step, the same for every table.

The engine labels every legal action with a path (kind, then piece, then target). A decision of
at most 25 actions is one step listing them all; a larger one is grouped: actions sharing a prefix
become one step (as soon as what is left fits one step, it is listed whole), a chain with a single
choice folds into one option, and a step with more than 25 options is split into ranges. Discord shows a step as a select menu or buttons,
the console table as a numbered list; a path of tokens names a choice in both.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from games.core import Action, Engine

MAX_OPTIONS = 25  # Discord's limit for a select menu
LEAF_SELF = "!"  # token for an action whose path is a prefix of another's


@dataclass
class _Node:
    label: str = ""
    action: Action | None = None
    children: list[_Node] = field(default_factory=list)
    index: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Option:
    label: str
    path: list[str]  # full path to press
    leaf: bool


@dataclass(frozen=True)
class Step:
    """One menu step: what was chosen so far and the options now."""

    chosen: list[str]
    options: list[Option]
    path: list[str]


@dataclass(frozen=True)
class Tally:
    """A decision whose actions differ only in how many of each kind of piece they take (chips to
    commit): it can be made as one pick of pieces, each piece a unit of its own, instead of one
    step per kind. ``key`` is the action field holding the counts; ``pieces`` says, per kind, its
    label for one piece and the most any action takes."""

    key: str
    pieces: tuple[tuple[str, str, int], ...]  # (kind, label of one piece, most of it)

    def units(self) -> list[tuple[str, str]]:
        """(value, label) of every piece, numbered within its kind: ``("builder.1", "Builder 2")``."""
        return [
            (f"{kind}.{i}", label if most == 1 else f"{label} {i + 1}")
            for kind, label, most in self.pieces
            for i in range(most)
        ]

    def action(self, actions: list[Action], chosen: list[str]) -> Action | None:
        """The action taking exactly the chosen pieces (values of ``units``), or None when none does
        (a combination the rules do not allow, or values that name no piece)."""
        known = {value for value, _ in self.units()}
        if len(set(chosen)) != len(chosen) or not set(chosen) <= known:
            return None
        counts = {kind: 0 for kind, _, _ in self.pieces}
        for value in chosen:
            counts[value.partition(".")[0]] += 1
        for action in actions:
            given = action.get(self.key) or {}
            if all(int(given.get(kind, 0)) == n for kind, n in counts.items()):
                return action
        return None

    def values(self, action: Action) -> list[str]:
        """The unit values that pick ``action``."""
        given = action.get(self.key) or {}
        return [f"{kind}.{i}" for kind, _, _ in self.pieces for i in range(int(given.get(kind, 0)))]


def tally(engine: Engine, view: dict[str, Any], actions: list[Action], lang: str) -> Tally | None:
    """The decision as a pick of pieces when the engine offers one (optional hook ``tally``)."""
    hook = getattr(engine, "tally", None)
    return hook(view, actions, lang) if hook is not None and actions else None


def _tree(engine: Engine, view: dict[str, Any], actions: list[Action], lang: str) -> _Node:
    """Actions grouped by their English path, labelled in ``lang``: the tree has the same shape in
    every language, so a path pressed on a menu drawn in one language means the same choice when
    it is answered in the presser's own."""
    root = _Node()
    for action in actions:
        node = root
        labels = engine.action_path(view, action, lang)
        keys = labels if lang == "en" else engine.action_path(view, action, "en")
        for key, label in zip(keys, labels, strict=True):
            key = key[:80]
            at = node.index.get(key)
            if at is None:
                node.index[key] = at = len(node.children)
                node.children.append(_Node(label=label[:80]))
            node = node.children[at]
        node.action = action
    return root


def _leaves(node: _Node) -> int:
    """Actions in the subtree under ``node`` (``node``'s own included)."""
    return (node.action is not None) + sum(_leaves(c) for c in node.children)


def _flat(node: _Node, label: str, tokens: list[str]) -> list[Option]:
    """Every action under ``node`` as one option each, its labels joined: one press, not a walk."""
    out: list[Option] = []
    if node.action is not None:
        out.append(Option((label or "✓")[:100], [*tokens, LEAF_SELF] if node.children else tokens, True))
    for i, child in enumerate(node.children):
        out += _flat(child, f"{label} · {child.label}" if label else child.label, [*tokens, str(i)])
    return out


def _options(node: _Node, path: list[str]) -> tuple[list[Option], list[str]]:
    """The choices under ``node``, and the labels every one of them shares (said once, above them).
    When every action below fits one menu, each is an option of its own (a small decision is one
    press); otherwise the children are grouped, and single-choice chains are collapsed into one option."""
    if _leaves(node) <= MAX_OPTIONS:
        shared: list[str] = []
        tokens = list(path)
        while node.action is None and len(node.children) == 1 and _leaves(node) > 1:
            node = node.children[0]
            shared.append(node.label)
            tokens.append("0")
        return _flat(node, "", tokens), shared
    out: list[Option] = []
    if node.action is not None and node.children:
        out.append(Option("✓", [*path, LEAF_SELF], True))
    for i, child in enumerate(node.children):
        label, tokens, cur = child.label, [*path, str(i)], child
        while cur.action is None and len(cur.children) == 1:
            cur = cur.children[0]
            label, tokens = f"{label} · {cur.label}", [*tokens, "0"]
        out.append(Option(label[:100], tokens, cur.action is not None and not cur.children))
    return out, []


class Menu:
    """The menus of one decision: the tree of labelled paths, built once, then walked for every
    path asked (a page of options, a press, a search for an action's path)."""

    def __init__(self, engine: Engine, view: dict[str, Any], actions: list[Action], lang: str) -> None:
        self.engine, self.view, self.actions, self.lang = engine, view, actions, lang
        self.root = _tree(engine, view, actions, lang)
        self._paths: list[str] | None = None

    def paths(self) -> list[str]:
        """Every action's labels joined for display, in the order of ``actions`` (/play)."""
        if self._paths is None:
            self._paths = [find_path(self.engine, self.view, self.actions, self.lang, a) for a in self.actions]
        return self._paths

    def tally(self) -> Tally | None:
        """The decision as one pick of pieces, when the game offers one."""
        return tally(self.engine, self.view, self.actions, self.lang)

    def resolve(self, path: list[str]) -> Step | Action | None:
        """Follow ``path``: an Action at a leaf, the next Step otherwise, None for a bad path."""
        node = self.root
        chosen: list[str] = []
        bucket: int | None = None
        walked: list[str] = []
        for token in path:
            if token == LEAF_SELF:
                return node.action
            if token.startswith("~"):
                if not _number(token[1:]):
                    return None
                bucket = int(token[1:])
                walked.append(token)
                continue
            if not _number(token) or int(token) >= len(node.children):
                return None
            node = node.children[int(token)]
            chosen.append(node.label)
            walked.append(token)
            bucket = None
        if node.action is not None and not node.children:
            return node.action
        options, shared = _options(node, walked)
        chosen += shared
        if len(options) <= MAX_OPTIONS:
            return Step(chosen, options, walked)
        pages = [options[i : i + MAX_OPTIONS - 1] for i in range(0, len(options), MAX_OPTIONS - 1)]
        if bucket is None:
            return Step(
                chosen,
                [
                    Option(f"{p[0].label[:40]} … {p[-1].label[:40]}", [*walked, f"~{k}"], False)
                    for k, p in enumerate(pages)
                ],
                walked,
            )
        if bucket >= len(pages):
            return None
        return Step(chosen, pages[bucket], walked)


def _number(token: str) -> bool:
    """A short run of ASCII digits ("²" and other Unicode digits are not numbers here)."""
    return 0 < len(token) <= 6 and token.isascii() and token.isdigit()


def resolve(
    engine: Engine, view: dict[str, Any], actions: list[Action], lang: str, path: list[str]
) -> Step | Action | None:
    """Follow ``path`` through the menus of ``actions`` (one path; ``Menu`` for several)."""
    return Menu(engine, view, actions, lang).resolve(path)


def find_path(engine: Engine, view: dict[str, Any], actions: list[Action], lang: str, action: Action) -> str:
    """The labels of one action joined for display (autocomplete of /play)."""
    return " › ".join(engine.action_path(view, action, lang))[:100]


def _terms(query: str) -> list[str]:
    """Search terms of a typed query; a number binds to the word after it ("2 builders")."""
    words = query.lower().split()
    terms: list[str] = []
    i = 0
    while i < len(words):
        if words[i].isdigit() and i + 1 < len(words):
            terms.append(f"{words[i]} {words[i + 1]}")
            i += 2
        else:
            terms.append(words[i])
            i += 1
    return terms


def matches(label: str, query: str) -> bool:
    """Whether every term of ``query`` starts a word of ``label`` (case-insensitive)."""
    text = label.lower()
    return all(re.search(r"(?<!\w)" + re.escape(term), text) for term in _terms(query))
