"""Walking a decision's menus to every leaf, as a person could press through them."""

from __future__ import annotations

from games.menus import MAX_OPTIONS, Menu, Step


def menu_leaves(menu: Menu, path: list[str]) -> int:
    """Actions reachable in the menus below ``path``; no step offers more than 25 options."""
    step = menu.resolve(path)
    if not isinstance(step, Step):
        assert step is not None, path
        return 1
    assert len(step.options) <= MAX_OPTIONS, (step.chosen, len(step.options))
    return sum(menu_leaves(menu, o.path) for o in step.options)
