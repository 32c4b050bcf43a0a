"""The board drawn in the terminal, read back by coordinate: every hex at its place beside its
neighbours, every unit with its owner and strength and every control marker on its own hex."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.war_chest import text
from games.war_chest.engine import ENGINE
from games.war_chest.glossary import GLOSSARY
from games.war_chest.terminal_map import MAX_WIDTH
from tests.games.playout import random_playout

NAMES = ["ann", "Bob (AI, easy)", "cas", "dirk"]
COORD = re.compile(r"(?<![\d,-])-?\d+,-?\d+(?![\d,])")
EDGES = "╱╲"


def positions() -> list[tuple[int, str, dict[str, Any]]]:
    """Public views of random games stopped early, midway and at the end, with the seats' names."""
    out = []
    for seed in range(6):
        players = 2 if seed % 2 else 4
        for steps in (30, 150, 20_000):
            play = random_playout(ENGINE, players, {"setup": "draft" if seed % 3 else "basic"}, seed, max_steps=steps)
            view = {**ENGINE.view(play.state, None), "names": NAMES[:players]}
            out.append((players, ("en", "nl")[seed // 2 % 2], view))
    return out


POSITIONS = positions()


def centres(lines: list[str]) -> dict[str, tuple[int, int]]:
    """Each coordinate printed on the grid: its row and its middle column."""
    found: dict[str, tuple[int, int]] = {}
    for row, line in enumerate(lines):
        for m in COORD.finditer(line):
            assert m.group() not in found, f"{m.group()} is printed twice"
            found[m.group()] = (row, (m.start() + m.end()) // 2)
    return found


def cell(line: str, col: int) -> str:
    """The text inside a hex on one row: between the nearest sides left and right of ``col``."""
    left = max(line.rfind(e, 0, col) for e in EDGES)
    rights = [i for i in (line.find(e, col) for e in EDGES) if i >= 0]
    return line[left + 1 : min(rights) if rights else len(line)].strip()


def legend(lines: list[str], head: str) -> dict[str, str]:
    """A legend line ("Units: Arc = Archer · ...", continued on indented lines) as a dict."""
    start = next(i for i, line in enumerate(lines) if line.startswith(head + ": "))
    body = lines[start][len(head) + 2 :]
    for line in lines[start + 1 :]:
        if not line.startswith("  "):
            break
        body += " · " + line.strip()
    return dict(item.split(" = ", 1) for item in body.split(" · "))


@pytest.mark.parametrize(("players", "lang", "view"), POSITIONS)
def test_every_hex_unit_and_marker_is_drawn_at_its_coordinate(players: int, lang: str, view: dict[str, Any]) -> None:
    lines = text.map_lines(view, lang)
    assert all(len(line) <= MAX_WIDTH for line in lines)
    grid_end = next(i for i, line in enumerate(lines) if line.startswith(("Players: ", "Spelers: ")))
    grid = lines[:grid_end]
    at = centres(grid)
    assert set(at) == set(view["hexes"]), "every hex of the board, by the name menus use, and nothing else"
    units_legend = legend(lines, "Units" if lang == "en" else "Eenheden")
    owners_legend = legend(lines, "Players" if lang == "en" else "Spelers")
    units = {u["hex"]: u for u in view["units"]}
    sides = {s["seat"]: s["faction"] for s in view["seats"]}
    for name, (row, col) in at.items():
        unit_row, mark_row = cell(grid[row + 1], col), cell(grid[row + 2], col)
        unit = units.get(name)
        if unit is None:
            assert unit_row == "" and "●" not in mark_row, name
        else:
            short, owner = unit_row.split()
            assert units_legend[short] == text.unit_name(unit["unit"], lang), (name, unit_row)
            who, side = owners_legend[owner].rsplit(", ", 1)
            assert who == NAMES[unit["owner"]] and side == text.faction_name(sides[unit["owner"]], lang)
            strength = mark_row.split("[")[0].strip()
            assert strength == "●" * unit["height"] or strength == f"●×{unit['height']}", (name, mark_row)
        markers = re.findall(r"\[(.)\]", mark_row)
        if name in view["locations"]:
            owner = view["locations"][name]
            assert markers == [text.faction_name(owner, lang)[0] if owner else " "], (name, mark_row)
        else:
            assert markers == [], (name, mark_row)
    for line in lines:
        assert GLOSSARY.violations(line, lang) == [], line


@pytest.mark.parametrize(("players", "lang", "view"), POSITIONS[:3] + POSITIONS[3:6])
def test_neighbours_touch_on_the_grid(players: int, lang: str, view: dict[str, Any]) -> None:
    """A step to the south is straight down, one to the south-east or north-east is half a hex
    down or up and one column of hexes right, the same everywhere (measured at the side left of
    each coordinate); a southern neighbour shares the edge drawn right above its coordinate."""
    lines = text.map_lines(view, lang)
    at = {
        tuple(int(c) for c in name.split(",")): (row, lines[row].rfind("╱", 0, col))
        for name, (row, col) in centres(lines).items()
    }
    south, south_east, north_east = set(), set(), set()
    for (q, r), (row, col) in at.items():
        if (q, r + 1) in at:
            below_row, below_col = at[(q, r + 1)]
            south.add((below_row - row, below_col - col))
            assert lines[below_row - 1][below_col + 1] == "_", "the shared edge between them"
        if (q + 1, r) in at:
            south_east.add((at[(q + 1, r)][0] - row, at[(q + 1, r)][1] - col))
        if (q + 1, r - 1) in at:
            north_east.add((at[(q + 1, r - 1)][0] - row, at[(q + 1, r - 1)][1] - col))
    assert len(south) == len(south_east) == len(north_east) == 1
    (down, straight), (half, right), (up, right_too) = south.pop(), south_east.pop(), north_east.pop()
    assert straight == 0 and down > 0 and half * 2 == down and up == -half and right == right_too > 0
