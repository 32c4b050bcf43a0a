"""Checks of the last move's marks in a scene, shared by every game's tests (games/last_mark.py)."""

from __future__ import annotations

from typing import Any

from games.scene import Scene


def marked(sc: Scene) -> set[str]:
    """The places whose items carry ``"mark": "last"``."""
    return {item["place"] for item in sc.items if item.get("mark") == "last"}


def assert_marks(sc: Scene, expected: set[str], context: Any = "") -> None:
    """Exactly the items of ``expected`` carry the mark (all of each place's items, no other item),
    each marked place has its halo (a dashed line) and marker, and the band captions the move."""
    missing = [p for p in expected if p not in sc.places()]
    assert not missing, f"{context}: expected places not on the picture: {missing}"
    assert all("place" in item for item in sc.items if "mark" in item), context
    assert marked(sc) == expected, f"{context}: marked {sorted(marked(sc))}, expected {sorted(expected)}"
    for item in sc.items:
        if item.get("place") in expected:
            assert item.get("mark") == "last", f"{context}: an item of {item['place']} is not marked"
    halos = [item for item in sc.items if item["kind"] == "line" and item.get("dash")]
    assert len(halos) == len(expected) + 1, f"{context}: a halo per place and the band's sample"
    assert sc.caption, f"{context}: no caption"
    band = sc.texts()[-1]["source"]
    assert band.endswith(sc.caption), f"{context}: the band says {band!r}, not the caption"


def scene_json_marks(scene: dict[str, Any]) -> set[str]:
    """The marked places of a scene as JSON (a web page's or a replay frame's board)."""
    return {item["place"] for item in scene["items"] if item.get("mark") == "last"}
